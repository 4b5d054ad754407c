// A set-up file of every React package's unit tests, run before each test file. Most files share
// their worker's jsdom (project `shared-env`, `isolate: false`, see vitest.mjs), so what one file
// left behind is put back here before the next: its own modules are evaluated anew (module state
// such as the page's language), and storage, cookies, <html> attributes, the URL, what Fluent's
// portals left in <body>, fake timers, stubbed globals and spies are reset. Not <head>: Griffel
// keeps its <style> elements there.
import { vi } from 'vitest';

vi.useRealTimers();
vi.unstubAllGlobals();
vi.unstubAllEnvs();
vi.restoreAllMocks();
vi.resetModules();

globalThis.__portalTestStartUrl ??= window.location.href;
window.history.replaceState(null, '', globalThis.__portalTestStartUrl);
localStorage.clear();
sessionStorage.clear();
for (const cookie of document.cookie.split(';')) {
  const name = cookie.split('=')[0]?.trim();
  // biome-ignore lint/suspicious/noDocumentCookie: jsdom has no Cookie Store API
  if (name) document.cookie = `${name}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/`;
}
const html = document.documentElement;
for (const { name } of [...html.attributes]) html.removeAttribute(name);
document.body.replaceChildren();
for (const { name } of [...document.body.attributes]) document.body.removeAttribute(name);
