/**
 * A real OpenID Connect provider (panva's oidc-provider) for tests: the api's SSO tests drive it with
 * fetch, the e2e suite (`e2e/support/oidcProvider.ts`) with Chromium. Never part of the running api.
 *
 * Every authorization request shows a minimal HTML login page (an e-mail field and a "Sign in"
 * button, plus "Cancel", which answers `access_denied`); any listed account signs in without a
 * password, consent is granted automatically, and the provider keeps no login session between
 * authorizations, so each test sees the same pages.
 */
import { createHash, generateKeyPairSync, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import Provider, {
  type Adapter,
  type AdapterPayload,
  type Configuration,
  interactionPolicy,
  type KoaContextWithOIDC,
} from 'oidc-provider';

export interface TestOidcAccount {
  email: string;
  /** default: derived from the e-mail, so it is stable across runs */
  sub?: string;
  /** default true */
  emailVerified?: boolean;
  name?: string;
  givenName?: string;
  familyName?: string;
}

export interface TestOidcProviderOptions {
  /** 0 (default): any free port */
  port?: number;
  clientId: string;
  clientSecret: string;
  redirectUris: string[];
  accounts: TestOidcAccount[];
}

export interface TestOidcProvider {
  /** `http://127.0.0.1:{port}` */
  issuer: string;
  port: number;
  stop(): Promise<void>;
}

const escapeHtml = (value: unknown): string =>
  String(value ?? '').replace(
    /[&<>"']/g,
    (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[char]!,
  );

function loginPage(uid: string, clientId: string, email: string, error?: string): string {
  return `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><title>Sign in - Test OIDC provider</title></head>
<body>
<main>
<h1>Sign in</h1>
<p>to continue to ${escapeHtml(clientId)}</p>
${error ? `<p role="alert">${escapeHtml(error)}</p>` : ''}
<form method="post" action="/interaction/${escapeHtml(uid)}/login">
<label for="email">E-mail</label>
<input id="email" name="email" type="email" autocomplete="username" required autofocus value="${escapeHtml(email)}">
<button type="submit">Sign in</button>
</form>
<form method="post" action="/interaction/${escapeHtml(uid)}/abort">
<button type="submit">Cancel</button>
</form>
</main>
</body>
</html>`;
}

async function readForm(req: IncomingMessage): Promise<URLSearchParams> {
  let body = '';
  for await (const chunk of req) {
    body += chunk;
    if (body.length > 10_000) throw new Error('form too large');
  }
  return new URLSearchParams(body);
}

function send(res: ServerResponse, status: number, html: string): void {
  res.writeHead(status, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' });
  res.end(html);
}

/**
 * The provider's storage, per instance: a Map with expiry and the indexes oidc-provider asks for.
 * (Its built-in memory adapter would do, but warns on every start.)
 */
function memoryAdapter(): (model: string) => Adapter {
  const entries = new Map<string, { payload: AdapterPayload; expiresAt: number }>();
  const byGrant = new Map<string, Set<string>>();
  const live = (key: string | undefined) => {
    const entry = key === undefined ? undefined : entries.get(key);
    if (entry && entry.expiresAt <= Date.now()) entries.delete(key!);
    return entry && entry.expiresAt > Date.now() ? entry.payload : undefined;
  };
  const findBy = (model: string, field: 'uid' | 'userCode', value: string) => {
    for (const [key, entry] of entries) {
      if (key.startsWith(`${model}:`) && entry.payload[field] === value) return live(key);
    }
    return undefined;
  };
  return (model) => ({
    async upsert(id, payload, expiresIn) {
      const key = `${model}:${id}`;
      entries.set(key, { payload, expiresAt: expiresIn ? Date.now() + expiresIn * 1000 : Infinity });
      if (payload.grantId) {
        byGrant.set(payload.grantId, (byGrant.get(payload.grantId) ?? new Set()).add(key));
      }
    },
    find: async (id) => live(`${model}:${id}`),
    findByUid: async (uid) => findBy(model, 'uid', uid),
    findByUserCode: async (userCode) => findBy(model, 'userCode', userCode),
    async consume(id) {
      const payload = live(`${model}:${id}`);
      if (payload) payload.consumed = Math.floor(Date.now() / 1000);
    },
    async destroy(id) {
      entries.delete(`${model}:${id}`);
    },
    async revokeByGrantId(grantId) {
      for (const key of byGrant.get(grantId) ?? []) entries.delete(key);
      byGrant.delete(grantId);
    },
  });
}

export async function startOidcProvider(options: TestOidcProviderOptions): Promise<TestOidcProvider> {
  const accounts = options.accounts.map((account) => ({
    ...account,
    sub:
      account.sub ??
      `test-${createHash('sha256').update(account.email.toLowerCase()).digest('hex').slice(0, 16)}`,
  }));
  const bySub = new Map(accounts.map((account) => [account.sub, account]));
  const byEmail = new Map(accounts.map((account) => [account.email.toLowerCase(), account]));

  let provider: Provider | undefined;
  let handler: ReturnType<Provider['callback']> | undefined;

  const interaction = async (req: IncomingMessage, res: ServerResponse, uid: string, action?: string) => {
    const oidc = provider!;
    const details = await oidc.interactionDetails(req, res);
    if (details.uid !== uid) return send(res, 400, '<p>Interaction mismatch</p>');
    const clientId = String(details.params.client_id);
    if (details.prompt.name !== 'login') {
      // Consent is granted for everything asked (normally done by loadExistingGrant already).
      const grant = new oidc.Grant({ accountId: details.session!.accountId, clientId });
      grant.addOIDCScope(String(details.params.scope ?? 'openid'));
      const grantId = await grant.save();
      return oidc.interactionFinished(req, res, { consent: { grantId } }, { mergeWithLastSubmission: true });
    }
    if (req.method === 'GET' && action === undefined) {
      return send(res, 200, loginPage(uid, clientId, String(details.params.login_hint ?? '')));
    }
    if (req.method === 'POST' && action === 'abort') {
      return oidc.interactionFinished(
        req,
        res,
        { error: 'access_denied', error_description: 'End-User aborted interaction' },
        { mergeWithLastSubmission: false },
      );
    }
    if (req.method === 'POST' && action === 'login') {
      const email = (await readForm(req)).get('email')?.trim() ?? '';
      const account = byEmail.get(email.toLowerCase());
      if (!account) return send(res, 200, loginPage(uid, clientId, email, `No account for ${email}`));
      return oidc.interactionFinished(
        req,
        res,
        { login: { accountId: account.sub } },
        { mergeWithLastSubmission: false },
      );
    }
    return send(res, 405, '<p>Method not allowed</p>');
  };

  const server = createServer((req, res) => {
    const { pathname } = new URL(req.url ?? '/', 'http://localhost');
    const match = /^\/interaction\/([\w-]+)(?:\/(login|abort))?$/.exec(pathname);
    if (match) {
      interaction(req, res, match[1]!, match[2]).catch((error: unknown) => {
        if (!res.headersSent) send(res, 400, `<p>${escapeHtml((error as Error).message)}</p>`);
        else res.end();
      });
      return;
    }
    handler!(req, res);
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, '127.0.0.1', () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  const issuer = `http://127.0.0.1:${port}`;

  // Without this check the provider's session would sign the next authorization in silently.
  const policy = interactionPolicy.base();
  policy
    .get('login')!
    .checks.add(
      new interactionPolicy.Check(
        'test_login_every_time',
        'the test provider asks on every authorization',
        (ctx) =>
          ctx.oidc.result?.login
            ? interactionPolicy.Check.NO_NEED_TO_PROMPT
            : interactionPolicy.Check.REQUEST_PROMPT,
      ),
    );

  const key = generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey.export({ format: 'jwk' });
  const configuration: Configuration = {
    adapter: memoryAdapter(),
    clients: [
      {
        client_id: options.clientId,
        client_secret: options.clientSecret,
        redirect_uris: options.redirectUris,
        grant_types: ['authorization_code'],
        response_types: ['code'],
        token_endpoint_auth_method: 'client_secret_basic',
      },
    ],
    jwks: { keys: [{ ...key, kid: 'test-key', use: 'sig', alg: 'RS256' } as never] },
    cookies: { keys: [randomBytes(32).toString('hex')] },
    claims: {
      openid: ['sub'],
      email: ['email', 'email_verified'],
      profile: ['name', 'given_name', 'family_name'],
    },
    pkce: { required: () => true },
    features: { devInteractions: { enabled: false } },
    interactions: { url: (_ctx, { uid }) => `/interaction/${uid}`, policy },
    findAccount: (_ctx, sub) => {
      const account = bySub.get(sub);
      if (!account) return undefined;
      return {
        accountId: sub,
        claims: () => ({
          sub,
          email: account.email,
          email_verified: account.emailVerified ?? true,
          ...(account.name === undefined ? {} : { name: account.name }),
          ...(account.givenName === undefined ? {} : { given_name: account.givenName }),
          ...(account.familyName === undefined ? {} : { family_name: account.familyName }),
        }),
      };
    },
    // Consent is implied: every authorization gets a fresh grant of what it asks for.
    loadExistingGrant: async (ctx: KoaContextWithOIDC) => {
      const grant = new ctx.oidc.provider.Grant({
        clientId: ctx.oidc.client!.clientId,
        accountId: ctx.oidc.session!.accountId,
      });
      grant.addOIDCScope([...ctx.oidc.requestParamScopes].join(' '));
      await grant.save();
      return grant;
    },
    renderError: (ctx, out) => {
      ctx.type = 'html';
      ctx.body = `<!doctype html><title>Error</title><h1>${escapeHtml(out.error)}</h1><p>${escapeHtml(out.error_description)}</p>`;
    },
    ttl: {
      AccessToken: 600,
      AuthorizationCode: 60,
      IdToken: 600,
      Interaction: 600,
      Session: 600,
      Grant: 600,
    },
  };
  provider = new Provider(issuer, configuration);
  handler = provider.callback();

  return {
    issuer,
    port,
    stop: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
