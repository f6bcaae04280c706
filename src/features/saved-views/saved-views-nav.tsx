import { useLingui } from '@lingui/react/macro';
import { useId, useState, type FormEvent } from 'react';
import { NavLink, useLocation } from 'react-router';
import { paths } from '../../lib/paths';
import { useCatalog } from '../../lib/i18n/use-catalog';
import { savedViewsCatalog } from './catalog';
import { addView, useSavedViews } from './store';
import { viewName } from './view-words';
import './saved-views.css';

const LISTS: readonly string[] = [paths.reports.getHref(), paths.projects.getHref()];
// A view every analyst has: the API has no date filter, and oldest generated first puts the stale
// reports on top.
const STALE_FIRST = paths.reports.getHref(new URLSearchParams('sort_by=generated_at&sort=asc'));

/**
 * The saved views in the navigation (then the built-in "Stale first"), and "Save view" on a list: the list's address, under a
 * name. Managing them (rename, reorder, delete) is on the settings page.
 */
export function SavedViewsNav() {
  useCatalog(savedViewsCatalog);
  const { t } = useLingui();
  const views = useSavedViews();
  const location = useLocation();
  const [naming, setNaming] = useState(false);
  const id = useId();
  const onList = LISTS.includes(location.pathname);
  const here = `${location.pathname}${location.search}`;

  const save = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const name = String(new FormData(event.currentTarget).get('name') ?? '').trim();
    if (!name) return;
    addView(name, here);
    setNaming(false);
  };

  return (
    <nav className="saved-views" aria-label={t`Saved views`}>
      <span className="saved-views__title" aria-hidden="true">
        {t({ message: 'Views:', comment: 'Before the saved views in the navigation' })}
      </span>
      <ul className="saved-views__list">
        {views.map((view) => (
          <li key={view.id}>
            {view.ok ? (
              // Active only when the address is exactly the view's (a list with other filters is not it).
              <NavLink to={view.href} aria-current={here === view.href ? 'page' : undefined} end>
                {view.name}
              </NavLink>
            ) : (
              <NavLink to={`${paths.settings.getHref()}#saved-views`} className="saved-views__broken">
                {t`${viewName(view)} (cannot be opened)`}
              </NavLink>
            )}
          </li>
        ))}
        <li>
          <NavLink to={STALE_FIRST} aria-current={here === STALE_FIRST ? 'page' : undefined} end>
            {t({ message: 'Stale first', comment: 'A built-in view: the reports, oldest generated first' })}
          </NavLink>
        </li>
        {views.length > 0 ? (
          <li>
            <NavLink to={`${paths.settings.getHref()}#saved-views`}>
              {t({ message: 'Manage', comment: 'Link to the settings page’s part for the saved views' })}
            </NavLink>
          </li>
        ) : null}
      </ul>
      {onList && !naming ? (
        <button type="button" className="button button--small" onClick={() => setNaming(true)}>
          {t`Save view`}
        </button>
      ) : null}
      {onList && naming ? (
        <form className="saved-views__form" onSubmit={save} aria-label={t`Save this view`}>
          <label htmlFor={`${id}-name`}>{t({ message: 'Name', comment: 'The name a saved view is kept under' })}</label>
          <input
            id={`${id}-name`}
            name="name"
            required
            maxLength={80}
            // Opened by the button just pressed: typing the name is the next thing.
            // eslint-disable-next-line jsx-a11y/no-autofocus
            autoFocus
            onKeyDown={(event) => {
              if (event.key === 'Escape') setNaming(false);
            }}
          />
          <button type="submit" className="button button--small button--primary">
            {t`Save`}
          </button>
          <button type="button" className="button button--small" onClick={() => setNaming(false)}>
            {t`Cancel`}
          </button>
        </form>
      ) : null}
    </nav>
  );
}
