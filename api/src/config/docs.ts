import { type ConfigPart, defaultOf, type Variable } from './schema.js';

/** The command that rewrites the generated docs from the schema. */
export const CONFIG_DOCS_COMMAND = 'pnpm -C api run config:docs';

export const README_START = '<!-- config-docs:start (generated from src/config/parts.ts: do not edit) -->';
export const README_END = '<!-- config-docs:end -->';

function defaultText(variable: Variable): string {
  if (variable.defaultText !== undefined) {
    return variable.defaultText.startsWith('<') ? `\`${variable.defaultText}\`` : variable.defaultText;
  }
  const value: unknown = defaultOf(variable);
  if (value === undefined || value === null) return '–';
  if (typeof value === 'boolean') return value ? '`1`' : '`0`';
  if (Array.isArray(value)) return value.length === 0 ? '–' : `\`${value.join(',')}\``;
  return `\`${String(value)}\``;
}

const cell = (text: string) => text.replaceAll('|', '\\|').replaceAll('\n', ' ');

function meaning(variable: Variable): string {
  const notes = [
    variable.secret ? '**secret**' : '',
    variable.devOnly ? '**dev only**: refused with `NODE_ENV=production`' : '',
  ].filter(Boolean);
  return [variable.description, ...notes].join('; ');
}

/** The README's variable tables, one per part. */
export function variablesMarkdown(parts: readonly ConfigPart[]): string {
  const sections = parts.map((part) => {
    const rows = part.variables.map(
      (v) =>
        `| \`${v.name}\` | ${cell(defaultText(v))} | ${cell(v.schema.description ?? '')} | ${cell(meaning(v))} |`,
    );
    return [
      `#### ${part.title}`,
      '',
      '| variable | default | accepts | meaning |',
      '| --- | --- | --- | --- |',
      ...rows,
    ].join('\n');
  });
  return [README_START, '', ...sections.flatMap((section) => [section, '']), README_END].join('\n');
}

/** `text` with what lies between the README's markers replaced by `generated` (markers included). */
export function replaceBetweenMarkers(text: string, generated: string): string {
  const start = text.indexOf(README_START);
  const end = text.indexOf(README_END);
  if (start < 0 || end < start) throw new Error(`the markers ${README_START} … ${README_END} are missing`);
  return text.slice(0, start) + generated + text.slice(end + README_END.length);
}

/** `deploy/portal.env.example`: the variables a deployment behind a load balancer sets, by part. */
export function envExample(parts: readonly ConfigPart[]): string {
  const lines = [
    "# The api's environment for a deployment behind a load balancer (one file for every api process).",
    '# Copy to portal.env, fill in, keep it out of version control. SECRET marks what must never be',
    '# shown, logged or committed. Every variable: api/README.md, "Environment".',
    `# Generated from the api's configuration schema (api/src/config/parts.ts): ${CONFIG_DOCS_COMMAND}`,
  ];
  for (const part of parts) {
    const shown = part.variables.filter((v) => v.example !== undefined);
    if (shown.length === 0) continue;
    lines.push('', `# --- ${part.title}`);
    for (const v of shown) {
      lines.push(`# ${v.secret ? 'SECRET: ' : ''}${v.description}`);
      lines.push(`${v.example?.commented ? '#' : ''}${v.name}=${v.example?.value ?? ''}`);
    }
  }
  const devOnly = parts.flatMap((part) => part.variables.filter((v) => v.devOnly).map((v) => v.name));
  lines.push('', `# never in production (the api refuses to start): ${devOnly.join(', ')}.`);
  return `${lines.join('\n')}\n`;
}
