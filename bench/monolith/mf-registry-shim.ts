// Stand-in for `@module-federation/enhanced/runtime` as the host's remote registry imports it in the
// monolith baseline (see config.mjs): there are no remotes to register or preload. Apart from
// mf-runtime-shim.ts because the registry is in main.js: the page map there would make every page
// chunk a child of main.js instead of the bootstrap, and split the one bundle differently.
export function registerRemotes(_remotes: unknown, _options?: unknown): void {}

export async function preloadRemote(_options: unknown): Promise<void> {}
