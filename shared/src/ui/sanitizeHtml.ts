import DOMPurify from 'dompurify';

const ESCAPES: Readonly<Record<string, string>> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

/**
 * HTML safe to render: DOMPurify's defaults drop scripts, event handler attributes and
 * `javascript:` URLs, and keep formatting such as `<b>` and links. Where DOMPurify cannot run
 * (no DOM), the text is escaped instead of trusted.
 */
export function sanitizeHtml(html: string | null | undefined): string {
  if (!html) return '';
  if (!DOMPurify.isSupported) return html.replace(/[&<>"']/g, (c) => ESCAPES[c]!);
  return DOMPurify.sanitize(html);
}
