import { paymentsPart } from '../billing/payments/config.js';
import { computePart } from '../compute/config.js';
import { identityPart } from '../identity/config.js';
import { jobsPart } from '../jobs/config.js';
import { supportPart } from '../support/config.js';
import { assetsPart } from './assets.js';
import { browserPart } from './browser.js';
import { databasePart } from './database.js';
import { graphqlPart } from './graphql.js';
import { httpPart } from './http.js';
import type { ConfigPart } from './schema.js';
import { serverPart } from './server.js';

/**
 * The configuration's parts, in build order: a part may `need` what an earlier one built
 * (graphql the database and identity, support the database). Problems are listed in this order.
 */
export const DEFAULT_PARTS: readonly ConfigPart[] = [
  serverPart,
  assetsPart,
  databasePart,
  httpPart,
  identityPart,
  graphqlPart,
  browserPart,
  computePart,
  supportPart,
  paymentsPart,
  jobsPart,
];
