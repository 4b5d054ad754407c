/**
 * Route feature flags (route meta `featureFlag`): a route is shown only while its flag is true.
 * None exists yet; the guard and the portal contract read this one object.
 */
export const FEATURE_FLAGS: Readonly<Record<string, boolean>> = Object.freeze({});
