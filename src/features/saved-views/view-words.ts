import { plural, t } from '@lingui/core/macro';
import { formatList } from '../../lib/i18n/format';
import type { StoredView } from './store';

/*
 * A stored view in words, made when shown in the language on screen: the store keeps what it is
 * (./store.ts, `BrokenView`), never its words. Called while a component that called
 * `useCatalog(savedViewsCatalog)` and `useLingui()` renders.
 */

/** The view's name; an entry kept without one is named by its place in the list. */
export function viewName(view: StoredView): string {
  if (view.ok) return view.name;
  if (view.name !== null) return view.name;
  const { place } = view;
  return t({ message: `Saved view ${place}`, comment: 'A saved view kept without a name, by its place in the list' });
}

/** Why an entry cannot be opened, as a sentence. */
export function whyBroken(view: Extract<StoredView, { ok: false }>): string {
  const { problem } = view;
  switch (problem.kind) {
    case 'no-address':
      return t`It has no address.`;
    case 'no-name':
      return t`It has no name.`;
    case 'not-a-list': {
      const { href } = problem;
      return t`“${href}” is not a list of this app.`;
    }
    case 'unknown-filters': {
      const filters = formatList(problem.filters);
      return plural(problem.filters.length, {
        one: `The list no longer understands the filter ${filters}.`,
        other: `The list no longer understands the filters ${filters}.`,
      });
    }
  }
}
