import type { Ctx } from '../context.js';
import type { Envelope, Redirect } from '../envelope.js';
import type { Body } from '../validation.js';

export type IdentityHandler = (ctx: Ctx, body: Body) => Promise<Envelope | Redirect>;

/** How a route module adds its routes: `route('POST', '/auth/login', handler)`. */
export type Route = (
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  handler: IdentityHandler,
) => void;
