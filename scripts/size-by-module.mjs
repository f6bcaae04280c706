// `npm run size:modules`: which source modules the first paint of /reports is made of.
// Builds the site with source maps into a temporary directory (dist/ is left alone), follows the
// Vite manifest to the first-paint files as `npm run size` does, and attributes every byte of
// those files to the module it came from, using the source map. Prints, largest first, the raw
// bytes and a gzip -9 estimate per module (node_modules grouped by package).
//
// The gzip column compresses each module's text alone: it OVERSTATES what leaving a module out
// saves (compressed in context, text that repeats elsewhere costs less). It says where to look;
// only `npm run build && npm run size` says what a change is worth.
//
//   npm run size:modules                 # every module
//   npm run size:modules -- --app        # only our code (src/), without the packages
//   node scripts/size-by-module.mjs dist/assets/index-abc.js   # a file built with --sourcemap
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { manifestPathOf } from './build-manifest.mjs';
import { firstPaintFilesOf } from './size.mjs';

const ROOT = resolve(fileURLToPath(import.meta.url), '../..');
const BASE64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';

/** The numbers of one source-map segment (base64 VLQ). */
function decodeSegment(segment) {
  const values = [];
  let value = 0;
  let shift = 0;
  for (const char of segment) {
    const digit = BASE64.indexOf(char);
    value += (digit & 31) << shift;
    if (digit & 32) {
      shift += 5;
    } else {
      values.push(value & 1 ? -(value >> 1) : value >> 1);
      value = 0;
      shift = 0;
    }
  }
  return values;
}

/** Source path → the generated text that came from it ('(glue)' for text mapped to no source). */
export function textBySource(code, map) {
  const lines = code.split('\n');
  const bySource = new Map();
  const add = (source, text) => bySource.set(source, (bySource.get(source) ?? '') + text);
  let sourceIndex = 0; // cumulative across the whole map, unlike the column
  map.mappings.split(';').forEach((mappingLine, lineNumber) => {
    const line = lines[lineNumber] ?? '';
    let column = 0;
    let previous;
    for (const segment of mappingLine.split(',')) {
      if (!segment) continue;
      const values = decodeSegment(segment);
      column += values[0];
      if (values.length > 1) sourceIndex += values[1];
      if (previous) add(previous.source, line.slice(previous.column, column));
      previous = { column, source: values.length > 1 ? map.sources[sourceIndex] : '(glue)' };
    }
    if (previous) add(previous.source, line.slice(previous.column));
  });
  return bySource;
}

/** A package's name for files under node_modules, else the path from src/. */
function moduleGroup(source) {
  const inPackage = source.split('node_modules/').at(-1);
  if (inPackage !== source) {
    const parts = inPackage.split('/');
    return `package ${parts[0].startsWith('@') ? `${parts[0]}/${parts[1]}` : parts[0]}`;
  }
  return source.replace(/^.*?\bsrc\//, 'src/');
}

function attribute(files) {
  const groups = new Map();
  for (const file of files) {
    const code = readFileSync(file, 'utf8');
    const map = JSON.parse(readFileSync(`${file}.map`, 'utf8'));
    for (const [source, text] of textBySource(code, map)) {
      const group = moduleGroup(source);
      groups.set(group, (groups.get(group) ?? '') + text);
    }
  }
  return [...groups]
    .map(([name, text]) => ({ name, raw: text.length, gzip: gzipSync(text, { level: 9 }).length }))
    .sort((a, b) => b.raw - a.raw);
}

function buildWithSourceMaps() {
  const outDir = mkdtempSync(join(tmpdir(), 'seo-dashboard-modules-'));
  execFileSync(
    join(ROOT, 'node_modules/.bin/vite'),
    ['build', '--sourcemap', '--outDir', outDir, '--emptyOutDir', '--logLevel', 'warn'],
    { cwd: ROOT, stdio: 'inherit' },
  );
  return outDir;
}

const args = process.argv.slice(2);
const onlyApp = args.includes('--app');
const given = args.filter((arg) => !arg.startsWith('--'));
let outDir;
let files;
if (given.length > 0) {
  files = given.map((file) => resolve(file));
  const missing = files.find((file) => !existsSync(`${file}.map`));
  if (missing) throw new Error(`${missing}.map is missing: build with --sourcemap`);
} else {
  outDir = buildWithSourceMaps();
  files = firstPaintFilesOf(outDir).map((file) => join(outDir, file));
}

try {
  const rows = attribute(files);
  const total = rows.reduce((sum, row) => sum + row.raw, 0);
  console.log(`First-paint files: ${files.map((file) => basename(file)).join(', ')} (${total} bytes raw)`);
  console.log(`${'raw B'.padStart(8)} ${'gzip B*'.padStart(8)}  module  (* alone, overstates: see the header)`);
  for (const row of rows) {
    if (onlyApp && row.name.startsWith('package ')) continue;
    console.log(`${String(row.raw).padStart(8)} ${String(row.gzip).padStart(8)}  ${row.name}`);
  }
} finally {
  if (outDir) {
    rmSync(outDir, { recursive: true, force: true });
    rmSync(manifestPathOf(outDir), { force: true });
  }
}
