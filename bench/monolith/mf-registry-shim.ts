// Stand-in for `@module-federation/enhanced/runtime` as the host's remote registry imports it in the
// monolith baseline (see config.mjs): there are no remotes to register. Apart from
// mf-runtime-shim.ts because the registry is in main.js: the page map there would make every page
// chunk a child of main.js instead of the bootstrap, and split the one bundle differently. So a page
// load main.js starts (a sign-in page) waits until the bootstrap has brought the page map, and then
// loads the page's chunk as the bootstrap would.
type LoadRemote = (request: string) => Promise<unknown>;

let provide: (load: LoadRemote) => void = () => {};
const pageLoader = new Promise<LoadRemote>((resolve) => {
  provide = resolve;
});

/** Called by mf-runtime-shim.ts once the bootstrap has evaluated it. */
export function providePageLoader(load: LoadRemote): void {
  provide(load);
}

export function registerRemotes(_remotes: unknown, _options?: unknown): void {}

export async function loadRemote<T>(request: string): Promise<T | null> {
  return (await (
    await pageLoader
  )(request)) as T;
}
