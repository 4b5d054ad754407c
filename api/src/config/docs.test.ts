import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CONFIG_DOCS_COMMAND, envExample, README_END, README_START, variablesMarkdown } from './docs.js';
import { DEFAULT_PARTS } from './parts.js';
import { REPO_ROOT } from './paths.js';

const read = (path: string) => readFileSync(resolve(REPO_ROOT, path), 'utf8');
const stale = (file: string) =>
  `${file} differs from the configuration schema: run \`${CONFIG_DOCS_COMMAND}\``;

describe('the generated configuration docs', () => {
  it('the README holds the variable tables the schema generates', () => {
    const readme = read('api/README.md');
    const committed = readme.slice(
      readme.indexOf(README_START),
      readme.indexOf(README_END) + README_END.length,
    );
    expect(committed, stale('api/README.md')).toBe(variablesMarkdown(DEFAULT_PARTS));
  });

  it('deploy/portal.env.example is what the schema generates', () => {
    expect(read('deploy/portal.env.example'), stale('deploy/portal.env.example')).toBe(
      envExample(DEFAULT_PARTS),
    );
  });

  it('declares every variable once, with a description', () => {
    const variables = DEFAULT_PARTS.flatMap((part) => part.variables);
    const names = variables.map((v) => v.name);
    expect(names.filter((name, i) => names.indexOf(name) !== i)).toEqual([]);
    expect(variables.filter((v) => !v.description.trim()).map((v) => v.name)).toEqual([]);
  });

  it('never shows a secret example value', () => {
    const shown = DEFAULT_PARTS.flatMap((part) => part.variables).filter(
      (v) => v.secret && v.example?.value && !/CHANGE-ME|\.\.\.$/.test(v.example.value),
    );
    expect(shown.map((v) => v.name)).toEqual([]);
  });
});
