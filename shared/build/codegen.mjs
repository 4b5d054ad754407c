// The GraphQL code generation of every app (host, remotes, shared): typed documents from the app's
// own `.graphql` files (and `graphql()` calls) against the one API contract,
// `shared/graphql/*.graphql` (`schema.graphql` with the roots, one file per domain extending them). Each app's `typecheck` and `build` run it first, so an operation
// that does not match the schema fails them (codegen validates every document).
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const schema = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../graphql/*.graphql');

/** Scalars as they travel in JSON (see the schema's descriptions). */
export const SCALARS = { Decimal: 'string', Date: 'string', DateTime: 'string', File: 'File' };

/**
 * @param {object} [o]
 * @param {string} [o.out] where the typed documents go, relative to the app (default `src/gql/`)
 * @returns {import('@graphql-codegen/cli').CodegenConfig}
 */
export function portalCodegenConfig({ out = 'src/gql/' } = {}) {
  return {
    schema,
    documents: ['src/**/*.graphql', 'src/**/*.{ts,tsx}', `!${out}**`, '!src/**/*.test.{ts,tsx}'],
    // an app without operations yet still generates (an empty module), so its scripts stay the same
    ignoreNoDocuments: true,
    errorsOnly: true,
    generates: {
      [out]: {
        preset: 'client',
        presetConfig: { fragmentMasking: false, gqlTagName: 'graphql' },
        config: {
          useTypeImports: true,
          enumsAsTypes: true,
          strictScalars: true,
          scalars: SCALARS,
          dedupeFragments: true,
        },
      },
    },
  };
}
