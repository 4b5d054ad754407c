/**
 * Semver of the host–remote contract; equals the version of `@portal/shared` in its package.json
 * (a unit test holds them together). Module Federation shares `@portal/shared` as a singleton that
 * requires `^MAJOR`, so a remote built against another major fails to load and falls back.
 */
export const CONTRACT_VERSION = '1.1.0';
