import type { CodegenConfig } from '@graphql-codegen/cli';

/**
 * Resolver types from the shared contract. `typecheck` and `build` run this before tsc, so a
 * resolver that does not match the contract (`shared/graphql/*.graphql`) fails them. The output is not
 * committed (see .gitignore): it is always regenerated.
 */
const SCALARS = {
  Decimal: 'string',
  Date: 'string',
  DateTime: { input: 'string', output: 'Date | string' },
  File: 'File',
};

const config: CodegenConfig = {
  schema: '../shared/graphql/*.graphql',
  silent: true,
  generates: {
    // the contract's types alone: what the mappers below build on, without importing them back
    'src/graphql/generated/types.ts': {
      plugins: ['typescript'],
      config: { useTypeImports: true, enumsAsTypes: true, strictScalars: true, scalars: SCALARS },
    },
    'src/graphql/generated/resolvers.ts': {
      plugins: ['typescript', 'typescript-resolvers'],
      config: {
        contextType: '../context.js#GraphQLContext',
        useTypeImports: true,
        enumsAsTypes: true,
        strictScalars: true,
        useIndexSignature: false,
        // fields other domains resolve are not part of what a resolver answers (src/compute/models.ts)
        mappers: {
          Instance: '../../compute/models.js#InstanceModel',
          Workspace: '../../workspaces/models.js#WorkspaceModel',
        },
        scalars: SCALARS,
      },
    },
  },
};

export default config;
