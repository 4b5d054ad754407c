import { FluentProvider } from '@fluentui/react-components';
import { act, render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createI18n } from '../i18n/i18n';
import { mainLightTheme } from '../theme/themes';
import { usePortalToasts } from './usePortalToasts';

let api: ReturnType<typeof usePortalToasts>;
function Probe() {
  api = usePortalToasts();
  return api.toaster;
}

function mount() {
  render(
    <I18nextProvider i18n={createI18n()}>
      <FluentProvider theme={mainLightTheme}>
        <Probe />
      </FluentProvider>
    </I18nextProvider>,
  );
}

describe('usePortalToasts', () => {
  afterEach(() => vi.unstubAllGlobals());

  it("copy tells 'Copied to clipboard' when the clipboard took the text", async () => {
    const writeText = vi.fn(async () => {});
    vi.stubGlobal('navigator', { clipboard: { writeText } });
    mount();
    let ok = false;
    await act(async () => {
      ok = await api.copy('ssh-ed25519 AAAA');
    });
    expect(ok).toBe(true);
    expect(writeText).toHaveBeenCalledWith('ssh-ed25519 AAAA');
    expect(await screen.findByText('Copied to clipboard')).toBeTruthy();
  });

  it("copy tells 'Failed to copy' when the clipboard refuses", async () => {
    vi.stubGlobal('navigator', {
      clipboard: { writeText: vi.fn(async () => Promise.reject(new Error('denied'))) },
    });
    mount();
    let ok = true;
    await act(async () => {
      ok = await api.copy('x');
    });
    expect(ok).toBe(false);
    expect(await screen.findByText('Failed to copy')).toBeTruthy();
  });

  it('notify shows the message', async () => {
    mount();
    act(() => api.notify({ type: 'error', message: 'Something broke' }));
    expect(await screen.findByText('Something broke')).toBeTruthy();
  });
});
