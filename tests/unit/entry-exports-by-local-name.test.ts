import { describe, expect, it } from 'vitest';
import { entryExportsByLocalName } from '../../scripts/vite-production';

type Plugin = ReturnType<typeof entryExportsByLocalName>;
type FakeChunk = { type: 'chunk'; fileName: string; isEntry: boolean; exports: string[]; code: string };

const chunk = (fileName: string, code: string, isEntry = false, exports: string[] = []): FakeChunk => ({
  type: 'chunk',
  fileName,
  isEntry,
  exports,
  code,
});

// As the bundler and the minifier write them: the entry's bindings exported under other names.
const ENTRY = 'var ec=1,tt=2;function Xc(){}export{ec as $,tt as $t,Xc as A};\n';
const entry = () => chunk('assets/index-abc.js', ENTRY, true, ['$', '$t', 'A']);

/** Runs the plugin's hooks over the chunks, as a build would; returns the warnings. */
function build(chunks: FakeChunk[], { sourcemap = false } = {}): string[] {
  const plugin: Plugin = entryExportsByLocalName();
  (plugin.configResolved as (config: unknown) => void)({ build: { sourcemap } });
  const warnings: string[] = [];
  const hook = plugin.generateBundle as { handler: (this: unknown, options: unknown, bundle: unknown) => void };
  const bundle = Object.fromEntries(chunks.map((each) => [each.fileName, each]));
  hook.handler.call({ warn: (message: string) => warnings.push(message) }, {}, bundle);
  return warnings;
}

describe('entryExportsByLocalName', () => {
  it("exports the entry's bindings under their own names, and the lazy chunks import those", () => {
    const index = entry();
    const page = chunk('assets/page-1.js', 'import{$ as e,A as Xc}from"./index-abc.js";e(Xc);');
    const nested = chunk('assets/nested/part.js', 'import{$t as t}from"../index-abc.js";t();');
    const other = chunk('assets/other.js', 'import{a as b}from"./page-1.js";b();');
    expect(build([index, page, nested, other])).toEqual([]);
    expect(index.code).toBe('var ec=1,tt=2;function Xc(){}export{ec,tt,Xc};\n');
    // A name the same on both sides is written once.
    expect(page.code).toBe('import{ec as e,Xc}from"./index-abc.js";e(Xc);');
    expect(nested.code).toBe('import{tt as t}from"../index-abc.js";t();');
    expect(other.code).toBe('import{a as b}from"./page-1.js";b();');
  });

  it('rewrites nothing, and says why, when a chunk refers to the entry in a form it does not know', () => {
    const index = entry();
    const page = chunk('assets/page-1.js', 'import{$ as e}from"./index-abc.js";e();');
    const dynamic = chunk('assets/page-2.js', 'import(`./index-abc.js`).then(m=>m.$t);');
    expect(build([index, page, dynamic])).toEqual([
      'assets/index-abc.js: exports left as they are, assets/page-2.js refers to it otherwise than by import{…}from',
    ]);
    expect(index.code).toBe(ENTRY);
    expect(page.code).toBe('import{$ as e}from"./index-abc.js";e();');
  });

  it('rewrites nothing when a chunk imports a name the entry does not export, or exports one twice', () => {
    const index = entry();
    const page = chunk('assets/page-1.js', 'import{Zz as e}from"./index-abc.js";e();');
    expect(build([index, page])).toEqual([
      'assets/index-abc.js: exports left as they are, assets/page-1.js imports Zz, which it does not export',
    ]);
    expect(index.code).toBe(ENTRY);
    expect(page.code).toBe('import{Zz as e}from"./index-abc.js";e();');

    const twice = chunk('assets/index-abc.js', 'var a=1;export{a as b,a as c};', true, ['b', 'c']);
    expect(build([twice])).toHaveLength(1);
    expect(twice.code).toBe('var a=1;export{a as b,a as c};');

    // An export outside the list (`export var tt`) would clash with the `tt` the list would add.
    const inline = chunk('assets/index-abc.js', 'export var tt=2;var ec=1;export{ec as tt2,tt as $t};', true, [
      'tt',
      'tt2',
      '$t',
    ]);
    expect(build([inline])).toEqual([
      'assets/index-abc.js: exports left as they are, it has exports outside the list at its end',
    ]);
    expect(inline.code).toBe('export var tt=2;var ec=1;export{ec as tt2,tt as $t};');
  });

  it('finds the entry under a name with characters that mean something in a pattern', () => {
    const index = chunk('assets/index+(1)[x].js', ENTRY, true, ['$', '$t', 'A']);
    const page = chunk('assets/page-1.js', 'import{$ as e}from"./index+(1)[x].js";e();');
    expect(build([index, page])).toEqual([]);
    expect(page.code).toBe('import{ec as e}from"./index+(1)[x].js";e();');
  });

  it('leaves an entry without exports alone, and everything when source maps are written', () => {
    const plain = chunk('assets/index-abc.js', 'render();', true);
    expect(build([plain])).toEqual([]);
    expect(plain.code).toBe('render();');

    const index = entry();
    const page = chunk('assets/page-1.js', 'import{$ as e}from"./index-abc.js";e();');
    expect(build([index, page], { sourcemap: true })).toEqual([]);
    expect(index.code).toBe(ENTRY);
    expect(page.code).toBe('import{$ as e}from"./index-abc.js";e();');
  });

  it("changes the entry's hash, so that no file keeps its name with other contents", () => {
    const hashOf = (isEntry: boolean, sourcemap = false) => {
      const plugin: Plugin = entryExportsByLocalName();
      (plugin.configResolved as (config: unknown) => void)({ build: { sourcemap } });
      return (plugin.augmentChunkHash as (chunk: { isEntry: boolean }) => string | undefined)({ isEntry });
    };
    // The rewrite's own code: a change to it gives the entry another name.
    expect(hashOf(true)).toContain('function exportsByLocalName(');
    expect(hashOf(true)).toBe(hashOf(true));
    expect(hashOf(false)).toBeUndefined();
    expect(hashOf(true, true)).toBeUndefined();
  });
});
