import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  CONTRACT_FILE,
  ContractChecker,
  EXEMPT_ANSWERS,
  EXEMPT_PATHS,
  ORIGINAL_CONTRACT_FILE,
  PROVIDER_OPERATIONS,
} from './contract.js';

const P = '/_allauth/browser/v1';

describe('the contract checker', () => {
  const checker = new ContractChecker();

  it('uses a verbatim copy of the architecture contract', () => {
    const copy = readFileSync(CONTRACT_FILE, 'utf8');
    // the hash of ../shared/contracts/allauth-headless-browser-openapi.yaml when it was copied; that
    // folder sits beside the repository and may be missing on a CI machine
    expect(createHash('sha256').update(copy).digest('hex')).toBe(
      '05968c1d981bc71656389be865fe3c8ca6ecb301cbf15195caee730273264dea',
    );
    if (existsSync(ORIGINAL_CONTRACT_FILE)) expect(copy).toBe(readFileSync(ORIGINAL_CONTRACT_FILE, 'utf8'));
  });

  it('catches what a server could get wrong', () => {
    const user = { id: 'a-uuid', display: 'x', has_usable_password: true, username: 'x' };
    expect(
      checker.check({
        method: 'GET',
        url: `${P}/auth/session`,
        status: 200,
        body: { status: 200, data: { user, methods: [] }, meta: { is_authenticated: true } },
      }),
    ).toContainEqual(expect.stringContaining('GET /auth/session 200: data/data/user/id must be integer'));
    expect(
      checker.check({
        method: 'GET',
        url: `${P}/auth/session`,
        status: 401,
        body: {
          status: 400,
          data: { flows: [{ id: 'verify_phone', is_pending: true }] },
          meta: { is_authenticated: false },
        },
      }),
    ).toContain('GET /auth/session 401: body status 400 differs from HTTP status');
    expect(
      checker.check({ method: 'POST', url: `${P}/auth/phone/verify`, status: 429, body: { status: 429 } }),
    ).toEqual(['POST /auth/phone/verify 429: status 429 is not in the contract']);
  });

  it('checks exempt answers against the generic schema of their status', () => {
    expect(EXEMPT_PATHS).toEqual(['/auth/code/request']);
    expect(EXEMPT_ANSWERS.every((answer) => answer.why.length > 0)).toBe(true);
    expect(
      checker.check({ method: 'POST', url: `${P}/auth/login`, status: 429, body: { status: 429 } }),
    ).toEqual([]);
    expect(
      checker.check({
        method: 'POST',
        url: `${P}/auth/code/request`,
        status: 400,
        body: { status: 400, errors: [{}] },
      }),
    ).toHaveLength(1);
    expect(
      checker.check({ method: 'POST', url: `${P}/auth/login`, status: 403, body: { status: 403 } }),
    ).toEqual([]);
  });

  it("checks allauth's provider operations, which the contract lacks, against its own schemas", () => {
    expect(Object.keys(PROVIDER_OPERATIONS)).toEqual([
      'POST /auth/provider/redirect',
      'GET /auth/provider/signup',
      'POST /auth/provider/signup',
    ]);
    const provider = { id: 'acme', name: 'Acme', flows: ['provider_redirect'] };
    const user = { display: 'Ada', username: 'ada@example.com', has_usable_password: false };
    const data = { user, account: { uid: 'sub-1', provider, display: 'Ada' }, email: [] };
    expect(
      checker.check({
        method: 'GET',
        url: `${P}/auth/provider/signup`,
        status: 200,
        body: { status: 200, data },
      }),
    ).toEqual([]);
    expect(
      checker.check({
        method: 'GET',
        url: `${P}/auth/provider/signup`,
        status: 200,
        body: { status: 200, data: { ...data, account: { uid: 'sub-1' } } },
      }),
    ).toHaveLength(1);
    expect(
      checker.check({
        method: 'POST',
        url: `${P}/auth/provider/redirect`,
        status: 500,
        body: { status: 500 },
      }),
    ).toEqual(["POST /auth/provider/redirect 500: status 500 is not in allauth's provider operation"]);
    expect(
      checker.check({
        method: 'POST',
        url: `${P}/auth/provider/redirect`,
        status: 403,
        body: { status: 403 },
      }),
    ).toEqual([]);
  });

  it("accepts allauth's record of a provider login, which the contract's branch mis-requires", () => {
    const user = { id: 1, display: 'Ada', username: 'ada@example.com', has_usable_password: false };
    const methods = [{ method: 'socialaccount', at: 1, provider: 'acme', uid: 'sub-1' }];
    const body = { status: 200, data: { user, methods }, meta: { is_authenticated: true } };
    expect(checker.check({ method: 'GET', url: `${P}/auth/session`, status: 200, body })).toEqual([]);
    const broken = { ...body, data: { user, methods: [{ method: 'socialaccount', at: 1 }] } };
    expect(
      checker.check({ method: 'GET', url: `${P}/auth/session`, status: 200, body: broken }),
    ).toHaveLength(1);
  });
});
