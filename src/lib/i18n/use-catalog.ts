import { use } from 'react';

/**
 * A part's words before it renders (`catalog(…)` of ./switch-language.ts): the component that a
 * part's module shows first (a route's page, a lazily loaded dialog) suspends while its catalog
 * loads in another language (a navigation keeps the page before on screen meanwhile); in English,
 * or once loaded, it renders at once. Not a top-level await in the module: that makes the bundler
 * put its runtime in a file of its own, one more for the first paint.
 */
export function useCatalog(load: () => Promise<void> | null): void {
  const loading = load();
  if (loading) use(loading);
}
