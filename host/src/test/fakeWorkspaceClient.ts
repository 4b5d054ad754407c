import type { PortalWorkspaceFragment } from '@portal/shared';
import { type Client, CombinedError, type Operation, type OperationResult } from '@urql/core';
import { vi } from 'vitest';
import { fromValue, never } from 'wonka';

/** A workspace as allWorkspaces answers it, small (shared with shared's own tests). */
export { workspace } from '@portal/shared/testing';

export type FakeClient = Client & {
  executeQuery: ReturnType<typeof vi.fn>;
  subscription: ReturnType<typeof vi.fn>;
};

/**
 * An urql client faked at the boundary: `allWorkspaces` answers `list()` (one workspace when asked
 * for its contractUid); 'unavailable' answers a network error (the list cannot be loaded).
 */
export function fakeWorkspaceClient(list: (() => PortalWorkspaceFragment[]) | 'unavailable'): FakeClient {
  const executeQuery = vi.fn((operation: Operation) => {
    if (list === 'unavailable') {
      return fromValue<OperationResult>({
        operation,
        error: new CombinedError({ networkError: new Error('no api in this test') }),
        stale: false,
        hasNext: false,
      });
    }
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
  return { executeQuery, subscription } as unknown as FakeClient;
}
