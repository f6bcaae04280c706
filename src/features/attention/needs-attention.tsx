import { useId, useState } from 'react';
import { Link } from 'react-router';
import { EmptyState } from '../../components/empty-state';
import { checkTitle } from '../../lib/checks';
import { formatDateTime } from '../../lib/format';
import { formatNumber, formatPages } from '../../lib/format-number';
import { paths } from '../../lib/paths';
import { markAllAttentionSeen, markAttentionSeen } from '../workspace';
import { FIRST_LOOK_BACK_DAYS, type AttentionItem, type AttentionPage } from './attention';
import type { AttentionState } from './use-attention';
import './attention.css';

const SHOWN_PAGES = 5;

/** What an item says, in one line: also the accessible name of its buttons. */
export function describeItem(item: AttentionItem): string {
  switch (item.kind) {
    case 'target':
      return `Health ${Math.round(item.health)}, below the target of ${item.target}`;
    case 'new-failure':
      return `${formatPages(item.pages.length)} newly ${item.pages.length === 1 ? 'fails' : 'fail'} “${checkTitle(item.check)}” (high importance)`;
    case 'drop':
      return `${formatPages(item.pages.length)} fell by ${item.points} points or more`;
  }
}

const score = (value: number | null) => (value === null ? 'no score' : String(Math.round(value)));

function Pages({ pages }: { pages: AttentionPage[] }) {
  const [all, setAll] = useState(false);
  const shown = all ? pages : pages.slice(0, SHOWN_PAGES);
  return (
    <>
      <ul className="attention-pages">
        {shown.map((page) => (
          <li key={page.reportId + page.url}>
            <Link to={paths.report.getHref(page.reportId)} className="attention-pages__url">
              {page.url || '(no URL)'}
            </Link>{' '}
            <span className="attention-pages__scores">
              score {score(page.before)} → {score(page.after)}
            </span>
          </li>
        ))}
      </ul>
      {pages.length > SHOWN_PAGES ? (
        <button type="button" className="button button--small" onClick={() => setAll((value) => !value)}>
          {all ? `Show the first ${SHOWN_PAGES}` : `Show all ${formatPages(pages.length)}`}
        </button>
      ) : null}
    </>
  );
}

function Item({ item, seen }: { item: AttentionItem; seen: boolean }) {
  const titleId = useId();
  const words = describeItem(item);
  return (
    <article className="attention-item" aria-labelledby={titleId}>
      <h3 id={titleId} className="attention-item__title">
        <Link to={paths.project.getHref(item.project)}>{item.project}</Link>: {words}
      </h3>
      {item.kind === 'target' ? null : <Pages pages={item.pages} />}
      <div className="attention-item__actions">
        {item.kind === 'new-failure' ? (
          <Link to={paths.issue.getHref(item.project, item.check)}>
            Every page failing it<span className="visually-hidden"> in {item.project}</span>
          </Link>
        ) : null}
        {seen ? null : (
          <button type="button" className="button button--small" onClick={() => void markAttentionSeen([item.id])}>
            Mark seen
            <span className="visually-hidden">
              : {item.project}, {words}
            </span>
          </button>
        )}
      </div>
    </article>
  );
}

function NoProjectRead() {
  return (
    <EmptyState title="No project read on this device yet">
      <p>
        Open a project to read its audit: targets missed, new failures of high-importance checks and big drops then show
        here.
      </p>
      <Link to={paths.projects.getHref()} className="button">
        Projects
      </Link>
    </EmptyState>
  );
}

/** The overview's first section: what changed for the worse since the analyst last looked. */
export function NeedsAttention({ state }: { state: AttentionState }) {
  const { attention } = state;
  // Said as soon as the device answers: it is the likeliest answer on a first visit.
  if (state.noneRead || attention?.projects.length === 0) return <NoProjectRead />;
  if (!attention) {
    // Worked out after the page draws: meanwhile the place of the likeliest answer on a first
    // visit (no project read yet) is kept, unseen, so that the cards below do not move down.
    return (
      <div role="status" className="needs-attention__place">
        <span className="visually-hidden">Looking at the projects read on this device…</span>
        <div aria-hidden="true" className="needs-attention__unseen">
          <NoProjectRead />
        </div>
      </div>
    );
  }
  const since = attention.sinceLastLook
    ? `Since you last looked (${formatDateTime(attention.since)})`
    : `In the last ${FIRST_LOOK_BACK_DAYS} days (nothing marked seen yet)`;
  return (
    <>
      <p className="overview-note">
        {since}, across the{' '}
        {attention.projects.length === 1 ? 'project' : `${formatNumber(attention.projects.length)} projects`} read on
        this device:{' '}
        {attention.projects.map((project, index) => (
          <span key={project}>
            {index > 0 ? ', ' : ''}
            <Link to={paths.project.getHref(project)}>{project}</Link>
          </span>
        ))}
        . Projects not read here are not covered.
      </p>
      {attention.items.length === 0 ? (
        <p className="attention-none">Nothing new needs attention.</p>
      ) : (
        <ul className="attention-list" aria-label="New items needing attention">
          {attention.items.map((item) => (
            <li key={item.id}>
              <Item item={item} seen={false} />
            </li>
          ))}
        </ul>
      )}
      <p className="overview-more">
        <button type="button" className="button button--small" onClick={() => void markAllAttentionSeen(new Date())}>
          Mark everything seen
        </button>{' '}
        <span className="attention-hint">The list then shows what changes from now on.</span>
      </p>
      {attention.seen.length > 0 ? (
        <details className="attention-seen">
          <summary>{formatNumber(attention.seen.length)} marked seen</summary>
          <ul className="attention-list">
            {attention.seen.map((item) => (
              <li key={item.id}>
                <Item item={item} seen />
              </li>
            ))}
          </ul>
        </details>
      ) : null}
    </>
  );
}
