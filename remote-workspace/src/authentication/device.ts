import Bowser from 'bowser';

/** A session's device from its user agent: browser and operating system ("Chrome 131 on macOS"). */
export function deviceOf(userAgent: string | null | undefined): { browser: string; os: string } | null {
  if (!userAgent) return null;
  const parsed = Bowser.parse(userAgent);
  const name = parsed.browser.name;
  if (!name) return null;
  const major = parsed.browser.version?.split('.')[0];
  const os = [parsed.os.name, parsed.os.versionName ?? ''].filter(Boolean).join(' ');
  return { browser: major ? `${name} ${major}` : name, os: os || parsed.platform.type || '' };
}
