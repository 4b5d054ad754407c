/**
 * The help site of the drawer's How To item (spec section 9: "the documentation base URL points to
 * a help site"; its address is not shown). A placeholder until the provider names its own; it opens
 * in a new tab, so leaving the portal never loses a half-filled form.
 */
export const DOCUMENTATION_URL = 'https://docs.example.com';
