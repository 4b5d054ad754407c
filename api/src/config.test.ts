import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig, REPO_ROOT } from './config.js';
import { DEFAULT_REMOTE_MAP } from './remotes/remote-map.js';

function problemsOf(env: Record<string, string>): readonly string[] {
  try {
    loadConfig(env);
  } catch (error) {
    if (error instanceof ConfigError) return error.problems;
    throw error;
  }
  throw new Error('expected a ConfigError');
}

describe('loadConfig', () => {
  it('has defaults for a bare environment', () => {
    const config = loadConfig({});
    expect(config).toEqual({
      port: 8080,
      host: '127.0.0.1',
      nodeEnv: 'development',
      logLevel: 'info',
      database: { kind: 'pglite', dataDir: join(REPO_ROOT, '.data/pglite') },
      hostDist: join(REPO_ROOT, 'host/dist'),
      remotes: { kind: 'default', map: DEFAULT_REMOTE_MAP },
      seed: undefined,
      trustProxy: 0,
      http: {
        requestTimeoutMs: 120_000,
        headersTimeoutMs: 15_000,
        keepAliveTimeoutMs: 10_000,
        maxConnections: 10_000,
        shutdownGraceMs: 5_000,
        shutdownDrainMs: 1_000,
      },
      identity: {
        publicUrl: 'http://localhost:8080',
        secureCookies: false,
        reauthTimeoutS: 300,
        sessionMaxAgeS: 43_200,
        rateLimitScale: 1,
        devTools: false,
        smtpUrl: undefined,
        mailFrom: 'Portal <no-reply@localhost>',
        smsWebhookUrl: undefined,
        smsWebhookToken: undefined,
        recaptcha: {
          siteKey: null,
          secret: undefined,
          minScore: 0.5,
          verifyUrl: 'https://www.google.com/recaptcha/api/siteverify',
        },
        oidcProviders: [],
      },
      graphql: {
        secretKey: expect.any(Uint8Array),
        wsaTokenTtlS: 60,
        graphiql: true,
        ws: { publicOrigin: 'http://localhost:8080', allowLoopbackOrigins: true, production: false },
      },
      support: { storageDir: join(REPO_ROOT, '.data/support-attachments'), autoAcknowledge: false },
      sentryDsn: null,
      browser: {
        analyticsScriptUrl: null,
        documentationUrl: 'https://docs.example.com',
        privacyPolicyUrl: '/legal/privacy-policy',
        smsTermsUrl: '/legal/sms-terms',
        companyDomains: ['example.com', 'example.net'],
      },
      compute: {
        simSpeed: 1,
        failureRate: 0,
        chargeTickS: 10,
        driver: 'simulator',
        qemu: {
          dir: join(REPO_ROOT, '.data/qemu'),
          imageDir: join(REPO_ROOT, '.data/qemu/image'),
          maxVms: 3,
          memoryCapMb: 512,
          accel: 'auto',
          stopOnClose: false,
        },
      },
      jobs: { pollS: 2, engine: 'auto' },
      // the embedded payments sandbox, its deliveries signed with a secret of this process
      payments: {
        stripe: null,
        paypal: null,
        paypalClientId: null,
        sandboxWebhookSecret: expect.stringMatching(/^whsec_sandbox_/),
        sandboxInProduction: false,
      },
    });
  });

  it('reads the compute simulator settings and refuses bad ones', () => {
    expect(
      loadConfig({
        PORTAL_COMPUTE_SIM_SPEED: '4',
        PORTAL_COMPUTE_FAILURE_RATE: '0.25',
        PORTAL_COMPUTE_CHARGE_TICK_S: '30',
      }).compute,
    ).toMatchObject({ simSpeed: 4, failureRate: 0.25, chargeTickS: 30, driver: 'simulator' });
    expect(
      loadConfig({
        PORTAL_COMPUTE_DRIVER: 'qemu',
        PORTAL_QEMU_DIR: '/srv/vms',
        PORTAL_QEMU_MAX_VMS: '2',
        PORTAL_QEMU_MAX_MEMORY_MB: '256',
        PORTAL_QEMU_ACCEL: 'tcg',
        PORTAL_QEMU_STOP_ON_EXIT: '1',
      }).compute,
    ).toMatchObject({
      driver: 'qemu',
      qemu: {
        dir: '/srv/vms',
        imageDir: '/srv/vms/image',
        maxVms: 2,
        memoryCapMb: 256,
        accel: 'tcg',
        stopOnClose: true,
      },
    });
    expect(
      problemsOf({
        PORTAL_COMPUTE_SIM_SPEED: '0',
        PORTAL_COMPUTE_FAILURE_RATE: '2',
        PORTAL_COMPUTE_CHARGE_TICK_S: 'often',
        PORTAL_COMPUTE_DRIVER: 'libvirt',
        PORTAL_QEMU_MAX_VMS: '0',
        PORTAL_QEMU_ACCEL: 'hvf',
      }),
    ).toEqual([
      'PORTAL_COMPUTE_SIM_SPEED: "0" is not a number from 0 (exclusive) to 1000',
      'PORTAL_COMPUTE_FAILURE_RATE: "2" is not a number from 0 to 1',
      'PORTAL_COMPUTE_CHARGE_TICK_S: "often" is not a number from 1 to 3600',
      'PORTAL_COMPUTE_DRIVER: "libvirt" is not one of simulator, qemu',
      'PORTAL_QEMU_MAX_VMS: "0" is not a number from 1 to 64',
      'PORTAL_QEMU_ACCEL: "hvf" is not one of auto, tcg, kvm',
    ]);
  });

  it('reads the shutdown drain and grace (a process behind a balancer) and refuses bad ones', () => {
    expect(loadConfig({ PORTAL_SHUTDOWN_DRAIN_S: '3', PORTAL_SHUTDOWN_GRACE_S: '10' }).http).toMatchObject({
      shutdownDrainMs: 3_000,
      shutdownGraceMs: 10_000,
    });
    expect(problemsOf({ PORTAL_SHUTDOWN_DRAIN_S: 'soon', PORTAL_SHUTDOWN_GRACE_S: '-1' })).toEqual([
      'PORTAL_SHUTDOWN_GRACE_S: "-1" is not a number from 0 to 300',
      'PORTAL_SHUTDOWN_DRAIN_S: "soon" is not a number from 0 to 300',
    ]);
  });

  it('reads the browser settings of a deployment, and `none` switches a link or the domains off', () => {
    expect(
      loadConfig({
        ANALYTICS_SCRIPT_URL: 'https://analytics.example.org/a.js',
        PORTAL_DOCS_URL: 'https://help.provider.example',
        PORTAL_PRIVACY_POLICY_URL: 'https://provider.example/privacy',
        PORTAL_SMS_TERMS_URL: '/terms/sms?lang=en#top',
        PORTAL_COMPANY_DOMAINS: ' Provider.example , provider-cloud.example., provider.example,',
      }).browser,
    ).toEqual({
      analyticsScriptUrl: 'https://analytics.example.org/a.js',
      documentationUrl: 'https://help.provider.example',
      privacyPolicyUrl: 'https://provider.example/privacy',
      smsTermsUrl: '/terms/sms?lang=en#top',
      companyDomains: ['provider.example', 'provider-cloud.example'],
    });
    expect(
      loadConfig({
        PORTAL_DOCS_URL: 'none',
        PORTAL_PRIVACY_POLICY_URL: 'none',
        PORTAL_SMS_TERMS_URL: 'none',
        PORTAL_COMPANY_DOMAINS: 'none',
      }).browser,
    ).toEqual({
      analyticsScriptUrl: null,
      documentationUrl: null,
      privacyPolicyUrl: null,
      smsTermsUrl: null,
      companyDomains: [],
    });
    // empty counts as unset: the defaults
    expect(loadConfig({ PORTAL_DOCS_URL: '', PORTAL_COMPANY_DOMAINS: ' ' }).browser).toMatchObject({
      documentationUrl: 'https://docs.example.com',
      companyDomains: ['example.com', 'example.net'],
    });
  });

  it('refuses browser settings that are not web URLs, same-origin paths or host names', () => {
    expect(
      problemsOf({
        ANALYTICS_SCRIPT_URL: '/analytics.js',
        PORTAL_DOCS_URL: 'javascript:alert(1)',
        PORTAL_PRIVACY_POLICY_URL: '//evil.example/privacy',
        PORTAL_SMS_TERMS_URL: 'legal/sms',
        PORTAL_COMPANY_DOMAINS: 'provider.example,https://www.provider.example/,*.provider.example',
      }),
    ).toEqual([
      'ANALYTICS_SCRIPT_URL: expected a http:// or https:// URL',
      'PORTAL_DOCS_URL: "javascript:alert(1)" is not an http:// or https:// URL, nor a path starting with a single /, nor none',
      'PORTAL_PRIVACY_POLICY_URL: "//evil.example/privacy" is not an http:// or https:// URL, nor a path starting with a single /, nor none',
      'PORTAL_SMS_TERMS_URL: "legal/sms" is not an http:// or https:// URL, nor a path starting with a single /, nor none',
      'PORTAL_COMPANY_DOMAINS: "https://www.provider.example/" is not a host name (example.com)',
      'PORTAL_COMPANY_DOMAINS: "*.provider.example" is not a host name (example.com)',
    ]);
    expect(
      problemsOf({ ANALYTICS_SCRIPT_URL: 'https://a.example/a b.js', PORTAL_DOCS_URL: '/\\evil.example' }),
    ).toEqual([
      'ANALYTICS_SCRIPT_URL: contains whitespace or control characters',
      'PORTAL_DOCS_URL: "/\\\\evil.example" is not an http:// or https:// URL, nor a path starting with a single /, nor none',
    ]);
  });

  it('signs WSA tokens with PORTAL_SECRET_KEY, required in production with a shared PostgreSQL', () => {
    const key = 'x'.repeat(40);
    expect(loadConfig({ PORTAL_SECRET_KEY: key }).graphql.secretKey).toEqual(new TextEncoder().encode(key));
    // Without it: one random key per process, the same for every config this process loads.
    expect(loadConfig({}).graphql.secretKey).toBe(loadConfig({}).graphql.secretKey);
    expect(loadConfig({ NODE_ENV: 'production', PAYMENTS_SANDBOX_IN_PRODUCTION: '1' }).graphql).toMatchObject(
      {
        graphiql: false,
        ws: { allowLoopbackOrigins: false, production: true },
      },
    );
    // The websocket admits pages of the public origin: scheme, host and port, nothing else.
    expect(loadConfig({ PORTAL_PUBLIC_URL: 'https://portal.example.com/app/' }).graphql.ws).toMatchObject({
      publicOrigin: 'https://portal.example.com',
    });
    expect(
      problemsOf({
        NODE_ENV: 'production',
        PAYMENTS_SANDBOX_IN_PRODUCTION: '1',
        DATABASE_URL: 'postgres://db/portal',
      }),
    ).toEqual([
      'PORTAL_SECRET_KEY: required when NODE_ENV=production with DATABASE_URL (at least 32 random characters)',
    ]);
    expect(
      problemsOf({ PORTAL_SECRET_KEY: 'short', PORTAL_WSA_TOKEN_TTL_S: '0', SENTRY_DSN: 'nope' }),
    ).toEqual([
      'PORTAL_SECRET_KEY: too short (at least 32 characters)',
      'PORTAL_WSA_TOKEN_TTL_S: "0" is not a number of seconds from 1 to 3600',
      'SENTRY_DSN: expected a http:// or https:// URL',
    ]);
    expect(
      loadConfig({ PORTAL_WSA_TOKEN_TTL_S: '5', SENTRY_DSN: 'https://k@o1.ingest.sentry.io/2' }),
    ).toMatchObject({
      graphql: { wsaTokenTtlS: 5 },
      sentryDsn: 'https://k@o1.ingest.sentry.io/2',
    });
  });

  it('reads the OpenID Connect providers and lists their problems with the others', () => {
    const acme = {
      id: 'acme',
      name: 'Acme SSO',
      issuer: 'https://login.acme.example',
      clientId: 'portal',
      clientSecret: 'hunter2-secret',
    };
    expect(loadConfig({ PORTAL_OIDC_PROVIDERS: JSON.stringify([acme]) }).identity.oidcProviders).toEqual([
      { ...acme, scopes: ['openid', 'email', 'profile'] },
    ]);
    const problems = problemsOf({
      PORT: 'x',
      PORTAL_OIDC_PROVIDERS: JSON.stringify([{ ...acme, issuer: 'http://login.acme.example' }, acme]),
    });
    expect(problems).toEqual([
      'PORT: "x" is not a port number (0-65535)',
      'PORTAL_OIDC_PROVIDERS[0].issuer: "http://login.acme.example" must use https (http only on localhost or 127.0.0.1)',
      'PORTAL_OIDC_PROVIDERS[1].id: "acme" is used by another provider',
    ]);
    const broken = problemsOf({ PORTAL_OIDC_PROVIDERS: '[{"clientSecret":hunter2-secret}]' });
    expect(broken).toEqual(['PORTAL_OIDC_PROVIDERS: not valid JSON']);
    expect([...problems, ...broken].join()).not.toContain('hunter2');
  });

  it('reads the identity service variables', () => {
    const config = loadConfig({
      PORTAL_PUBLIC_URL: 'https://portal.example.com/',
      PORTAL_REAUTH_TIMEOUT_S: '5',
      PORTAL_DEV_TOOLS: '1',
      SMTP_URL: 'smtps://user:pass@mail.example.com:465',
      MAIL_FROM: 'Portal <portal@example.com>',
      SMS_WEBHOOK_URL: 'https://sms.example.com/send',
      RECAPTCHA_SITE_KEY: 'site',
      RECAPTCHA_SECRET: 'secret',
      RECAPTCHA_MIN_SCORE: '0.7',
      TRUST_PROXY: '1',
    });
    expect(config.trustProxy).toBe(1);
    expect(config.identity).toMatchObject({
      publicUrl: 'https://portal.example.com',
      secureCookies: true,
      reauthTimeoutS: 5,
      devTools: true,
      smtpUrl: 'smtps://user:pass@mail.example.com:465',
      mailFrom: 'Portal <portal@example.com>',
      smsWebhookUrl: 'https://sms.example.com/send',
      recaptcha: { siteKey: 'site', secret: 'secret', minScore: 0.7 },
    });
  });

  it('refuses dev tools in production, and bad identity values, without echoing secrets', () => {
    const problems = problemsOf({
      NODE_ENV: 'production',
      PAYMENTS_SANDBOX_IN_PRODUCTION: '1',
      PORTAL_DEV_TOOLS: '1',
      PORTAL_PUBLIC_URL: 'portal.example.com',
      PORTAL_REAUTH_TIMEOUT_S: '0',
      SMTP_URL: 'http://user:hunter2@mail',
      RECAPTCHA_MIN_SCORE: '2',
    });
    expect(problems).toEqual([
      'PORTAL_PUBLIC_URL: expected a http:// or https:// URL',
      'PORTAL_REAUTH_TIMEOUT_S: "0" is not a positive number of seconds',
      'PORTAL_DEV_TOOLS: dev tools (the outbox reader) are refused when NODE_ENV=production',
      'RECAPTCHA_MIN_SCORE: "2" is not a number from 0 to 1',
      'SMTP_URL: expected a smtp:// or smtps:// URL',
    ]);
    expect(problems.join()).not.toContain('hunter2');
  });

  it('finds the repo root from the package', () => {
    expect(join(REPO_ROOT, 'api/src/config.ts')).toBe(new URL(import.meta.url.replace('.test', '')).pathname);
  });

  it('reads every variable', () => {
    const config = loadConfig({
      PORT: '9090',
      HOST: '0.0.0.0',
      NODE_ENV: 'production',
      PAYMENTS_SANDBOX_IN_PRODUCTION: '1',
      LOG_LEVEL: 'warn',
      PGLITE_DIR: 'memory://',
      PORTAL_HOST_DIST: '/srv/host',
      PORTAL_REMOTES: '{"auth":"https://cdn.example.com/auth/1.2.0/mf-manifest.json"}',
      PORTAL_SEED: 'demo',
    });
    expect(config).toMatchObject({
      port: 9090,
      host: '0.0.0.0',
      nodeEnv: 'production',
      logLevel: 'warn',
      database: { kind: 'pglite', dataDir: 'memory://' },
      hostDist: '/srv/host',
      remotes: { kind: 'env', map: { auth: 'https://cdn.example.com/auth/1.2.0/mf-manifest.json' } },
      seed: 'demo',
    });
  });

  it('uses PostgreSQL when DATABASE_URL is set, whatever PGLITE_DIR says', () => {
    const url = 'postgres://portal:secret@db.internal:5432/portal';
    expect(loadConfig({ DATABASE_URL: url, PGLITE_DIR: '/tmp/x' }).database).toEqual({
      kind: 'postgres',
      url,
    });
  });

  it('starts an in-memory PGlite from the dump PGLITE_TEMPLATE names, and says what is wrong with one', () => {
    const file = join(mkdtempSync(join(tmpdir(), 'portal-config-')), 'template.tar');
    writeFileSync(file, 'dump');
    const { database } = loadConfig({ PGLITE_DIR: 'memory://', PGLITE_TEMPLATE: file });
    expect(database).toMatchObject({ kind: 'pglite', dataDir: 'memory://' });
    expect(database.kind === 'pglite' && database.loadDataDir?.size).toBe(4);
    expect(problemsOf({ PGLITE_DIR: '/tmp/x', PGLITE_TEMPLATE: file })).toEqual([
      'PGLITE_TEMPLATE: only with PGLITE_DIR=memory://',
    ]);
    expect(problemsOf({ PGLITE_DIR: 'memory://', PGLITE_TEMPLATE: `${file}.gone` })).toEqual([
      expect.stringMatching(/^PGLITE_TEMPLATE: cannot read .*template\.tar\.gone \(ENOENT/),
    ]);
  });

  it('resolves relative paths against the current directory', () => {
    const config = loadConfig({ PGLITE_DIR: 'data/db', PORTAL_REMOTES_FILE: 'remotes.json' });
    expect(config.database).toEqual({ kind: 'pglite', dataDir: join(process.cwd(), 'data/db') });
    expect(config.remotes).toEqual({ kind: 'file', path: join(process.cwd(), 'remotes.json') });
  });

  it('prefers PORTAL_REMOTES_FILE over PORTAL_REMOTES', () => {
    const config = loadConfig({ PORTAL_REMOTES_FILE: '/etc/portal/remotes.json', PORTAL_REMOTES: '{}' });
    expect(config.remotes).toEqual({ kind: 'file', path: '/etc/portal/remotes.json' });
  });

  it('treats empty values as unset', () => {
    expect(loadConfig({ PORT: '', PORTAL_SEED: ' ' })).toMatchObject({ port: 8080, seed: undefined });
  });

  it('reports every problem at once', () => {
    expect(
      problemsOf({
        PORT: '80a',
        NODE_ENV: 'prod',
        LOG_LEVEL: 'loud',
        PORTAL_SEED: 'yes',
        PORTAL_REMOTES: 'not json',
      }),
    ).toEqual([
      'PORT: "80a" is not a port number (0-65535)',
      'NODE_ENV: "prod" is not one of development, production, test',
      'LOG_LEVEL: "loud" is not one of fatal, error, warn, info, debug, trace, silent',
      expect.stringMatching(/^PORTAL_REMOTES: invalid JSON: /),
      'PORTAL_SEED: "yes" is not supported (use "demo" or leave it unset)',
    ]);
  });

  it('rejects out-of-range ports', () => {
    expect(problemsOf({ PORT: '65536' })).toEqual(['PORT: "65536" is not a port number (0-65535)']);
  });

  it('rejects a DATABASE_URL that is not PostgreSQL, without echoing it', () => {
    const problems = problemsOf({ DATABASE_URL: 'mysql://root:hunter2@localhost/portal' });
    expect(problems).toEqual(['DATABASE_URL: expected a postgres:// or postgresql:// connection URL']);
    expect(problems.join()).not.toContain('hunter2');
  });

  it.each([
    ['an array', '["http://localhost:8081/mf-manifest.json"]', /expected a JSON object/],
    ['an empty object', '{}', /expected at least one of auth, workspace/],
    ['an unknown remote', '{"biling":"http://localhost:8083/mf-manifest.json"}', /unknown remote "biling"/],
    ['a non-string URL', '{"auth":8081}', /remote "auth": the URL must be a string/],
    ['a relative URL', '{"auth":"/auth/mf-manifest.json"}', /remote "auth": .* is not an absolute URL/],
    ['a non-http URL', '{"auth":"ftp://cdn.example.com/mf-manifest.json"}', /must use http or https/],
    ['a javascript: URL', '{"auth":"javascript:alert(1)"}', /must use http or https/],
  ])('rejects PORTAL_REMOTES holding %s', (_what, json, message) => {
    const problems = problemsOf({ PORTAL_REMOTES: json });
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatch(/^PORTAL_REMOTES: /);
    expect(problems[0]).toMatch(message);
  });

  it('names every problem in the error message', () => {
    expect(() => loadConfig({ PORT: 'x', PORTAL_SEED: 'all' })).toThrow(
      /Invalid configuration:\n {2}- PORT: .*\n {2}- PORTAL_SEED: /,
    );
  });
});

describe('the payment sandbox in production', () => {
  it('refuses to start without a real payment provider, naming what to set', () => {
    expect(problemsOf({ NODE_ENV: 'production' })).toEqual([
      'STRIPE_SECRET_KEY, STRIPE_PUBLISHABLE_KEY, STRIPE_WEBHOOK_SECRET, PAYPAL_CLIENT_ID, PAYPAL_CLIENT_SECRET: required when NODE_ENV=production (else the embedded payment sandbox takes payments); set PAYMENTS_SANDBOX_IN_PRODUCTION=1 to run the sandbox anyway',
    ]);
  });

  it('runs the sandbox in production only when told to, and says so', () => {
    const config = loadConfig({ NODE_ENV: 'production', PAYMENTS_SANDBOX_IN_PRODUCTION: '1' });
    expect(config.payments).toMatchObject({ stripe: null, paypal: null, sandboxInProduction: true });
    expect(loadConfig({}).payments.sandboxInProduction).toBe(false);
  });
});
