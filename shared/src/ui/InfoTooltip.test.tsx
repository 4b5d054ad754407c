import { act, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { INFO_TOOLTIP_MAX_WIDTH, INFO_TOOLTIP_SHOW_DELAY_MS, InfoTooltip } from './InfoTooltip';
import { renderWithProviders } from './renderWithProviders';

describe('InfoTooltip', () => {
  afterEach(() => vi.useRealTimers());

  it('is an information icon button with an accessible name', () => {
    renderWithProviders(<InfoTooltip content="Billed monthly" />);
    const button = screen.getByRole('button', { name: 'More information' });
    expect(button.querySelector('svg')).toBeTruthy();
  });

  it('takes its own label', () => {
    renderWithProviders(<InfoTooltip content="x" label="About the balance" />);
    expect(screen.getByRole('button', { name: 'About the balance' })).toBeTruthy();
  });

  it('opens after 200 ms, not before', () => {
    vi.useFakeTimers();
    renderWithProviders(<InfoTooltip content="Billed monthly" />);
    const button = screen.getByRole('button', { name: 'More information' });
    fireEvent.pointerEnter(button);
    act(() => vi.advanceTimersByTime(INFO_TOOLTIP_SHOW_DELAY_MS - 1));
    expect(screen.queryByRole('tooltip')).toBeNull();
    act(() => vi.advanceTimersByTime(1));
    const tooltip = screen.getByRole('tooltip');
    expect(tooltip.textContent).toBe('Billed monthly');
    // the tooltip describes the button
    expect(button.getAttribute('aria-describedby')).toBe(tooltip.id);
    expect(INFO_TOOLTIP_SHOW_DELAY_MS).toBe(200);
  });

  it('is at most 30% of the window wide', () => {
    vi.useFakeTimers();
    renderWithProviders(<InfoTooltip content="A long explanation" />);
    fireEvent.pointerEnter(screen.getByRole('button'));
    act(() => vi.advanceTimersByTime(INFO_TOOLTIP_SHOW_DELAY_MS));
    const classes = new Set(screen.getByRole('tooltip').classList);
    const widths = Array.from(document.styleSheets)
      .flatMap((sheet) => Array.from(sheet.cssRules))
      .filter((rule): rule is CSSStyleRule => rule instanceof CSSStyleRule)
      .filter((rule) => classes.has(rule.selectorText.replace(/^\./, '')) && rule.style.maxWidth)
      .map((rule) => rule.style.maxWidth);
    expect(INFO_TOOLTIP_MAX_WIDTH).toBe('30vw');
    expect(widths).toContain('30vw');
  });
});
