import { describe, expect, it } from 'vitest';
import { buildSchema, resolvers } from '../modules.js';
import type { QueryResolvers } from './generated/resolvers.js';

describe('the resolvers and the contract (shared/graphql/*.graphql)', () => {
  it('implement every root field of the contract', () => {
    const schema = buildSchema();
    for (const [type, map] of [
      [schema.getQueryType(), resolvers.Query],
      [schema.getMutationType(), resolvers.Mutation],
      [schema.getSubscriptionType(), resolvers.Subscription],
    ] as const) {
      expect(Object.keys(map ?? {}).sort()).toEqual(Object.keys(type!.getFields()).sort());
    }
  });

  it('are typed by the generated types, so typecheck and build fail on a mismatch', () => {
    // Each of these fails `pnpm run typecheck` if the generated types let it through.
    const mismatches: QueryResolvers[] = [
      // @ts-expect-error a field the contract does not have
      { notInTheContract: async () => 1 },
      // @ts-expect-error a result of the wrong type: allWorkspaces answers a list of workspaces
      { allWorkspaces: async () => 'nope' },
      // @ts-expect-error a workspace missing fields of the contract
      { allWorkspaces: async () => [{ contractUid: 'c' }] },
    ];
    // @ts-expect-error every root field needs a resolver (schema.ts types the maps this way)
    const incomplete: Required<QueryResolvers> = { me: async () => null };
    expect(mismatches).toHaveLength(3);
    expect(incomplete).toBeDefined();
  });
});
