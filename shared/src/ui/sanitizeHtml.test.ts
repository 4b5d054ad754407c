import { describe, expect, it } from 'vitest';
import { sanitizeHtml } from './sanitizeHtml';

describe('sanitizeHtml', () => {
  it('keeps formatting', () => {
    expect(sanitizeHtml('Delete <b>web-01</b>?<br><i>no undo</i>')).toBe(
      'Delete <b>web-01</b>?<br><i>no undo</i>',
    );
  });
  it('drops event handlers, scripts and javascript: links', () => {
    expect(sanitizeHtml('<img src=x onerror=alert(1)>')).toBe('<img src="x">');
    expect(sanitizeHtml('a<script>alert(1)</script>b')).toBe('ab');
    expect(sanitizeHtml('<a href="javascript:alert(1)">x</a>')).toBe('<a>x</a>');
    expect(sanitizeHtml('<svg><g onload="alert(1)"></g></svg>')).not.toContain('onload');
  });
  it('gives nothing for nothing', () => {
    expect(sanitizeHtml('')).toBe('');
    expect(sanitizeHtml(null)).toBe('');
    expect(sanitizeHtml(undefined)).toBe('');
  });
});
