import DOMPurify from 'dompurify';

/** Anchors open in a new tab without a way back to the portal (`noopener noreferrer`). */
function safeLinks(node: Element) {
  if (node.tagName === 'A' && node.hasAttribute('href')) {
    node.setAttribute('target', '_blank');
    node.setAttribute('rel', 'noopener noreferrer');
  }
}

/**
 * A support answer's HTML, safe to render in the portal: DOMPurify drops scripts, event handlers and
 * `javascript:` URLs; on top, no images, background images or media (they would load from anywhere: files come as
 * attachments), no forms or styles, and every link opens in a new tab with `rel="noopener noreferrer"`.
 */
export function sanitizeSupportHtml(html: string): string {
  DOMPurify.addHook('afterSanitizeAttributes', safeLinks);
  try {
    return DOMPurify.sanitize(html, {
      FORBID_TAGS: [
        'img',
        'picture',
        'video',
        'audio',
        'svg',
        'math',
        'style',
        'form',
        'input',
        'button',
        'iframe',
      ],
      // `background` (tables, cells) loads an image like `img` does: the CSP blocks it, this too
      FORBID_ATTR: ['style', 'srcset', 'background'],
      ALLOWED_URI_REGEXP: /^(?:https?:|mailto:|tel:)/i,
    });
  } finally {
    DOMPurify.removeHook('afterSanitizeAttributes', safeLinks);
  }
}
