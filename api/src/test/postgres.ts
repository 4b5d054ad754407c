import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';

/**
 * A fresh PostgreSQL database for a test: `PORTAL_TEST_DATABASE_URL`'s server, or Debian's
 * PostgreSQL 15 of this machine (started if it is down; root only). Answers why not otherwise, for
 * the test to say so when it skips.
 */
export function testPostgres({
  fresh = false,
}: {
  fresh?: boolean;
} = {}): { url: string; drop: () => void } | { unavailable: string } {
  const name = `portal_test_${randomBytes(4).toString('hex')}`;
  const given = process.env.PORTAL_TEST_DATABASE_URL;
  // `fresh` (the api tests on PostgreSQL, PORTAL_TEST_POSTGRES=1): a database of its own per test
  // file even on a given server, which the run must be allowed to create
  if (given && !fresh) return { url: given, drop: () => {} };
  if (given) return freshOn(given, name);
  if (!existsSync('/usr/lib/postgresql/15/bin/postgres'))
    return {
      unavailable:
        'PostgreSQL 15 is not installed (apt-get install postgresql-15), nor PORTAL_TEST_DATABASE_URL set',
    };
  if (process.getuid?.() !== 0)
    return { unavailable: 'starting Debian PostgreSQL needs root; set PORTAL_TEST_DATABASE_URL' };
  const psql = (command: string) =>
    execFileSync('su', ['postgres', '-c', `psql -v ON_ERROR_STOP=1 -c "${command}"`], { stdio: 'pipe' });
  try {
    try {
      execFileSync('pg_ctlcluster', ['15', 'main', 'start'], { stdio: 'pipe' });
    } catch {
      // running already
    }
    psql(
      "do \\$\\$ begin if not exists (select from pg_roles where rolname = 'portal_test') then create role portal_test login password 'portal-test'; end if; end \\$\\$",
    );
    psql(`create database ${name} owner portal_test`);
  } catch (error) {
    return {
      unavailable: `PostgreSQL 15 did not start or refused: ${(error as Error).message.split('\n')[0]}`,
    };
  }
  return {
    url: `postgres://portal_test:portal-test@127.0.0.1:5432/${name}`,
    drop: () => psql(`drop database if exists ${name} with (force)`),
  };
}

/** A new database on the server of `url` (its user may create databases), dropped by `drop`. */
function freshOn(url: string, name: string): { url: string; drop: () => void } | { unavailable: string } {
  const admin = (command: string) =>
    execFileSync('psql', ['-X', '-q', '-v', 'ON_ERROR_STOP=1', '-d', url, '-c', command], { stdio: 'pipe' });
  try {
    admin(`create database ${name}`);
  } catch (error) {
    return {
      unavailable: `could not create a database on PORTAL_TEST_DATABASE_URL: ${(error as Error).message.split('\n')[0]}`,
    };
  }
  const fresh = new URL(url);
  fresh.pathname = `/${name}`;
  return { url: fresh.toString(), drop: () => admin(`drop database if exists ${name} with (force)`) };
}
