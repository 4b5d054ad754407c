/** The Console route of an instance (spec section 2: `/console/{instanceUid}`, full screen). */
export const consolePath = (instanceUid: string) => `/console/${encodeURIComponent(instanceUid)}`;
