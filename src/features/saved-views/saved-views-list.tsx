import { memo } from 'react';
import { useLingui } from '@lingui/react/macro';
import { Link } from 'react-router';
import { paths } from '../../lib/paths';
import { useCatalog } from '../../lib/i18n/use-catalog';
import { savedViewsCatalog } from './catalog';
import { useSavedViews } from './store';
import { viewName, whyBroken } from './view-words';

/**
 * The saved views as a list of links, for the overview: where a day of triage starts. A view that
 * no longer opens is named, with the way to its management on the settings page.
 */
export const SavedViewsList = memo(function SavedViewsList() {
  useCatalog(savedViewsCatalog);
  const { t } = useLingui();
  const views = useSavedViews();
  const manage = `${paths.settings.getHref()}#saved-views`;
  if (views.length === 0) {
    return (
      <p>{t`None yet. On the reports or projects list, “Save view” keeps its search, filters and sort under a name.`}</p>
    );
  }
  return (
    <>
      <ul>
        {views.map((view) => (
          <li key={view.id}>
            {view.ok ? (
              <Link to={view.href}>{view.name}</Link>
            ) : (
              <>
                {viewName(view)} <span>{t`(cannot be opened: ${whyBroken(view)})`}</span>
              </>
            )}
          </li>
        ))}
      </ul>
      <p>
        <Link to={manage}>{t`Rename, reorder or delete saved views`}</Link>
      </p>
    </>
  );
});
