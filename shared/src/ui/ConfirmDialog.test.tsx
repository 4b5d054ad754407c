import { fireEvent, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createI18n } from '../i18n/i18n';
import { ConfirmDialog, type ConfirmDialogProps } from './ConfirmDialog';
import { renderWithProviders } from './renderWithProviders';

function mount(props: Partial<ConfirmDialogProps> = {}) {
  const onConfirm = vi.fn();
  const onCancel = vi.fn();
  renderWithProviders(<ConfirmDialog open onConfirm={onConfirm} onCancel={onCancel} {...props} />);
  return { onConfirm, onCancel };
}

describe('ConfirmDialog', () => {
  afterEach(() => vi.restoreAllMocks());

  it("has the defaults 'Confirm?', 'Cancel' and 'Confirm'", async () => {
    const { onConfirm, onCancel } = mount();
    const dialog = screen.getByRole('alertdialog', { name: 'Confirm?' });
    expect(dialog).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(onCancel).toHaveBeenCalledTimes(1);
    await userEvent.click(screen.getByRole('button', { name: 'Confirm' }));
    expect(onConfirm).toHaveBeenCalledTimes(1);
  });

  it('takes its own title and button texts', () => {
    mount({ title: 'Delete instance?', confirmText: 'Delete', cancelText: 'Keep' });
    expect(screen.getByRole('alertdialog', { name: 'Delete instance?' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Delete' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Keep' })).toBeTruthy();
  });

  it('uses translations of the defaults', () => {
    const i18n = createI18n();
    i18n.addResourceBundle('en', 'common', { confirm: { title: 'Sicher?' } }, true, true);
    renderWithProviders(<ConfirmDialog open onConfirm={() => {}} onCancel={() => {}} />, i18n);
    expect(screen.getByRole('alertdialog', { name: 'Sicher?' })).toBeTruthy();
  });

  it('is persistent: neither Escape nor a click outside closes it', async () => {
    const { onCancel, onConfirm } = mount();
    await userEvent.keyboard('{Escape}');
    const backdrop = document.querySelector('.fui-DialogSurface__backdrop');
    expect(backdrop).toBeTruthy();
    fireEvent.click(backdrop!);
    expect(screen.getByRole('alertdialog')).toBeTruthy();
    expect(onCancel).not.toHaveBeenCalled();
    expect(onConfirm).not.toHaveBeenCalled();
  });

  it('is at most 510px wide', () => {
    mount();
    // jsdom's cascade does not order Griffel's buckets as a browser does, so read the rules
    const classes = new Set(screen.getByRole('alertdialog').classList);
    const widths = Array.from(document.styleSheets)
      .flatMap((sheet) => Array.from(sheet.cssRules))
      .filter((rule): rule is CSSStyleRule => rule instanceof CSSStyleRule)
      .filter((rule) => classes.has(rule.selectorText.replace(/^\./, '')) && rule.style.maxWidth)
      .map((rule) => rule.style.maxWidth);
    // Fluent's reset class gives 600px; ours is an atomic class, a later bucket, that wins in a browser
    expect(widths).toContain('510px');
  });

  it('can hide either button', () => {
    mount({ hideCancel: true });
    expect(screen.queryByRole('button', { name: 'Cancel' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Confirm' })).toBeTruthy();
  });

  it('can hide the confirm button', () => {
    mount({ hideConfirm: true });
    expect(screen.queryByRole('button', { name: 'Confirm' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Cancel' })).toBeTruthy();
  });

  it('can disable confirm', async () => {
    const { onConfirm } = mount({ confirmDisabled: true });
    const confirm = screen.getByRole('button', { name: 'Confirm' }) as HTMLButtonElement;
    expect(confirm.disabled).toBe(true);
    await userEvent.click(confirm);
    expect(onConfirm).not.toHaveBeenCalled();
  });

  it('shows a loading confirm that cannot be pressed again, and cancel is off meanwhile', async () => {
    const { onConfirm } = mount({ loading: true });
    const confirm = screen.getByRole('button', { name: /Confirm/ });
    expect(confirm.getAttribute('aria-disabled')).toBe('true');
    expect(screen.getByRole('progressbar', { name: 'Working…' })).toBeTruthy();
    await userEvent.click(confirm);
    expect(onConfirm).not.toHaveBeenCalled();
    expect((screen.getByRole('button', { name: 'Cancel' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('renders its text as HTML: <b> survives', () => {
    mount({ text: 'Delete <b>web-01</b> for good?' });
    const bold = screen.getByText('web-01');
    expect(bold.tagName).toBe('B');
    expect(bold.parentElement?.textContent).toBe('Delete web-01 for good?');
  });

  it('sanitises the HTML: an <img onerror> loses its handler and no script runs', async () => {
    const alert = vi.fn();
    vi.stubGlobal('alert', alert);
    mount({
      text: '<img src=x onerror=alert(1)><script>alert(2)</script><a href="javascript:alert(3)">x</a>',
    });
    const img = screen.getByRole('alertdialog').querySelector('img');
    expect(img).toBeTruthy();
    expect(img?.getAttribute('onerror')).toBeNull();
    expect(screen.getByRole('alertdialog').querySelector('script')).toBeNull();
    expect(screen.getByText('x').getAttribute('href')).toBeNull();
    // even if the browser reports the broken image, nothing is attached to it
    img?.dispatchEvent(new Event('error'));
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(alert).not.toHaveBeenCalled();
    vi.unstubAllGlobals();
  });

  it('renders nothing while closed', () => {
    mount({ open: false });
    expect(screen.queryByRole('alertdialog')).toBeNull();
  });
});
