import { z } from 'zod';
import type { Reader } from './schema.js';

/** What a reader's parse returns for a value it refuses. */
export class Invalid {
  constructor(readonly messages: readonly string[]) {}
}

export const invalid = (...messages: string[]) => new Invalid(messages);

/**
 * The one way a variable's value is read: unset gives `fallback`, a set value goes through `parse`.
 * `type` describes the accepted values in the README.
 */
export function reader<T>(type: string, fallback: T, parse: (value: string) => T | Invalid): Reader<T> {
  return z
    .string()
    .optional()
    .transform((value, context) => {
      if (value === undefined) return fallback;
      const result = parse(value);
      if (!(result instanceof Invalid)) return result;
      for (const message of result.messages) context.issues.push({ code: 'custom', message, input: value });
      return z.NEVER;
    })
    .describe(type);
}

/** Free text (a name, a path, a key), unset by default. */
export const text = (type = 'text'): Reader<string | undefined> => reader(type, undefined, (value) => value);

export function number(range: {
  min: number;
  max: number;
  minExclusive?: boolean;
  fallback: number;
  /** Any numeral JavaScript reads (`.5`, `1e-1`), not only digits with an optional fraction. */
  anyNumeral?: boolean;
}): Reader<number> {
  const { min, max, minExclusive, fallback } = range;
  const bounds = `${min}${minExclusive ? ' (exclusive)' : ''} to ${max}`;
  return reader(`number from ${bounds}`, fallback, (value) => {
    const number = Number(value);
    const numeral = range.anyNumeral ? Number.isFinite(number) : /^\d+(\.\d+)?$/.test(value);
    const aboveMin = minExclusive ? number > min : number >= min;
    if (!numeral || !aboveMin || number > max) return invalid(`"${value}" is not a number from ${bounds}`);
    return number;
  });
}

/** A whole number of at least `min` (and at most `max`); `message` says what is expected. */
export function integer(range: {
  min: number;
  max?: number;
  fallback: number;
  type?: string;
  message?: (value: string) => string;
}): Reader<number> {
  const { min, max = Number.MAX_SAFE_INTEGER, fallback } = range;
  const type =
    range.type ?? (range.max === undefined ? `whole number from ${min}` : `whole number ${min}-${max}`);
  return reader(type, fallback, (value) => {
    const number = Number(value);
    if (/^\d+$/.test(value) && number >= min && number <= max) return number;
    return invalid(range.message?.(value) ?? `"${value}" is not a whole number from ${min} to ${max}`);
  });
}

export function oneOf<const T extends string>(allowed: readonly T[], fallback: T): Reader<T> {
  return reader(allowed.join(', '), fallback, (value) =>
    (allowed as readonly string[]).includes(value)
      ? (value as T)
      : invalid(`"${value}" is not one of ${allowed.join(', ')}`),
  );
}

/** 1, 0, true or false; off by default. */
export const flag = (): Reader<boolean> =>
  reader('1, 0, true or false', false, (value) => {
    if (value === '1' || value === 'true') return true;
    if (value === '0' || value === 'false') return false;
    return invalid(`"${value}" is not 1, 0, true or false`);
  });

export function hasProtocol(value: string, protocols: readonly string[]): boolean {
  try {
    return protocols.includes(new URL(value).protocol);
  } catch {
    return false;
  }
}

/** A URL of one of `protocols` (`['https:']`); the value is never echoed, it may hold credentials. */
export function url<F extends string | null | undefined = undefined>(
  protocols: readonly string[],
  fallback?: F,
): Reader<string | F> {
  const schemes = protocols.map((protocol) => `${protocol}//`).join(' or ');
  return reader<string | F>(`${schemes} URL`, fallback as F, (value) =>
    hasProtocol(value, protocols) ? value : invalid(`expected a ${schemes} URL`),
  );
}

/** A JSON document, parsed by `parse`, which throws with what is wrong. */
export function json<T>(type: string, fallback: T, parse: (value: string) => T): Reader<T> {
  return reader(type, fallback, (value) => {
    try {
      return parse(value);
    } catch (error) {
      return invalid((error as Error).message);
    }
  });
}
