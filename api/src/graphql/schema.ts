import { readdirSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import type { GraphQLSchema } from 'graphql';
import { createSchema } from 'graphql-yoga';
import { REPO_ROOT } from '../config.js';
import type { GraphQLContext } from './context.js';
import type { Resolvers } from './generated/resolvers.js';
import { DateScalar, DateTime, Decimal } from './scalars.js';

/**
 * The contract, read at start-up: the api never carries a copy of its own. `schema.graphql` holds
 * the roots and the shared types; each domain has a file of its own that extends them.
 */
export const SCHEMA_DIR = resolve(REPO_ROOT, 'shared/graphql');

export function readContract(): string {
  return (
    readdirSync(SCHEMA_DIR)
      .filter((file) => file.endsWith('.graphql'))
      // the roots first, then the domains that extend them
      .sort((a, b) => Number(b === 'schema.graphql') - Number(a === 'schema.graphql') || a.localeCompare(b))
      .map((file) => readFileSync(resolve(SCHEMA_DIR, file), 'utf8'))
      .join('\n')
  );
}

/** The modules' resolver parts as one map: each type's fields from every part that has some. */
export function mergeResolvers(parts: readonly Resolvers[]): Resolvers {
  const merged: Record<string, Record<string, unknown>> = {};
  for (const part of parts) {
    for (const [type, fields] of Object.entries(part)) {
      for (const [field, resolver] of Object.entries(fields as Record<string, unknown>)) {
        merged[type] ??= {};
        if (field in merged[type]) throw new Error(`two modules resolve ${type}.${field}`);
        merged[type][field] = resolver;
      }
    }
  }
  return merged as Resolvers;
}

/** The root fields of the contract that no module resolves (start-up refuses a schema with any). */
export function unresolvedRootFields(schema: GraphQLSchema, resolvers: Resolvers): string[] {
  const roots = [schema.getQueryType(), schema.getMutationType(), schema.getSubscriptionType()];
  return roots.flatMap((root) => {
    if (!root) return [];
    const given = (resolvers as Record<string, Record<string, unknown> | undefined>)[root.name] ?? {};
    return Object.keys(root.getFields())
      .filter((field) => !(field in given))
      .map((field) => `${root.name}.${field}`);
  });
}

/** The contract with the modules' resolvers and the shared scalars; every root field resolved. */
export function buildContractSchema(typeDefs: string, parts: readonly Resolvers[]): GraphQLSchema {
  const resolvers = mergeResolvers([...parts, { Decimal, Date: DateScalar, DateTime }]);
  const schema = createSchema<GraphQLContext>({ typeDefs, resolvers: resolvers as never });
  const missing = unresolvedRootFields(schema, resolvers);
  if (missing.length > 0) throw new Error(`no module resolves ${missing.join(', ')}`);
  return schema;
}
