import { readFileSync } from 'node:fs';
import { Ajv, type ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';
import { parse } from 'yaml';
import { REPO_ROOT } from '../config.js';
import { IDENTITY_PREFIX } from '../identity/plugin.js';

/**
 * The identity contract: the OpenAPI document a django-allauth 65 server serves (browser client).
 * Vendored verbatim from the architecture folder's `contracts/`, which is not part of this repository;
 * `contract.test.ts` checks the copy against the original where that folder is present.
 */
export const CONTRACT_FILE = `${REPO_ROOT}api/contracts/allauth-headless-browser-openapi.yaml`;
export const ORIGINAL_CONTRACT_FILE = `${REPO_ROOT}../shared/contracts/allauth-headless-browser-openapi.yaml`;

type Json = Record<string, unknown>;

/**
 * Paths we serve that the contract does not describe; their answers are still checked against the
 * contract's schema for their status (see FALLBACK).
 */
export const EXEMPT_PATHS = ['/auth/code/request'] as const;

/**
 * Answers the contract does not list for their operation, each with why. They are checked against the
 * contract's generic schema for their status instead.
 */
export const EXEMPT_ANSWERS: readonly {
  method: string;
  path: string;
  status: number;
  why: string;
  /** Checked against this instead of the status's generic schema. */
  schema?: string;
}[] = [
  ...[
    '/auth/login',
    '/auth/signup',
    '/auth/reauthenticate',
    '/auth/password/request',
    '/account/password/change',
  ].map((path) => ({
    method: 'POST',
    path,
    status: 429,
    why: "allauth's rate limit answer (`RateLimitResponse`)",
  })),
  { method: 'GET', path: '/auth/password/reset', status: 429, why: 'rate limit reset_password_from_key' },
  { method: 'POST', path: '/auth/password/reset', status: 429, why: 'rate limit reset_password_from_key' },
  {
    method: 'POST',
    path: '/auth/reauthenticate',
    status: 401,
    why: 'anonymous caller: AuthenticatedAPIView',
  },
  {
    method: 'POST',
    path: '/auth/2fa/reauthenticate',
    status: 401,
    why: 'anonymous caller: AuthenticatedAPIView',
  },
  { method: 'GET', path: '/auth/sessions', status: 401, why: 'anonymous caller: AuthenticatedAPIView' },
  { method: 'GET', path: '/account/authenticators/totp', status: 401, why: 'anonymous caller' },
  { method: 'POST', path: '/auth/phone/verify/resend', status: 400, why: 'malformed JSON' },
  {
    method: 'POST',
    path: '/account/password/change',
    status: 200,
    why: 'the contract lists no success answer; allauth returns the authentication response',
    schema: '#/components/schemas/AuthenticatedResponse',
  },
  {
    method: 'POST',
    path: '/account/authenticators/recovery-codes',
    status: 200,
    why: 'the contract lists no success answer; allauth returns the new codes like GET',
    schema: '#/components/responses/RecoveryCodes/content/application~1json/schema',
  },
  { method: 'DELETE', path: '/auth/sessions', status: 400, why: 'missing `sessions`: an input error' },
];

/** Any unsafe call may meet the CSRF check (Django's CsrfViewMiddleware, before allauth). */
const CSRF_STATUS = 403;

const FALLBACK: Record<number, string> = {
  400: '#/components/schemas/ErrorResponse',
  401: '#/components/responses/AuthenticationOrReauthentication/content/application~1json/schema',
  403: '#/components/schemas/ForbiddenResponse',
  404: '#/components/responses/NotFound/content/application~1json/schema',
  409: '#/components/schemas/ConflictResponse',
  429: '#/components/responses/TooManyRequests/content/application~1json/schema',
};

/** OpenAPI 3.0's `nullable` becomes JSON Schema's `anyOf … null`, which ajv validates. */
function convertNullable(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(convertNullable);
  if (node === null || typeof node !== 'object') return node;
  const out: Json = {};
  for (const [key, value] of Object.entries(node)) out[key] = convertNullable(value);
  if (out.nullable === true) {
    delete out.nullable;
    return { anyOf: [out, { type: 'null' }] };
  }
  return out;
}

const escapePointer = (segment: string) => segment.replaceAll('~', '~0').replaceAll('/', '~1');

export interface SeenResponse {
  method: string;
  url: string;
  status: number;
  body: unknown;
}

export class ContractChecker {
  private readonly doc: Json;
  private readonly ajv: Ajv;
  private readonly compiled = new Map<string, ValidateFunction>();

  constructor() {
    this.doc = convertNullable(parse(readFileSync(CONTRACT_FILE, 'utf8'))) as Json;
    // The contract's `AuthenticationMethod` is a oneOf whose branches overlap: allauth's own
    // reauthentication record `{method: "password", at, reauthenticated: true}` matches both the
    // "login" and the "reauthenticated" branch, so no server could pass it. Checked as anyOf.
    const schemas = (this.doc.components as Json).schemas as Record<string, Json>;
    const method = schemas.AuthenticationMethod!;
    method.anyOf = method.oneOf;
    delete method.oneOf;
    this.ajv = new Ajv({ strict: false, validateSchema: false, allErrors: true });
    addFormats.default(this.ajv);
    this.ajv.addSchema(this.doc, 'contract');
  }

  private validator(pointer: string): ValidateFunction {
    let validate = this.compiled.get(pointer);
    if (!validate) {
      validate = this.ajv.compile({ $ref: `contract${pointer}` });
      this.compiled.set(pointer, validate);
    }
    return validate;
  }

  /** The JSON pointer of the response schema for an answer, or why there is none. */
  schemaFor(method: string, path: string, status: number): { pointer: string } | { problem: string } {
    const paths = this.doc.paths as Record<string, Record<string, Json>>;
    const fullPath = `${IDENTITY_PREFIX}${path}`;
    const operation = paths[fullPath]?.[method.toLowerCase()];
    const fallback = FALLBACK[status];
    const answer = EXEMPT_ANSWERS.find((a) => a.method === method && a.path === path && a.status === status);
    if (answer?.schema) return { pointer: answer.schema };
    const exempt =
      answer !== undefined ||
      (EXEMPT_PATHS as readonly string[]).includes(path) ||
      (status === CSRF_STATUS && method !== 'GET');
    const responses = (operation?.responses ?? {}) as Record<string, Json>;
    const response = responses[String(status)];
    if (response) {
      let pointer = `#/paths/${escapePointer(fullPath)}/${method.toLowerCase()}/responses/${status}`;
      let resolved = response;
      if (typeof response.$ref === 'string') {
        pointer = response.$ref;
        const name = response.$ref.split('/').at(-1)!;
        resolved = ((this.doc.components as Json).responses as Record<string, Json>)[name]!;
      }
      if (!(resolved.content as Json | undefined)?.['application/json'])
        return { problem: 'the contract has no body' };
      return { pointer: `${pointer}/content/application~1json/schema` };
    }
    if (exempt && fallback) return { pointer: fallback };
    return {
      problem: operation ? `status ${status} is not in the contract` : 'path/method not in the contract',
    };
  }

  /** Problems with one answer; empty when it matches the contract. */
  check(seen: SeenResponse): string[] {
    const path = seen.url.split('?')[0]!.slice(IDENTITY_PREFIX.length);
    const where = `${seen.method} ${path} ${seen.status}`;
    const target = this.schemaFor(seen.method, path, seen.status);
    if ('problem' in target) return [`${where}: ${target.problem}`];
    const problems: string[] = [];
    const validate = this.validator(target.pointer);
    if (!validate(seen.body)) problems.push(`${where}: ${this.ajv.errorsText(validate.errors)}`);
    const status = (seen.body as { status?: unknown } | null)?.status;
    if (status !== seen.status)
      problems.push(`${where}: body status ${String(status)} differs from HTTP status`);
    return problems;
  }
}
