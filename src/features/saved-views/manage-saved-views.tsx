import { useState } from 'react';
import { Link } from 'react-router';
import { deleteView, moveView, renameView, useSavedViews, type StoredView } from './store';

/** Rename, reorder and delete the saved views (settings page); broken ones can be deleted. */
export function ManageSavedViews() {
  const views = useSavedViews();
  return (
    <section className="form" aria-labelledby="saved-views-title" id="saved-views">
      <h2 id="saved-views-title">Saved views</h2>
      {views.length === 0 ? (
        <p>No saved views yet. On a list, choose “Save view” to keep its filters and sort under a name.</p>
      ) : (
        <ul className="saved-views-manage">
          {views.map((view, index) => (
            <ManagedView key={view.id} view={view} first={index === 0} last={index === views.length - 1} />
          ))}
        </ul>
      )}
      <p className="field__hint">Saved views are kept in this browser on this device only.</p>
    </section>
  );
}

function ManagedView({ view, first, last }: { view: StoredView; first: boolean; last: boolean }) {
  const [renaming, setRenaming] = useState(false);
  const [name, setName] = useState(view.name);
  return (
    <li className="saved-views-manage__item">
      {renaming && view.ok ? (
        <form
          className="saved-views__form"
          aria-label={`Rename ${view.name}`}
          onSubmit={(event) => {
            event.preventDefault();
            if (name.trim()) renameView(view.id, name);
            setRenaming(false);
          }}
        >
          <label htmlFor={`rename-${view.id}`}>New name</label>
          <input id={`rename-${view.id}`} value={name} required onChange={(event) => setName(event.target.value)} />
          <button type="submit" className="button button--small button--primary">
            Save name
          </button>
          <button type="button" className="button button--small" onClick={() => setRenaming(false)}>
            Cancel
          </button>
        </form>
      ) : (
        <span className="saved-views-manage__name">
          {view.ok ? <Link to={view.href}>{view.name}</Link> : <strong>{view.name}</strong>}
          {view.ok ? null : <span className="notice notice--error">{`Cannot be opened: ${view.problem}`}</span>}
        </span>
      )}
      <span className="saved-views-manage__actions">
        {view.ok && !renaming ? (
          <button
            type="button"
            className="button button--small"
            aria-label={`Rename ${view.name}`}
            onClick={() => setRenaming(true)}
          >
            Rename
          </button>
        ) : null}
        <button
          type="button"
          className="button button--small"
          aria-label={`Move ${view.name} up`}
          disabled={first}
          onClick={() => moveView(view.id, -1)}
        >
          Up
        </button>
        <button
          type="button"
          className="button button--small"
          aria-label={`Move ${view.name} down`}
          disabled={last}
          onClick={() => moveView(view.id, 1)}
        >
          Down
        </button>
        <button
          type="button"
          className="button button--small"
          aria-label={`Delete ${view.name}`}
          onClick={() => deleteView(view.id)}
        >
          Delete
        </button>
      </span>
    </li>
  );
}
