import { Link } from 'react-router';
import { paths } from '../lib/paths';
import { EmptyState } from './empty-state';

/** A page whose address names nothing it can show ("project", "issue"): said, with the way back. */
export function NamesNothing({ what }: { what: string }) {
  return (
    <section className="page" aria-labelledby="names-nothing-title">
      <h1 id="names-nothing-title">{`${what.charAt(0).toUpperCase()}${what.slice(1)} not found`}</h1>
      <EmptyState title={`This address names no ${what}`}>
        <Link to={paths.projects.getHref()} className="button">
          Back to projects
        </Link>
      </EmptyState>
    </section>
  );
}
