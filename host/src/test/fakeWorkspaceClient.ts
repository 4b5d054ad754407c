import type { PortalMe, PortalWorkspaceFragment } from '@portal/shared';
import { type Client, CombinedError, type Operation, type OperationResult } from '@urql/core';
import { vi } from 'vitest';
import { fromValue, never } from 'wonka';

/** A workspace as allWorkspaces answers it, small (shared with shared's own tests). */
export { workspace } from '@portal/shared/testing';

export type FakeClient = Client & {
  executeQuery: ReturnType<typeof vi.fn>;
  subscription: ReturnType<typeof vi.fn>;
  mutation: ReturnType<typeof vi.fn>;
};

/** The signed-in user as `me` answers it: defaults, no feature profiles. */
export function meFixture(
  overrides: { user?: Partial<PortalMe['user']>; env?: Partial<PortalMe['env']> } = {},
): PortalMe {
  return {
    reason: null,
    user: {
      email: 'demo@example.com',
      phone: '',
      firstName: 'Dana',
      lastName: 'Demo',
      timezone: 'UTC',
      dateFormat: 'YYYY-MM-DD',
      timeFormat: '24h',
      language: null,
      totp2faEnabled: false,
      hasUsablePassword: true,
      isBusiness: false,
      ...overrides.user,
    },
    env: { profiles: [], currentExternalIp: '127.0.0.1', unreadDirectMessages: 0, ...overrides.env },
  };
}

/**
 * An urql client faked at the boundary: `allWorkspaces` answers `list()` (one workspace when asked
 * for its contractUid), `me` answers `me()`; 'unavailable' answers a network error to both.
 */
export function fakeWorkspaceClient(
  list: (() => PortalWorkspaceFragment[]) | 'unavailable',
  me: () => PortalMe = () => meFixture(),
): FakeClient {
  const executeQuery = vi.fn((operation: Operation) => {
    if (list === 'unavailable') {
      return fromValue<OperationResult>({
        operation,
        error: new CombinedError({ networkError: new Error('no api in this test') }),
        stale: false,
        hasNext: false,
      });
    }
    const name = operation.query.definitions.find((d) => d.kind === 'OperationDefinition')?.name?.value;
    if (name === 'Me')
      return fromValue<OperationResult>({ operation, data: { me: me() }, stale: false, hasNext: false });
    const uid = operation.variables?.contractUid as string | undefined;
    const all = list();
    return fromValue<OperationResult>({
      operation,
      data: { allWorkspaces: uid ? all.filter((w) => w.contractUid === uid) : all },
      stale: false,
      hasNext: false,
    });
  });
  // subscriptions (the live updates) stay open and silent
  const subscription = vi.fn(() => never);
  // setLanguage saves and answers the user with the language
  const mutation = vi.fn((_query: unknown, variables: { language?: string }) => ({
    toPromise: async () => ({
      data: { setLanguage: { user: { email: me().user.email, language: variables.language ?? null } } },
    }),
  }));
  return { executeQuery, subscription, mutation } as unknown as FakeClient;
}
