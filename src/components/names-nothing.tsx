import { Link } from 'react-router';
import { useLingui } from '@lingui/react/macro';
import { useCatalog } from '../lib/i18n/use-catalog';
import { paths } from '../lib/paths';
import { sharedPartsCatalog } from './catalog';
import { EmptyState } from './empty-state';

/** A page whose address names no project or issue it can show: said, with the way back. */
export function NamesNothing({ what }: { what: 'project' | 'issue' }) {
  useCatalog(sharedPartsCatalog);
  const { t } = useLingui();
  // Whole sentences per kind: a noun's article and case differ from language to language.
  const words = {
    project: { heading: t`Project not found`, detail: t`This address names no project` },
    issue: { heading: t`Issue not found`, detail: t`This address names no issue` },
  }[what];
  return (
    <section className="page" aria-labelledby="names-nothing-title">
      <h1 id="names-nothing-title">{words.heading}</h1>
      <EmptyState title={words.detail}>
        <Link to={paths.projects.getHref()} className="button">
          {t`Back to projects`}
        </Link>
      </EmptyState>
    </section>
  );
}
