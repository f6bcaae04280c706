export interface RewriteLeftover {
  /** The rewrite in scripts/vite-production.ts that gave up. */
  rewrite: string;
  /** What of the unrewritten form is still in the entry. */
  what: string;
  pattern: RegExp;
}
export declare function rewriteLeftoversIn(entryCode: string): RewriteLeftover[];
