import { GraphQLError } from 'graphql';
import { PERMISSION_DENIED } from '../../graphql/errors.js';
import type { QueryResolvers } from '../../graphql/generated/resolvers.js';
import { loadCatalog, toInstance } from '../repository.js';
import { requireConsoleInstance } from './access.js';

export const consoleQueries = {
  // Null, not the permission error, for a uid the caller may not see: the page then says the
  // instance was not found, and a stale link does not send the user back to the login.
  consoleInstance: async (_parent, { uid }, ctx) => {
    await ctx.viewer();
    try {
      const { row, workspace } = await requireConsoleInstance(ctx, uid);
      return toInstance(row, await loadCatalog(ctx.db), workspace);
    } catch (error) {
      if (error instanceof GraphQLError && error.message === PERMISSION_DENIED) return null;
      throw error;
    }
  },
} satisfies QueryResolvers;
