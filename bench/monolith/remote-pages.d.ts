// The page map bench/monolith/config.mjs generates into bench/.tmp (aliased at build time).
declare module '@portal/bench-monolith-pages' {
  export const remotePages: Record<string, () => Promise<unknown>>;
}
