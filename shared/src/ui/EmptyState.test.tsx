import { Button } from '@fluentui/react-components';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { EmptyState } from './EmptyState';
import { renderWithProviders } from './renderWithProviders';

describe('EmptyState', () => {
  it('shows a titled region with its text, media and action', async () => {
    const onDeploy = vi.fn();
    renderWithProviders(
      <EmptyState
        media={<svg data-testid="illustration" />}
        title="No instance deployed"
        text="Deploy your first instance to get started."
        action={<Button onClick={onDeploy}>Deploy instance</Button>}
      />,
    );
    const region = screen.getByRole('region', { name: 'No instance deployed' });
    expect(screen.getByRole('heading', { level: 2, name: 'No instance deployed' })).toBeTruthy();
    expect(region.textContent).toContain('Deploy your first instance to get started.');
    // the media is decorative
    expect(screen.getByTestId('illustration').parentElement?.getAttribute('aria-hidden')).toBe('true');
    await userEvent.click(screen.getByRole('button', { name: 'Deploy instance' }));
    expect(onDeploy).toHaveBeenCalledTimes(1);
  });

  it('needs only a title, at the heading level asked', () => {
    renderWithProviders(<EmptyState title="Welcome" headingLevel={1} />);
    expect(screen.getByRole('heading', { level: 1, name: 'Welcome' })).toBeTruthy();
    expect(screen.queryByRole('button')).toBeNull();
    expect(screen.getByRole('region', { name: 'Welcome' }).querySelector('p')).toBeNull();
  });
});
