import {
  type GraphQLArgument,
  type GraphQLField,
  type GraphQLInputType,
  getNamedType,
  isEnumType,
  isInputObjectType,
  isListType,
  isNonNullType,
  isObjectType,
  isScalarType,
} from 'graphql';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_CONTRACTS } from './db/demo.js';
import { DEMO_INSTANCES } from './db/seed.js';
import { type Browser, type IdentityHarness, openIdentityHarness, signedInBrowser } from './test/identity.js';

// Every string and list argument of the contract, at the largest size one request can carry: a 1 MB
// string, or 100,000 entries. Whatever the argument, the answer is a refusal or an answer, never a
// 5xx, and it comes at once: a bound is checked before anything is parsed. The time bound is a
// margin for a busy machine (refusing takes a few milliseconds; parsing 70,000 CIDRs took 45 s).
const BOUND_MS = 1_500;
const BIG_STRING = 'a'.repeat(1_000_000);
const BIG_LIST = Array.from({ length: 100_000 }, () => 'ab');

let h: IdentityHarness;
let member: Browser;

beforeAll(async () => {
  h = await openIdentityHarness({ PORTAL_RATE_LIMIT_SCALE: '1000' });
  member = await signedInBrowser(h.app, h.database.db, h.seed.demoUser);
});

afterAll(async () => {
  await h?.close();
});

type Path = (string | number)[];

/** Real ids where an argument names one, so the call gets past its permission check. */
const KNOWN: Record<string, string> = {
  contractUid: DEMO_CONTRACTS.cabinet,
  instanceUid: DEMO_INSTANCES.web1.uid,
};

const SCALARS: Record<string, unknown> = {
  Int: 1,
  Float: 1,
  Boolean: false,
  Decimal: '1.00',
  Date: '2026-01-01',
  DateTime: '2026-01-01T00:00:00Z',
  File: null,
};

/** A plausible value for a type, and the paths inside it where a string (or a list of them) goes. */
function plausible(type: GraphQLInputType, name: string, depth = 0): { value: unknown; targets: Path[] } {
  if (isNonNullType(type)) return plausible(type.ofType, name, depth);
  if (isListType(type)) {
    const inner = getNamedType(type);
    if (isScalarType(inner) && (inner.name === 'String' || inner.name === 'ID'))
      return { value: ['x'], targets: [[]] };
    const item = plausible(type.ofType, name, depth);
    return { value: [item.value], targets: item.targets.map((p) => [0, ...p]) };
  }
  if (isEnumType(type)) return { value: type.getValues()[0]?.value, targets: [] };
  if (isInputObjectType(type)) {
    if (depth > 2) return { value: null, targets: [] };
    const value: Record<string, unknown> = {};
    const targets: Path[] = [];
    for (const field of Object.values(type.getFields())) {
      const inner = plausible(field.type, field.name, depth + 1);
      value[field.name] = inner.value;
      targets.push(...inner.targets.map((p) => [field.name, ...p]));
    }
    return { value, targets };
  }
  if (isScalarType(type) && (type.name === 'String' || type.name === 'ID'))
    return { value: KNOWN[name] ?? 'x', targets: [[]] };
  return { value: isScalarType(type) ? (SCALARS[type.name] ?? 'x') : null, targets: [] };
}

function withBig(value: unknown, path: Path): unknown {
  if (path.length === 0) return Array.isArray(value) ? BIG_LIST : BIG_STRING;
  const [head, ...rest] = path;
  const copy = (Array.isArray(value) ? [...value] : { ...(value as object) }) as Record<
    string | number,
    unknown
  >;
  copy[head as string] = withBig(copy[head as string], rest);
  return copy;
}

const typeText = (arg: GraphQLArgument) => String(arg.type);

function cases() {
  const schema = h.app.graphql.yoga.getEnveloped().schema;
  const out: { name: string; query: string; variables: Record<string, unknown> }[] = [];
  for (const [kind, root] of [
    ['query', schema.getQueryType()],
    ['mutation', schema.getMutationType()],
  ] as const) {
    for (const field of Object.values(root?.getFields() ?? {}) as GraphQLField<unknown, unknown>[]) {
      if (field.args.length === 0) continue;
      const base: Record<string, unknown> = {};
      const targets: { arg: string; path: Path }[] = [];
      for (const arg of field.args) {
        const p = plausible(arg.type, arg.name);
        base[arg.name] = p.value;
        targets.push(...p.targets.map((path) => ({ arg: arg.name, path })));
      }
      const named = getNamedType(field.type);
      const selection = isObjectType(named) ? ' { __typename }' : '';
      const query = `${kind} (${field.args.map((a) => `$${a.name}: ${typeText(a)}`).join(', ')}) { ${field.name}(${field.args.map((a) => `${a.name}: $${a.name}`).join(', ')})${selection} }`;
      for (const { arg, path } of targets) {
        out.push({
          name: `${field.name}(${[arg, ...path].join('.')})`,
          query,
          variables: { ...base, [arg]: withBig(base[arg], path) },
        });
      }
    }
  }
  return out;
}

describe('every string and list argument, at the size one request can carry', () => {
  it('is refused or answered at once, never with a 5xx', async () => {
    const all = cases();
    expect(all.length).toBeGreaterThan(50);
    const slow: string[] = [];
    for (const c of all) {
      const started = performance.now();
      const answer = await member.call('POST', '/api/', { body: { query: c.query, variables: c.variables } });
      const ms = performance.now() - started;
      expect(answer.status, c.name).toBeLessThan(500);
      expect(JSON.stringify(answer.body).slice(0, 2000), c.name).not.toContain('Unexpected error.');
      if (ms > BOUND_MS) slow.push(`${c.name}: ${Math.round(ms)} ms`);
    }
    expect(slow).toEqual([]);
    expect((await h.app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
  }, 600_000);
});
