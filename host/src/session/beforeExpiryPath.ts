import { generatePath } from 'react-router';
import { findRoute, isPostLoginPath } from '../routes/routeTable';

/** Local-storage key of spec section 9. */
export const BEFORE_EXPIRY_KEY = 'beforeExpiryPath';

/**
 * The page a user was on when a permission or expiry error occurred (spec section 4), stored as
 * the route name and params rather than a URL: a route that moves keeps working, and nothing but
 * a route of the table can come out of it.
 */
export interface BeforeExpiryEntry {
  name: string;
  params?: Record<string, string>;
  /** query parameters, kept so a tab or filter survives */
  query?: Record<string, string>;
}

/** The path an entry stands for, or undefined for anything unusable (pure). */
export function resolveBeforeExpiryPath(raw: string | null): string | undefined {
  if (!raw) return undefined;
  let entry: unknown;
  try {
    entry = JSON.parse(raw);
  } catch {
    return undefined;
  }
  if (!isEntry(entry)) return undefined;
  const route = findRoute(entry.name);
  if (!route) return undefined;
  let path: string;
  try {
    path = generatePath(route.path, entry.params ?? {});
  } catch {
    // a required param is missing
    return undefined;
  }
  const query = new URLSearchParams(entry.query ?? {}).toString();
  const target = query ? `${path}?${query}` : path;
  return isPostLoginPath(target) ? target : undefined;
}

function isStringRecord(value: unknown): value is Record<string, string> {
  return (
    typeof value === 'object' &&
    value !== null &&
    !Array.isArray(value) &&
    Object.values(value).every((v) => typeof v === 'string')
  );
}

function isEntry(value: unknown): value is BeforeExpiryEntry {
  if (typeof value !== 'object' || value === null) return false;
  const entry = value as Record<string, unknown>;
  return (
    typeof entry.name === 'string' &&
    (entry.params === undefined || isStringRecord(entry.params)) &&
    (entry.query === undefined || isStringRecord(entry.query))
  );
}

function storage(): Storage | undefined {
  try {
    return window.localStorage;
  } catch {
    // storage disabled by the browser's privacy settings
    return undefined;
  }
}

export function readBeforeExpiryPath(): string | undefined {
  return resolveBeforeExpiryPath(storage()?.getItem(BEFORE_EXPIRY_KEY) ?? null);
}

/** Saves the current route (used on permission and expiry errors of the GraphQL client). */
export function saveBeforeExpiryPath(entry: BeforeExpiryEntry): void {
  storage()?.setItem(BEFORE_EXPIRY_KEY, JSON.stringify(entry));
}

export function clearBeforeExpiryPath(): void {
  storage()?.removeItem(BEFORE_EXPIRY_KEY);
}
