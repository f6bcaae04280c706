// `npm run size:modules`: which source modules the first paint of /reports is made of.
// Builds the site with source maps into a temporary directory (dist/ is left alone), follows the
// Vite manifest to the first-paint files as `npm run size` does, and attributes every byte of
// those files to the module it came from, using the source map. Prints per module (node_modules
// grouped by package), largest in context first: the raw bytes, gzip -9 of its text alone, and
// gzip in context (what the file's gzip loses without the module's text).
//
// * "Alone" OVERSTATES what leaving a module out saves (compressed in context, text that repeats
// elsewhere costs less); "context" is near what it saves. Both say where to look; only
// `npm run build && npm run size` says what a change is worth.
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

/**
 * The file's text in order, each piece with the source it came from ('(glue)' for text mapped to
 * no source: the bundler's own code, line breaks). Joined, the pieces are the whole file.
 */
export function segmentsOf(code, map) {
  const lines = code.split('\n');
  const segments = [];
  let sourceIndex = 0; // cumulative across the whole map, unlike the column
  const mappingLines = map.mappings.split(';');
  lines.forEach((line, lineNumber) => {
    if (lineNumber > 0) segments.push(['(glue)', '\n']);
    let column = 0;
    let previous = { column: 0, source: '(glue)' };
    for (const segment of (mappingLines[lineNumber] ?? '').split(',')) {
      if (!segment) continue;
      const values = decodeSegment(segment);
      column += values[0];
      if (values.length > 1) sourceIndex += values[1];
      segments.push([previous.source, line.slice(previous.column, column)]);
      previous = { column, source: values.length > 1 ? map.sources[sourceIndex] : '(glue)' };
    }
    segments.push([previous.source, line.slice(previous.column)]);
  });
  return segments;
}

/** Source path → the generated text that came from it ('(glue)' for text mapped to no source). */
export function textBySource(code, map) {
  const bySource = new Map();
  for (const [source, text] of segmentsOf(code, map)) bySource.set(source, (bySource.get(source) ?? '') + text);
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

const gzipSize = (text) => gzipSync(text, { level: 9 }).length;

/**
 * Per module: raw bytes, gzip of its text alone, and what the file's gzip loses without it
 * ("in context": leave-one-out, the rest compressed again; what leaving it out would save, near
 * enough, though removing code also removes what it imports and exports).
 */
function attribute(files) {
  const groups = new Map();
  for (const file of files) {
    const code = readFileSync(file, 'utf8');
    const map = JSON.parse(readFileSync(`${file}.map`, 'utf8'));
    const segments = segmentsOf(code, map).map(([source, text]) => [moduleGroup(source), text]);
    const whole = gzipSize(code);
    for (const name of new Set(segments.map(([group]) => group))) {
      const own = segments
        .filter(([group]) => group === name)
        .map(([, text]) => text)
        .join('');
      const rest = segments
        .filter(([group]) => group !== name)
        .map(([, text]) => text)
        .join('');
      const row = groups.get(name) ?? { name, raw: 0, text: '', inContext: 0 };
      row.raw += own.length;
      row.text += own;
      row.inContext += whole - gzipSize(rest);
      groups.set(name, row);
    }
  }
  return [...groups.values()]
    .map(({ name, raw, text, inContext }) => ({ name, raw, gzip: gzipSize(text), inContext }))
    .sort((a, b) => b.inContext - a.inContext);
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
  console.log(`${'raw B'.padStart(8)} ${'alone*'.padStart(8)} ${'context'.padStart(8)}  module, by gzip B in context`);
  for (const row of rows) {
    if (onlyApp && row.name.startsWith('package ')) continue;
    console.log(
      `${String(row.raw).padStart(8)} ${String(row.gzip).padStart(8)} ${String(row.inContext).padStart(8)}  ${row.name}`,
    );
  }
} finally {
  if (outDir) {
    rmSync(outDir, { recursive: true, force: true });
    rmSync(manifestPathOf(outDir), { force: true });
  }
}
