import { describe, expect, it } from 'vitest';
import pkg from '../../package.json';
import { containerName, REMOTE_NAMES, REMOTE_PAGES, remoteRequest } from './remotes';
import { CONTRACT_VERSION } from './version';

describe('contract', () => {
  it('CONTRACT_VERSION is the version of @portal/shared (the federation share is pinned to its major)', () => {
    expect(CONTRACT_VERSION).toBe(pkg.version);
    expect(CONTRACT_VERSION).toMatch(/^\d+\.\d+\.\d+$/);
  });

  it('names the five remotes of the architecture', () => {
    expect(REMOTE_NAMES).toEqual(['auth', 'workspace', 'billing', 'compute', 'support']);
  });

  it('exposes every page once, across all remotes', () => {
    const all = Object.values(REMOTE_PAGES).flat();
    expect(new Set(all).size).toBe(all.length);
    expect(all).toContain('Dashboard');
    expect(REMOTE_PAGES.billing).toEqual(['Billing']);
  });

  it('builds federation names and requests', () => {
    expect(containerName('compute')).toBe('portal_compute');
    expect(remoteRequest({ remote: 'compute', page: 'Dashboard' })).toBe('portal_compute/Dashboard');
  });
});
