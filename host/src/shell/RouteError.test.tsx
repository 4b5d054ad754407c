import { FluentProvider } from '@fluentui/react-components';
import { mainLightTheme } from '@portal/shared';
import { render, screen, waitFor } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { i18n } from '../portal/i18n';
import { RouteError } from './RouteError';

vi.mock('../errors/reportError', () => ({ reportError: vi.fn() }));

describe('RouteError', () => {
  it('a failing route shows the message, a way home and the Cookie Policy button, never a blank page', async () => {
    const router = createMemoryRouter([
      {
        path: '/',
        loader: () => {
          throw new Error('guard bug');
        },
        errorElement: <RouteError />,
        element: <p>never</p>,
      },
    ]);
    render(
      <I18nextProvider i18n={i18n}>
        <FluentProvider theme={mainLightTheme}>
          <RouterProvider router={router} />
        </FluentProvider>
      </I18nextProvider>,
    );
    expect((await screen.findByRole('alert')).textContent).toContain('Something went wrong');
    expect(screen.getByRole('link', { name: 'Go to Home' }).getAttribute('href')).toBe('/');
    expect(screen.getByRole('button', { name: 'Cookie Policy' })).toBeTruthy();
    const { reportError } = await import('../errors/reportError');
    // reported from an effect, possibly a moment after the first paint
    await waitFor(() => expect(reportError).toHaveBeenCalledWith(expect.any(Error), { phase: 'routing' }));
  });
});
