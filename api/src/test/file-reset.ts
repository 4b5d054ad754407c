// Run before each test file. The files share their worker's module graph (`isolate: false` in
// vitest.config.ts: importing the api once per worker instead of once per file took the suite from
// ~300 to ~190 s), so what a file may leave behind in Vitest is put back before the next one. Each
// file opens a database of its own; the api's module-level caches hold what is the same for every
// database (password hashing's dummy hash, time zones, CIDRs, guest images) except OIDC discovery
// documents, which belong to the providers a file starts: forgotten here.
import { vi } from 'vitest';
import { clearDiscoveryCache } from '../sso/oidcClient.js';

vi.useRealTimers();
vi.unstubAllEnvs();
vi.unstubAllGlobals();
vi.restoreAllMocks();
clearDiscoveryCache();
