// @vitest-environment node
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

// package.json says `"sideEffects": ["*.css"]`: the bundler may leave out any module of ours whose
// exports nobody uses (a feature's index names many; a chunk takes only what it uses). That holds
// only while no module is imported for what it does on loading (docs/decisions/0093): an import
// with no names is a stylesheet's, and an import whose names go unused is a lint error.
const SRC = join(import.meta.dirname, '../../src');
const files = (dir: string): string[] =>
  readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return files(path);
    return /\.tsx?$/.test(name) ? [path] : [];
  });

/** `import './x'` and `import 'pkg'`: the imports that name nothing. */
function bareImports(text: string): string[] {
  return [...text.matchAll(/^\s*import\s+['"]([^'"]+)['"]/gm)].map((match) => match[1] ?? '');
}

describe('modules free of side effects (package.json "sideEffects")', () => {
  it('finds an import that names nothing', () => {
    expect(bareImports("import './a.css';\nimport { b } from './b';\n  import './c';")).toEqual(['./a.css', './c']);
  });

  it('imports only stylesheets for their side effects', () => {
    const offending = files(SRC).flatMap((file) =>
      bareImports(readFileSync(file, 'utf8'))
        .filter((specifier) => !specifier.endsWith('.css'))
        .map((specifier) => `${relative(SRC, file)} imports '${specifier}' for its side effects`),
    );
    expect(offending).toEqual([]);
  });

  it('is what package.json declares', () => {
    const pkg = JSON.parse(readFileSync(join(SRC, '../package.json'), 'utf8')) as { sideEffects?: unknown };
    expect(pkg.sideEffects).toEqual(['*.css']);
  });
});
