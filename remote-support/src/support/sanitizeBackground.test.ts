import { describe, expect, it } from 'vitest';
import { sanitizeSupportHtml } from './sanitize';

describe('sanitizeSupportHtml: images by attribute', () => {
  it('drops the background of a table and its cells, keeping the table', () => {
    const html = sanitizeSupportHtml(
      '<table background="https://tracker.example/t.gif"><tr><td background="https://tracker.example/c.gif">cell</td></tr></table>',
    );
    expect(html).not.toMatch(/background|tracker/);
    expect(html).toContain('<td>cell</td>');
  });
});
