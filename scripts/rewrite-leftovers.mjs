// For `npm run size`; a file of its own so that its test imports it without the rest of size.mjs.

/**
 * What the build's rewrites of the entry (scripts/vite-production.ts) should have left no trace
 * of. Each gives up rather than break on output it does not know (another Vite), and then its
 * bytes quietly come back to the first paint: here, they fail the size check instead.
 */
const LEFTOVERS = [
  {
    rewrite: 'entryExportsByLocalName',
    what: 'bindings exported under other names (`export{ab as c}`)',
    pattern: /export\{[^}]*?[\w$]\s+as\s+[\w$]/,
  },
  {
    rewrite: 'dropEmptyPreloads',
    what: 'imports wrapped for the preload helper (`async()=>{let{X:e}=await import(…)`)',
    pattern: /async\(\)=>\{let\{[\w$]+:[\w$]+\}=await import\(/,
  },
  {
    rewrite: 'dropEmptyPreloads',
    what: 'preload calls with no stylesheet to load (`(()=>import(…),[])`)',
    pattern: /\(\(\)=>import\(`[^`]+`\),\[\]\)/,
  },
];

/** Which rewrites left something of theirs in the entry's code: none when all applied. */
export function rewriteLeftoversIn(entryCode) {
  return LEFTOVERS.filter(({ pattern }) => pattern.test(entryCode));
}
