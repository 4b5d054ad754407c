import type { SupportService } from './service.js';

declare module '../graphql/context.js' {
  interface GraphqlServices {
    /** Support: sending, the desk's answers, attachments' storage. */
    support: SupportService;
  }
}
