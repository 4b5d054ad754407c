import { defineModule } from '../modules/module.js';
import type { Mailer } from './notify/types.js';

declare module '../graphql/context.js' {
  interface GraphqlServices {
    /** The identity service's mailer (invitations, support answers). */
    mailer: Mailer;
  }
}

export const identityModule = defineModule({
  name: 'identity',
  dependencies: [],
  resolvers: {},
});
