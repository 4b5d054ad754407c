import { isDeepStrictEqual } from 'node:util';
import type { z } from 'zod';

export type Env = Readonly<Record<string, string | undefined>>;

export class ConfigError extends Error {
  override name = 'ConfigError';
  constructor(readonly problems: readonly string[]) {
    super(`Invalid configuration:\n${problems.map((problem) => `  - ${problem}`).join('\n')}`);
  }
}

/**
 * A variable's schema: its trimmed value (undefined when unset or empty) to the typed value, its
 * default when unset. An issue's message follows the variable's name in the problem list.
 */
export type Reader<T> = z.ZodType<T, string | undefined>;

/** One environment variable, declared once: the loader, the README table and the env example read it. */
export interface Variable<T = unknown> {
  readonly name: string;
  /** One sentence for the README and the env example. */
  readonly description: string;
  readonly schema: Reader<T>;
  /** The default as documented, where the parsed one says too little (a path, a random key). */
  readonly defaultText?: string;
  /** Never shown in a problem, a log or the README's examples. */
  readonly secret?: boolean;
  /** Refused when NODE_ENV=production with a value other than its default; the reason says why. */
  readonly devOnly?: string;
  /** Its line in `deploy/portal.env.example`: the value shown, commented out or set. */
  readonly example?: { readonly value: string; readonly commented?: boolean };
}

export function variable<T>(spec: Variable<T>): Variable<T> {
  return spec;
}

/** Reads one declared variable of the part being built; each is checked once, in reading order. */
export type Get = <T>(variable: Variable<T>) => T;

export interface BuildContext {
  readonly production: boolean;
  /** What an earlier part built (`database`, `identity`, …): parts are built in list order. */
  need<T>(key: string): T;
  /** The trimmed value as set, for checks spanning several variables. */
  raw(variable: Variable): string | undefined;
  /** A problem spanning several variables, written out in full. */
  problem(message: string): void;
}

/**
 * A part of the configuration, plain data a module can carry: its variables, and how they become
 * its keys of `Config` (`build` returns `{ compute: … }`, or several top-level keys for the core).
 */
export interface ConfigPart<T extends object = object> {
  /** A short name (`compute`, `http`); the README and the env example group variables by part. */
  readonly key: string;
  readonly title: string;
  readonly variables: readonly Variable[];
  build(get: Get, context: BuildContext): T;
}

export function configPart<T extends object>(part: ConfigPart<T>): ConfigPart<T> {
  return part;
}

/** Empty strings count as unset, so `FOO= cmd` behaves like leaving FOO out. */
export function readRaw(env: Env, name: string): string | undefined {
  const value = env[name]?.trim();
  return value ? value : undefined;
}

/** The value a variable has when unset. */
export function defaultOf<T>(variable: Variable<T>): T {
  return variable.schema.parse(undefined);
}

function problemOf(variable: Variable, message: string, raw: string | undefined): string {
  // A reader may quote the value; a secret's never is, whatever the reader says.
  const text =
    variable.secret && raw !== undefined
      ? message.replaceAll(`"${raw}"`, '"…"').replaceAll(JSON.stringify(raw), '"…"')
      : message;
  // A problem inside a list reads `NAME[0].field: …`.
  return text.startsWith('[') ? `${variable.name}${text}` : `${variable.name}: ${text}`;
}

function readVariable<T>(variable: Variable<T>, env: Env, production: boolean, problems: string[]): T {
  const raw = readRaw(env, variable.name);
  const result = variable.schema.safeParse(raw);
  if (!result.success) {
    for (const issue of result.error.issues) problems.push(problemOf(variable, issue.message, raw));
    return defaultOf(variable);
  }
  if (
    variable.devOnly &&
    production &&
    raw !== undefined &&
    !isDeepStrictEqual(result.data, defaultOf(variable))
  ) {
    problems.push(`${variable.name}: ${variable.devOnly} when NODE_ENV=production`);
  }
  return result.data;
}

/**
 * Builds the parts in order, adding every problem to `problems`; returns their keys merged.
 * `earlier` stands for parts built elsewhere (a part read on its own in a test).
 */
export function buildParts(
  env: Env,
  parts: readonly ConfigPart[],
  problems: string[],
  earlier: Readonly<Record<string, unknown>> = {},
): Record<string, unknown> {
  const production = readRaw(env, 'NODE_ENV') === 'production';
  const built: Record<string, unknown> = { ...earlier };
  for (const part of parts) {
    const read = new Map<Variable, unknown>();
    const get = <T>(variable: Variable<T>): T => {
      if (!(part.variables as readonly Variable[]).includes(variable as Variable)) {
        throw new Error(`config part ${part.key} reads ${variable.name} without declaring it`);
      }
      if (!read.has(variable)) read.set(variable, readVariable(variable, env, production, problems));
      return read.get(variable) as T;
    };
    const context: BuildContext = {
      production,
      need: <T>(key: string) => {
        if (!(key in built)) throw new Error(`config part ${part.key} needs ${key} from an earlier part`);
        return built[key] as T;
      },
      raw: (variable) => readRaw(env, variable.name),
      problem: (message) => problems.push(message),
    };
    // A variable the build does not read this time is ignored, as it does not count (PORTAL_REMOTES
    // beside PORTAL_REMOTES_FILE, the S3 settings without a bucket).
    Object.assign(built, part.build(get, context));
  }
  return built;
}

/** One part read on its own (a domain's tests), with what it needs from earlier parts. */
export function readPart<T extends object>(
  part: ConfigPart<T>,
  env: Env,
  problems: string[],
  earlier: Readonly<Record<string, unknown>> = {},
): T {
  return buildParts(env, [part as ConfigPart], problems, earlier) as T;
}
