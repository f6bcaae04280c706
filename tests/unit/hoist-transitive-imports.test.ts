import { describe, expect, it } from 'vitest';
import { hoistTransitiveImports } from '../../scripts/vite-production';

type FakeChunk = { type: 'chunk'; fileName: string; isEntry: boolean; imports: string[]; code: string };

function chunk(fileName: string, imports: string[] = [], isEntry = false): FakeChunk {
  return { type: 'chunk', fileName, isEntry, imports, code: `/* ${fileName} */` };
}

/** Runs the plugin's generateBundle over a fake bundle, as rolldown would. */
function run(chunks: FakeChunk[]) {
  const bundle = Object.fromEntries(chunks.map((c) => [c.fileName, c]));
  const hook = hoistTransitiveImports().generateBundle as {
    handler: (this: unknown, options: unknown, b: unknown) => void;
  };
  hook.handler.call({}, {}, bundle);
  return (fileName: string) => {
    const output = bundle[fileName];
    if (!output) throw new Error(`no chunk ${fileName}`);
    return output.code;
  };
}

describe('hoistTransitiveImports', () => {
  it('lets a lazy chunk import every chunk it needs indirectly, after its own code', () => {
    const codeOf = run([
      chunk('assets/index.js', [], true),
      chunk('assets/page.js', ['assets/index.js', 'assets/a.js']),
      chunk('assets/a.js', ['assets/index.js', 'assets/b.js']),
      chunk('assets/b.js', ['assets/c.js']),
      chunk('assets/c.js'),
    ]);
    expect(codeOf('assets/page.js')).toBe('/* assets/page.js */import"./b.js";import"./c.js";\n');
    expect(codeOf('assets/a.js')).toBe('/* assets/a.js */import"./c.js";\n');
    // Nothing indirect: unchanged.
    expect(codeOf('assets/b.js')).toBe('/* assets/b.js */');
    expect(codeOf('assets/c.js')).toBe('/* assets/c.js */');
  });

  it('leaves the entry alone, does not import it again, and stops at cycles', () => {
    const codeOf = run([
      chunk('assets/index.js', ['assets/shared.js'], true),
      chunk('assets/shared.js', ['assets/index.js']),
      chunk('assets/page.js', ['assets/x.js']),
      chunk('assets/x.js', ['assets/y.js', 'assets/index.js']),
      chunk('assets/y.js', ['assets/x.js']),
    ]);
    expect(codeOf('assets/index.js')).toBe('/* assets/index.js */');
    expect(codeOf('assets/page.js')).toBe('/* assets/page.js */import"./y.js";\n');
    expect(codeOf('assets/x.js')).toBe('/* assets/x.js */');
  });

  it('writes paths relative to the importing chunk', () => {
    const codeOf = run([
      chunk('assets/routes/page.js', ['assets/a.js']),
      chunk('assets/a.js', ['assets/deep/b.js']),
      chunk('assets/deep/b.js'),
    ]);
    expect(codeOf('assets/routes/page.js')).toBe('/* assets/routes/page.js */import"./../deep/b.js";\n');
  });

  // Vite removes a chunk that held only CSS before this runs; other chunks may still list it.
  it('does not import a chunk that is no longer in the bundle', () => {
    const codeOf = run([
      chunk('assets/page.js', ['assets/a.js']),
      chunk('assets/a.js', ['assets/only-css.js', 'assets/b.js']),
      chunk('assets/b.js'),
    ]);
    expect(codeOf('assets/page.js')).toBe('/* assets/page.js */import"./b.js";\n');
  });
});
