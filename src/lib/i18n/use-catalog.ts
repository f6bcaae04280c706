import { use } from 'react';

/**
 * A part's words before it renders (`catalog(…)` of ./switch-language.ts): the component that a
 * part's module shows first (a route's page, a lazily loaded dialog) suspends while its catalog
 * loads in another language (a navigation keeps the page before on screen meanwhile); in English,
 * or once loaded, it renders at once. Not a top-level await in the module: that makes the bundler
 * put its runtime in a file of its own, one more for the first paint.
 *
 * A component that shows the words of several catalogs (a page's own and the checks') names them
 * all in one call: each is asked for before any is waited for, so they come together, not one
 * after the other.
 */
export function useCatalog(...loads: (() => Promise<void> | null)[]): void {
  for (const loading of loads.map((load) => load())) if (loading) use(loading);
}
