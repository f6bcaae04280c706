// `npm run bench -- --write-readme`: the README's performance table is the bench's own output,
// rewritten between its markers (nothing else in the README is touched).
import { readFileSync, writeFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { join } from 'node:path';
import * as prettier from 'prettier';

const START = '<!-- bench:start -->';
const END = '<!-- bench:end -->';

const cell = (text) => String(text).replaceAll('|', '\\|').replaceAll('\n', ' ');

/** `sections`: [{ title, rows: [{ name, figure, goal, verdict }] }] as the bench printed them. */
export async function writeReadme(root, sections, { date = new Date() } = {}) {
  const path = join(root, 'README.md');
  const readme = readFileSync(path, 'utf8');
  const start = readme.indexOf(START);
  const end = readme.indexOf(END);
  if (start < 0 || end < start) throw new Error(`README.md has no ${START} … ${END} block`);

  const lines = [
    START,
    `<!-- Written by \`npm run bench -- --write-readme\`: edit scripts/bench/, not this table. -->`,
    '',
    `Latest run: ${date.toISOString().slice(0, 10)}, ${cpus().length} CPU cores, load average ` +
      `${loadavg()[0].toFixed(1)} at the end (timings depend on how busy the machine is).`,
    '',
    '| figure | measured | goal | verdict |',
    '| --- | --- | --- | --- |',
  ];
  for (const { title, rows } of sections) {
    lines.push(`| **${cell(title)}** | | | |`);
    for (const row of rows) lines.push(`| ${[row.name, row.figure, row.goal, row.verdict].map(cell).join(' | ')} |`);
  }
  lines.push('', END);

  const next = `${readme.slice(0, start)}${lines.join('\n')}${readme.slice(end + END.length)}`;
  // Formatted as `prettier --check` wants it; the rest of the README is already formatted.
  const options = (await prettier.resolveConfig(path)) ?? {};
  writeFileSync(path, await prettier.format(next, { ...options, filepath: path }));
}
