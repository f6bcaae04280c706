import { describe, expect, it } from 'vitest';
import { rewriteLeftoversIn } from '../../scripts/rewrite-leftovers.mjs';

/** `npm run size` fails when a rewrite of the entry gave up (scripts/vite-production.ts). */
describe('rewriteLeftoversIn', () => {
  const rewritten =
    'var a=U(()=>import(`./page-1.js`),__vite__mapDeps([0]));var b=()=>import(`./x.js`);' +
    'async function c(){let d=(await import(`./y.js`)).Y;return d}export{ec,tt,$t};';

  it('finds nothing in an entry both rewrites applied to', () => {
    expect(rewriteLeftoversIn(rewritten)).toEqual([]);
  });

  it.each([
    ['entryExportsByLocalName', 'export{ec as $,tt as $t};'],
    ['entryExportsByLocalName', 'export{ec,tt as a};'],
    ['dropEmptyPreloads', 'var a=U(async()=>{let{X:e}=await import(`./x.js`);return{X:e}},[]);'],
    ['dropEmptyPreloads', 'var a=U(async()=>{let{$X:e}=await import(`./x.js`);return{$X:e}},__vite__mapDeps([1]));'],
    ['dropEmptyPreloads', 'var a=U(()=>import(`./x.js`),[]);'],
  ])('finds what %s left: %s', (rewrite, leftover) => {
    expect(rewriteLeftoversIn(rewritten.replace('export{ec,tt,$t};', '') + leftover).map((l) => l.rewrite)).toEqual([
      rewrite,
    ]);
  });
});
