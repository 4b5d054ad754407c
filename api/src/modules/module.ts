import type { Resolvers } from '../graphql/generated/resolvers.js';

/**
 * What a domain brings to the app, declared in its `<domain>/module.ts` and listed once in
 * `src/modules.ts`: its name, the modules it builds on, and its part of the GraphQL resolvers
 * (any root fields and type fields of the contract; `graphql/schema.ts` merges the parts).
 */
export interface PortalModule {
  name: string;
  dependencies: readonly string[];
  resolvers: Resolvers;
}

export function defineModule(module: PortalModule): PortalModule {
  return module;
}
