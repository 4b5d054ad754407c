/** Name of the app this bundle was built as (set by the build). */
declare const __PORTAL_APP__: string;
