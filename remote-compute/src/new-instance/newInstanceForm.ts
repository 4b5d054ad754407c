import { newPasswordField, requiredText } from '@portal/shared';
import type { CombinedError } from '@urql/core';
import { FORM_ERROR, type SubmissionErrors, type ValidationErrors } from 'final-form';
import { z } from 'zod';

export interface NewInstanceValues {
  imageUid?: string;
  locationUid?: string;
  planUid?: string;
  name?: string;
  rootPassword?: string;
  /** The user's SSH keys to deploy with; with one, the root password may stay empty. */
  sshKeyUids?: string[];
}

export const NEW_INSTANCE_FIELDS = [
  'imageUid',
  'locationUid',
  'planUid',
  'name',
  'rootPassword',
  'sshKeyUids',
] as const;
type FieldName = (typeof NEW_INSTANCE_FIELDS)[number];

/** A host name label (RFC 1123): letters, digits, inner hyphens, 1 to 63 characters. */
export const HOST_NAME = /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/i;

/**
 * The form's rules. A visitor configures without the root password (it is never stored while they
 * sign in); a signed-in customer needs it, by the portal's password rule (spec section 5).
 */
export function newInstanceSchema({
  nameInvalid,
  withPassword,
}: {
  nameInvalid: string;
  withPassword: boolean;
}) {
  return z.object({
    imageUid: requiredText(),
    locationUid: requiredText(),
    planUid: requiredText(),
    name: requiredText().check(z.regex(HOST_NAME, nameInvalid)),
    ...(withPassword
      ? {
          sshKeyUids: z.array(z.string()).optional(),
          // required by the portal's rule, unless an SSH key is chosen (then optional, still checked)
          rootPassword: z.string().optional(),
        }
      : {}),
  });
}

/**
 * A root password by the portal's rule (spec section 5), unless an SSH key is chosen: then it may
 * stay empty (and is still checked when given). New instance and Rebuild. Outside the zod object,
 * whose refinements would wait until every other field is valid.
 */
export function credentialsProblem(values: object): string | undefined {
  const { rootPassword, sshKeyUids } = values as { rootPassword?: string; sshKeyUids?: string[] };
  if ((sshKeyUids?.length ?? 0) > 0 && !rootPassword) return undefined;
  const checked = newPasswordField().safeParse(rootPassword);
  return checked.success ? undefined : checked.error.issues[0]?.message;
}

/** `validate` with the credentials rule on `rootPassword`. */
export function withCredentials(validate: (values: object) => ValidationErrors) {
  return (values: object): ValidationErrors => {
    const errors = validate(values);
    const problem = credentialsProblem(values ?? {});
    return problem ? { ...(errors ?? {}), rootPassword: problem } : errors;
  };
}

// which field a refusal of createInstance belongs to, when the api says it by `extensions.field`
// (preferred) or only by its code (`NAME_TAKEN`, `UNKNOWN_PLAN`, `WEAK_PASSWORD`, …)
const CODE_FIELDS: ReadonlyArray<readonly [RegExp, FieldName]> = [
  [/PASSWORD|CREDENTIALS/, 'rootPassword'],
  [/SSH_KEY/, 'sshKeyUids'],
  [/NAME/, 'name'],
  [/IMAGE/, 'imageUid'],
  [/LOCATION/, 'locationUid'],
  [/PLAN/, 'planUid'],
];

/**
 * The api's refusal as final-form submission errors: on its field where it names one, else the form's;
 * `translated` gives the user's language for the codes it knows (else the api's English stands).
 */
export function createInstanceErrors(
  error: CombinedError,
  translated: (code: string) => string | undefined = () => undefined,
): SubmissionErrors {
  const result: Record<string, string> = {};
  if (error.graphQLErrors.length === 0) return { [FORM_ERROR]: error.networkError?.message ?? error.message };
  for (const graphQLError of error.graphQLErrors) {
    const extensions = (graphQLError.extensions ?? {}) as { field?: unknown; code?: unknown };
    const named = typeof extensions.field === 'string' ? extensions.field : undefined;
    const code = typeof extensions.code === 'string' ? extensions.code : '';
    const field =
      named && (NEW_INSTANCE_FIELDS as readonly string[]).includes(named)
        ? named
        : CODE_FIELDS.find(([pattern]) => pattern.test(code))?.[1];
    const key = field ?? FORM_ERROR;
    result[key] ??= translated(code) ?? graphQLError.message;
  }
  return result;
}
