/**
 * The names under which the device keeps the accounts' workspace documents (y-indexeddb: one
 * IndexedDB database each). Apart from the store, without Yjs: what only counts them (the marker
 * of what is kept, checked on every start) does not load the library.
 */
export const DOC_PREFIX = 'seo-dashboard-workspace';

/** How many workspace documents the device keeps (0 where the browser cannot list them). */
export async function countWorkspaceDocuments(prefix = DOC_PREFIX): Promise<number> {
  const listed = await globalThis.indexedDB?.databases?.().catch(() => []);
  return (listed ?? []).filter(({ name }) => name?.startsWith(`${prefix}:`)).length;
}
