import { MESSAGES } from '../identity/messages.js';
import { meetsPasswordPolicy } from '../identity/passwords.js';

/** The refusals of createInstance, renameInstance and instanceAction: shown to the user as they are. */
export const COMPUTE_MESSAGES = {
  invalidName:
    'The name must be a host name: 1 to 63 letters, digits or hyphens, not starting or ending with a hyphen.',
  duplicateName: (name: string) => `An instance named ${name} already exists in this workspace.`,
  unknownImage: 'Unknown image: choose one of the images offered.',
  unknownLocation: 'Unknown location: choose one of the locations offered.',
  unknownPlan: 'Unknown plan: choose one of the plans offered.',
  planNotInCurrency: (currency: string) => `This plan cannot be billed in ${currency}: choose another plan.`,
  /** Spec section 5, as the portal's password fields. */
  password: MESSAGES.password_policy,
} as const;

/** A host name label (RFC 1123): 1-63 letters, digits and hyphens, no hyphen at either end. */
const HOST_NAME = /^[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?$/;

export function isHostName(name: string): boolean {
  return HOST_NAME.test(name);
}

export function isRootPasswordAccepted(password: string): boolean {
  return meetsPasswordPolicy(password);
}
