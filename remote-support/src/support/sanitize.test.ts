import { describe, expect, it } from 'vitest';
import { sanitizeSupportHtml } from './sanitize';

describe('sanitizeSupportHtml', () => {
  it('keeps formatting and links, opening them safely', () => {
    const html = sanitizeSupportHtml('<p>See <b>the</b> <a href="https://docs.example.com/x">guide</a></p>');
    const root = document.createElement('div');
    root.innerHTML = html;
    expect(root.querySelector('b')?.textContent).toBe('the');
    const link = root.querySelector('a')!;
    expect(link.getAttribute('href')).toBe('https://docs.example.com/x');
    expect(link.getAttribute('target')).toBe('_blank');
    expect(link.getAttribute('rel')).toBe('noopener noreferrer');
  });

  it('drops scripts, handlers, images and javascript: links', () => {
    const html = sanitizeSupportHtml(
      '<img src=x onerror=alert(1)><a href="javascript:alert(2)">x</a><script>alert(3)</script><p onclick="alert(4)">t</p><a href=" JavaScript:alert(5)">y</a>',
    );
    expect(html).not.toMatch(/img|onerror|javascript|script|onclick/i);
    expect(html).toContain('<p>t</p>');
  });
});
