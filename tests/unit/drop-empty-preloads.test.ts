import { describe, expect, it } from 'vitest';
import { dropEmptyPreloads } from '../../scripts/vite-production';

type Plugin = ReturnType<typeof dropEmptyPreloads>;
type FakeChunk = { type: 'chunk'; fileName: string; isEntry: boolean; code: string };

// As the minifier writes the small preload helper and Vite's wrapped imports.
const HELPER = 'U=(e,t)=>Promise.all([e(),...(t||[]).filter(e=>e.endsWith(`.css`)).map(e=>W(`/`+e))]).then(e=>e[0]);';

/** Runs the plugin's hooks over one chunk, as a build would. */
function rewrite(code: string, { isEntry = true, sourcemap = false } = {}): string {
  const plugin: Plugin = dropEmptyPreloads();
  (plugin.configResolved as (config: unknown) => void)({ build: { sourcemap } });
  const chunk: FakeChunk = { type: 'chunk', fileName: 'assets/index.js', isEntry, code };
  const hook = plugin.generateBundle as { handler: (this: unknown, options: unknown, bundle: unknown) => void };
  hook.handler.call({}, {}, { [chunk.fileName]: chunk });
  return chunk.code;
}

describe('dropEmptyPreloads', () => {
  it('writes imports without stylesheets back as plain import()', () => {
    const code = `${HELPER}var a=async()=>(await U(async()=>{let{Toaster:e}=await import(\`./toast.js\`);return{Toaster:e}},[])).Toaster,b=()=>U(()=>import(\`./words.js\`),[]);`;
    expect(rewrite(code)).toBe(
      `${HELPER}var a=async()=>(await import(\`./toast.js\`)).Toaster,b=()=>import(\`./words.js\`);`,
    );
    // A chunk that holds the module under a name (shared with other modules).
    const named = `${HELPER}var c=async()=>(await U(async()=>{let{P:e}=await import(\`./p.js\`).then(e=>e.n);return{P:e}},[])).P;`;
    expect(rewrite(named)).toBe(`${HELPER}var c=async()=>(await import(\`./p.js\`).then(e=>e.n)).P;`);
  });

  it('keeps the helper where a stylesheet must load, with the plain import() as its load', () => {
    const code = `${HELPER}var a=async()=>(await U(async()=>{let{Page:e}=await import(\`./page.js\`);return{Page:e}},__vite__mapDeps([0]))).Page;`;
    expect(rewrite(code)).toBe(
      `${HELPER}var a=async()=>(await U(()=>import(\`./page.js\`),__vite__mapDeps([0]))).Page;`,
    );
  });

  it('keeps every form it does not know', () => {
    const code = [
      HELPER,
      // Two names from one import, and a chunk re-exporting under another name.
      'var b=U(async()=>{let{A:e,B:t}=await import(`./ab.js`);return{A:e,B:t}},[]);',
      // Another function called the same way is not the helper.
      'var d=V(()=>import(`./v.js`),[]);',
    ].join('');
    expect(rewrite(code)).toBe(code);
  });

  it('changes nothing without the helper, in a lazy chunk, or when source maps are written', () => {
    const call = 'var b=()=>U(()=>import(`./words.js`),[]);';
    expect(rewrite(call)).toBe(call);
    expect(rewrite(HELPER + call, { isEntry: false })).toBe(HELPER + call);
    expect(rewrite(HELPER + call, { sourcemap: true })).toBe(HELPER + call);
  });
});
