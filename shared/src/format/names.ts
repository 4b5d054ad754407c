function words(name: string | null | undefined): string[] {
  return (name ?? '').trim().split(/\s+/u).filter(Boolean);
}

/** First character by code point, so an emoji or a surrogate pair is never cut in half. */
function firstChar(word: string): string {
  return Array.from(word)[0] ?? '';
}

/** Spec section 9: initials come from the first and the last word of a name ('Ada King Lovelace' → 'AL'). */
export function initials(name: string | null | undefined): string {
  const list = words(name);
  if (list.length === 0) return '';
  const first = firstChar(list[0]!);
  const last = list.length > 1 ? firstChar(list[list.length - 1]!) : '';
  return `${first}${last}`.toLocaleUpperCase();
}

/** Spec section 3: a workspace's logo is the first 2 characters of its name (as written, trimmed). */
export function workspaceLogo(workspaceName: string | null | undefined): string {
  return Array.from((workspaceName ?? '').trim())
    .slice(0, 2)
    .join('');
}
