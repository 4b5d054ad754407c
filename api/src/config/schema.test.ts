import { describe, expect, it } from 'vitest';
import { flag, integer, invalid, reader } from './readers.js';
import { buildParts, configPart, variable } from './schema.js';

const SECRET = variable({
  name: 'TEST_SECRET',
  description: 'a secret whose reader quotes what it refuses',
  schema: reader('token', undefined as string | undefined, (value) =>
    value.startsWith('tok_') ? value : invalid(`"${value}" does not start with tok_`),
  ),
  secret: true,
});
const SWITCH = variable({ name: 'TEST_SWITCH', description: 'dev only', schema: flag(), devOnly: 'refused' });
const COUNT = variable({
  name: 'TEST_COUNT',
  description: 'a count',
  schema: integer({ min: 1, max: 9, fallback: 3 }),
});
const UNDECLARED = variable({ name: 'TEST_OTHER', description: 'not in the part', schema: flag() });

const part = configPart({
  key: 'test',
  title: 'test',
  variables: [SECRET, SWITCH, COUNT],
  build: (get) => ({ secret: get(SECRET), on: get(SWITCH), count: get(COUNT) }),
});

describe('buildParts', () => {
  it('reads each variable through its schema, empty values as unset', () => {
    const problems: string[] = [];
    expect(buildParts({ TEST_SECRET: 'tok_1', TEST_SWITCH: '1', TEST_COUNT: ' ' }, [part], problems)).toEqual(
      {
        secret: 'tok_1',
        on: true,
        count: 3,
      },
    );
    expect(problems).toEqual([]);
  });

  it('lists every problem, never quoting a secret, and refuses dev-only values in production', () => {
    const problems: string[] = [];
    const built = buildParts(
      { NODE_ENV: 'production', TEST_SECRET: 'hunter2', TEST_SWITCH: 'true', TEST_COUNT: '10' },
      [part],
      problems,
    );
    expect(problems).toEqual([
      'TEST_SECRET: "…" does not start with tok_',
      'TEST_SWITCH: refused when NODE_ENV=production',
      'TEST_COUNT: "10" is not a whole number from 1 to 9',
    ]);
    expect(built).toEqual({ secret: undefined, on: true, count: 3 });
    // its default is no loosening: allowed in production
    expect(buildParts({ NODE_ENV: 'production', TEST_SWITCH: '0' }, [part], [])).toMatchObject({ on: false });
  });

  it('refuses a build that reads a variable its part does not declare', () => {
    const sloppy = configPart({
      key: 'sloppy',
      title: 'sloppy',
      variables: [],
      build: (get) => ({ x: get(UNDECLARED) }),
    });
    expect(() => buildParts({}, [sloppy], [])).toThrow(/sloppy reads TEST_OTHER without declaring it/);
  });
});
