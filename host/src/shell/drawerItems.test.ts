import { describe, expect, it } from 'vitest';
import { ROUTES } from '../routes/routeTable';
import { type DrawerState, drawerItems, drawerKeyOfRoute } from './drawerItems';

const DOCS = 'https://help.provider.test';
const keys = (state: Partial<DrawerState>, routes = ROUTES) =>
  drawerItems(
    { signedIn: true, workspace: null, featureFlags: {}, documentationUrl: DOCS, ...state },
    routes,
  ).map((i) => i.key);

const cab = { contractUid: 'c-1', kind: 'CAB', services: [] };
const std = { contractUid: 's-1', kind: 'STD', services: [] };
const withServices = <T extends object>(w: T) => ({ ...w, services: [{ uid: 'svc' }] });

describe('drawerItems', () => {
  it('no workspace: Home and the items that need none', () => {
    expect(keys({})).toEqual(['home', 'support', 'products', 'solutions', 'howTo', 'profile']);
  });

  it('a cabinet workspace: Dashboard instead of Home, Billing, Settings; no Status without services', () => {
    expect(keys({ workspace: cab })).toEqual([
      'dashboard',
      'billing',
      'support',
      'products',
      'solutions',
      'howTo',
      'profile',
      'settings',
    ]);
  });

  it('a role without BILLING_VIEW (Technical): no Billing item; with it, Billing', () => {
    const technical = { ...cab, capabilities: ['WORKSPACE_VIEW', 'COMPUTE_VIEW', 'COMPUTE_MANAGE'] };
    expect(keys({ workspace: technical })).not.toContain('billing');
    expect(keys({ workspace: { ...cab, capabilities: ['WORKSPACE_VIEW', 'BILLING_VIEW'] } })).toContain(
      'billing',
    );
  });

  it('a legacy workspace without services: no Dashboard (Home instead), Billing and Settings', () => {
    expect(keys({ workspace: std })).toEqual([
      'home',
      'billing',
      'support',
      'products',
      'solutions',
      'howTo',
      'profile',
      'settings',
    ]);
  });

  it('services-enabled (either kind): Dashboard and Status', () => {
    for (const workspace of [withServices(std), withServices(cab)]) {
      expect(keys({ workspace }).slice(0, 4)).toEqual(['dashboard', 'billing', 'status', 'support']);
    }
  });

  it('links workspace items to the current workspace', () => {
    const items = drawerItems({
      signedIn: true,
      workspace: withServices(cab),
      featureFlags: {},
      documentationUrl: DOCS,
    });
    expect(Object.fromEntries(items.map((i) => [i.key, i.to]))).toMatchObject({
      dashboard: '/workspace/c-1/dashboard',
      billing: '/workspace/c-1/billing',
      status: '/workspace/c-1/status',
      settings: '/workspace/c-1/settings',
      howTo: DOCS,
    });
    expect(items.find((i) => i.key === 'howTo')?.external).toBe(true);
  });

  it('a visitor (an open page such as NewInstance) sees only what needs no sign-in', () => {
    expect(keys({ signedIn: false })).toEqual(['howTo']);
  });

  it('How To links the configured help site, also a path of the portal, and is hidden without one', () => {
    const howTo = (documentationUrl: string | null) =>
      drawerItems({ signedIn: true, workspace: null, featureFlags: {}, documentationUrl }).find(
        (i) => i.key === 'howTo',
      );
    expect(howTo('/help')).toMatchObject({ to: '/help', external: true });
    expect(howTo(null)).toBeUndefined();
    expect(keys({ documentationUrl: null })).toEqual(['home', 'support', 'products', 'solutions', 'profile']);
    expect(keys({ signedIn: false, documentationUrl: null })).toEqual([]);
  });

  it('hides an item whose route’s feature flag is off or unknown, shows it when on', () => {
    const flagged = ROUTES.map((r) =>
      r.name === 'Billing' ? { ...r, meta: { ...r.meta, featureFlag: 'billing' } } : r,
    );
    expect(keys({ workspace: cab }, flagged)).not.toContain('billing');
    expect(keys({ workspace: cab, featureFlags: { billing: false } }, flagged)).not.toContain('billing');
    expect(keys({ workspace: cab, featureFlags: { billing: true } }, flagged)).toContain('billing');
  });
});

describe('drawerKeyOfRoute', () => {
  it('selects the section of pages inside it', () => {
    expect(drawerKeyOfRoute('InstanceDetails')).toBe('dashboard');
    expect(drawerKeyOfRoute('AccountSettings')).toBe('profile');
    expect(drawerKeyOfRoute('WorkspaceSettings')).toBe('settings');
    expect(drawerKeyOfRoute('Login')).toBeUndefined();
  });
});
