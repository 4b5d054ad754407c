import { type PGlite, parse, protocol, type QueryOptions, type Results } from '@electric-sql/pglite';

const { serialize } = protocol;

/** The SQL texts PGlite names, by client (`namedStatements`). */
const registries = new WeakMap<object, (text: string) => void>();

/**
 * Named prepared statements for PGlite's one session. PGlite's `query` sends every statement
 * unnamed (parse, describe, bind, describe, execute, sync: six calls into its engine), so
 * PostgreSQL parses and plans it again each time; node-postgres names drizzle's prepared
 * statements and PostgreSQL plans them once per connection. Here the texts of `prepared`
 * (`db/prepared.ts`, the hot paths) are parsed once under a name, and each run is one call (bind,
 * describe, execute, sync) on the plan kept for them (`plan_cache_mode`, `openPglite`). Measured
 * here on the demo data: the workspace load 2.6 → 0.9 ms.
 *
 * `client.query` is replaced on this instance: a named text runs under the same locks PGlite's own
 * query takes (after any transaction, one statement at a time), with its parameters serialized
 * and its rows parsed by PGlite's own functions; any other text goes to PGlite's query unchanged.
 * Statements inside a transaction run on the transaction's own `query`, unnamed as before.
 */
export function namedStatements(client: PGlite): void {
  const unnamed = client.query.bind(client);
  const texts = new Map<string, { name: string; types?: number[] }>();
  registries.set(client, (text) => {
    if (!texts.has(text)) texts.set(text, { name: `portal_${texts.size + 1}` });
  });

  async function run<T>(text: string, params: unknown[], options?: QueryOptions): Promise<Results<T>> {
    const statement = texts.get(text)!;
    statement.types ??= parse.parseDescribeStatementResults(
      await client.execProtocolStream(
        Buffer.concat([
          serialize.parse({ name: statement.name, text }),
          serialize.describe({ type: 'S', name: statement.name }),
          serialize.sync(),
        ]),
      ),
    );
    const types = statement.types;
    const values = params.map((param, i) => {
      if (param === null || param === undefined) return null;
      const serializer = options?.serializers?.[types[i]!] ?? client.serializers[types[i]!];
      return serializer ? serializer(param) : String(param);
    });
    const messages = await client.execProtocolStream(
      Buffer.concat([
        serialize.bind({ statement: statement.name, values }),
        serialize.describe({ type: 'P' }),
        serialize.execute({}),
        serialize.sync(),
      ]),
    );
    return parse.parseResults(messages, client.parsers, options)[0] as Results<T>;
  }

  client.query = async <T>(text: string, params: unknown[] = [], options?: QueryOptions) => {
    if (!texts.has(text)) return unnamed<T>(text, params, options);
    await client._checkReady();
    return client._runExclusiveTransaction(() =>
      client._runExclusiveQuery(() => run<T>(text, params, options)),
    );
  };
}

/**
 * Names `text` on the PGlite client of `db` if `namedStatements` serves it (no-op for any other
 * database, or for a transaction's handle, which has no `$client`).
 */
export function nameStatement(db: object, text: string): void {
  const client = (db as { $client?: object }).$client;
  if (client) registries.get(client)?.(text);
}
