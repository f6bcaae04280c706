import { useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { Link } from 'react-router';
import { useCatalog } from '../../lib/i18n/use-catalog';
import { savedViewsCatalog } from './catalog';
import { deleteView, moveView, renameView, useSavedViews, type StoredView } from './store';
import { viewName, whyBroken } from './view-words';

/** Rename, reorder and delete the saved views (settings page); broken ones can be deleted. */
export function ManageSavedViews() {
  useCatalog(savedViewsCatalog);
  const { t } = useLingui();
  const views = useSavedViews();
  return (
    <section className="form" aria-labelledby="saved-views-title" id="saved-views">
      <h2 id="saved-views-title">{t`Saved views`}</h2>
      {views.length === 0 ? (
        <p>{t`No saved views yet. On a list, choose “Save view” to keep its filters and sort under a name.`}</p>
      ) : (
        <ul className="saved-views-manage">
          {views.map((view, index) => (
            <ManagedView key={view.id} view={view} first={index === 0} last={index === views.length - 1} />
          ))}
        </ul>
      )}
      <p className="field__hint">
        {t`Saved views are part of this account’s workspace: kept on this device, and shared with the team once you join one.`}
      </p>
    </section>
  );
}

function ManagedView({ view, first, last }: { view: StoredView; first: boolean; last: boolean }) {
  const { t } = useLingui();
  const [renaming, setRenaming] = useState(false);
  const shownName = viewName(view);
  const [name, setName] = useState(shownName);
  return (
    <li className="saved-views-manage__item">
      {renaming && view.ok ? (
        <form
          className="saved-views__form"
          aria-label={t`Rename ${shownName}`}
          onSubmit={(event) => {
            event.preventDefault();
            if (name.trim()) renameView(view.id, name);
            setRenaming(false);
          }}
        >
          <label htmlFor={`rename-${view.id}`}>{t`New name`}</label>
          <input id={`rename-${view.id}`} value={name} required onChange={(event) => setName(event.target.value)} />
          <button type="submit" className="button button--small button--primary">
            {t`Save name`}
          </button>
          <button type="button" className="button button--small" onClick={() => setRenaming(false)}>
            {t`Cancel`}
          </button>
        </form>
      ) : (
        <span className="saved-views-manage__name">
          {view.ok ? <Link to={view.href}>{view.name}</Link> : <strong>{shownName}</strong>}
          {view.ok ? null : <span className="notice notice--error">{t`Cannot be opened: ${whyBroken(view)}`}</span>}
        </span>
      )}
      <span className="saved-views-manage__actions">
        {view.ok && !renaming ? (
          <button
            type="button"
            className="button button--small"
            aria-label={t`Rename ${shownName}`}
            onClick={() => setRenaming(true)}
          >
            {t`Rename`}
          </button>
        ) : null}
        <button
          type="button"
          className="button button--small"
          aria-label={t`Move ${shownName} up`}
          disabled={first}
          onClick={() => moveView(view.id, -1)}
        >
          {t({ message: 'Up', comment: 'Moves a saved view up the list' })}
        </button>
        <button
          type="button"
          className="button button--small"
          aria-label={t`Move ${shownName} down`}
          disabled={last}
          onClick={() => moveView(view.id, 1)}
        >
          {t({ message: 'Down', comment: 'Moves a saved view down the list' })}
        </button>
        <button
          type="button"
          className="button button--small"
          aria-label={t`Delete ${shownName}`}
          onClick={() => deleteView(view.id)}
        >
          {t`Delete`}
        </button>
      </span>
    </li>
  );
}
