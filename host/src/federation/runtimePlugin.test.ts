import { afterEach, describe, expect, it } from 'vitest';
import portalRuntimePlugin, { fetchOwnShares } from './runtimePlugin';

const snapshot = {
  publicPath: 'http://a.example/',
  shared: [
    { sharedName: 'react', assets: { js: { sync: ['static/js/react.js'], async: [] } } },
    { sharedName: '@fluentui/react-card', assets: { js: { sync: ['static/js/card.js'], async: [] } } },
    {
      sharedName: '@fluentui/react-tabs',
      assets: { js: { sync: ['static/js/tabs.js', 'static/js/tabs2.js'], async: [] } },
    },
  ],
};

function readManifest(remote: string) {
  const hook = portalRuntimePlugin().loadRemoteSnapshot as (args: unknown) => unknown;
  return hook({
    moduleInfo: { name: remote },
    remoteSnapshot: snapshot,
    options: { shared: { react: [{ version: '19.0.0' }] } },
    from: 'manifest',
  });
}

const preloaded = () =>
  [...document.head.querySelectorAll<HTMLLinkElement>('link[rel="preload"][as="script"]')].map((l) => l.href);

describe('the host runtime plugin', () => {
  afterEach(() => {
    for (const link of document.head.querySelectorAll('link')) link.remove();
  });

  it("preloads the remote's own shared packages (not the host's) once its manifest is read, once", () => {
    fetchOwnShares('portal_auth');
    readManifest('portal_other');
    expect(preloaded()).toEqual([]);
    readManifest('portal_auth');
    expect(preloaded()).toEqual([
      'http://a.example/static/js/card.js',
      'http://a.example/static/js/tabs.js',
      'http://a.example/static/js/tabs2.js',
    ]);
    expect(document.head.querySelector('link')?.crossOrigin).toBeNull();
    readManifest('portal_auth'); // a later read (a Retry) preloads nothing more
    expect(preloaded()).toHaveLength(3);
  });

  it('preloads nothing for a remote nobody asked about', () => {
    readManifest('portal_auth');
    expect(preloaded()).toEqual([]);
  });
});
