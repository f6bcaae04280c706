import { useId, useState } from 'react';
import { Link } from 'react-router';
import { plural, t as translate } from '@lingui/core/macro';
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { EmptyState } from '../../components/empty-state';
import { checksCatalog } from '../../lib/check-catalog';
import { checkTitle } from '../../lib/checks';
import { i18n } from '../../lib/i18n/i18n';
import { useCatalog } from '../../lib/i18n/use-catalog';
import { formatDateTime } from '../../lib/i18n/format';
import { paths } from '../../lib/paths';
import { markAllAttentionSeen, markAttentionSeen } from '../workspace';
import { FIRST_LOOK_BACK_DAYS, type AttentionItem, type AttentionPage } from './attention';
import type { AttentionState } from './use-attention';
import './attention.css';

const SHOWN_PAGES = 5;

/**
 * What an item says, in one line: also the accessible name of its buttons. In the language on
 * screen: its callers call `useLingui()`.
 */
export function describeItem(item: AttentionItem): string {
  switch (item.kind) {
    case 'target': {
      const health = Math.round(item.health);
      const target = item.target;
      return translate({
        message: `Health ${health}, below the target of ${target}`,
        comment: "A project's health score (0–100) is below the target the analyst set for it",
      });
    }
    case 'new-failure': {
      const check = checkTitle(item.check, i18n);
      const pages = item.pages.length;
      return plural(pages, {
        one: `# page newly fails “${check}” (high importance)`,
        other: `# pages newly fail “${check}” (high importance)`,
      });
    }
    case 'drop': {
      const points = item.points;
      const pages = item.pages.length;
      return plural(pages, {
        one: `# page fell by ${plural(points, { one: '# point', other: '# points' })} or more`,
        other: `# pages fell by ${plural(points, { one: '# point', other: '# points' })} or more`,
      });
    }
  }
}

const score = (value: number | null) =>
  value === null ? translate({ message: 'no score', comment: 'A page had no score then' }) : String(Math.round(value));

/** "score 80 → 50". */
function scoreChange(page: AttentionPage): string {
  const before = score(page.before);
  const after = score(page.after);
  return translate({ message: `score ${before} → ${after}`, comment: "A page's score before and after the change" });
}

function Pages({ pages }: { pages: AttentionPage[] }) {
  const { t } = useLingui();
  const [all, setAll] = useState(false);
  const shown = all ? pages : pages.slice(0, SHOWN_PAGES);
  const count = pages.length;
  return (
    <>
      <ul className="attention-pages">
        {shown.map((page) => (
          <li key={page.reportId + page.url}>
            <Link to={paths.report.getHref(page.reportId)} className="attention-pages__url">
              {page.url || t`(no URL)`}
            </Link>{' '}
            <span className="attention-pages__scores">{scoreChange(page)}</span>
          </li>
        ))}
      </ul>
      {pages.length > SHOWN_PAGES ? (
        <button type="button" className="button button--small" onClick={() => setAll((value) => !value)}>
          {all
            ? plural(SHOWN_PAGES, { one: 'Show the first #', other: 'Show the first #' })
            : plural(count, { one: 'Show all # page', other: 'Show all # pages' })}
        </button>
      ) : null}
    </>
  );
}

function Item({ item, seen }: { item: AttentionItem; seen: boolean }) {
  const { t } = useLingui();
  const titleId = useId();
  const words = describeItem(item);
  // Elements, not strings: <Trans> would read markup in a project's or a check's name as its own.
  const project = <bdi>{item.project}</bdi>;
  const link = <Link to={paths.project.getHref(item.project)}>{item.project}</Link>;
  const said = <>{words}</>;
  return (
    <article className="attention-item" aria-labelledby={titleId}>
      <h3 id={titleId} className="attention-item__title">
        <Trans comment="A project, then what needs attention in it: “Health 62, below the target of 70”">
          {link}: {said}
        </Trans>
      </h3>
      {item.kind === 'target' ? null : <Pages pages={item.pages} />}
      <div className="attention-item__actions">
        {item.kind === 'new-failure' ? (
          <Link to={paths.issue.getHref(item.project, item.check)}>
            {/* The project, as sent, an element: <Trans> would read markup in a string as its own. */}
            <Trans>
              Every page failing it<span className="visually-hidden"> in {project}</span>
            </Trans>
          </Link>
        ) : null}
        {seen ? null : (
          <button type="button" className="button button--small" onClick={() => void markAttentionSeen([item.id])}>
            {t`Mark seen`}
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
  const { t } = useLingui();
  return (
    <EmptyState title={t`No project read on this device yet`}>
      <p>
        {t`Open a project to read its audit: targets missed, new failures of high-importance checks and big drops then show here.`}
      </p>
      <Link to={paths.projects.getHref()} className="button">
        {t`Projects`}
      </Link>
    </EmptyState>
  );
}

/** The overview's first section: what changed for the worse since the analyst last looked. */
export function NeedsAttention({ state }: { state: AttentionState }) {
  useCatalog(checksCatalog);
  const { t } = useLingui();
  const { attention } = state;
  // Said as soon as the device answers: it is the likeliest answer on a first visit.
  if (state.noneRead || attention?.projects.length === 0) return <NoProjectRead />;
  if (!attention) {
    // Worked out after the page draws: meanwhile the place of the likeliest answer on a first
    // visit (no project read yet) is kept, unseen, so that the cards below do not move down.
    return (
      <div role="status" className="needs-attention__place">
        <span className="visually-hidden">{t`Looking at the projects read on this device…`}</span>
        <div aria-hidden="true" className="needs-attention__unseen">
          <NoProjectRead />
        </div>
      </div>
    );
  }
  const count = attention.projects.length;
  // The projects, as sent: an element, never a string (<Trans> would read markup in one as its own).
  const projects = (
    <>
      {attention.projects.map((project, index) => (
        <span key={project}>
          {index > 0 ? ', ' : ''}
          <Link to={paths.project.getHref(project)}>{project}</Link>
        </span>
      ))}
    </>
  );
  const when = formatDateTime(attention.since) ?? t`unknown`;
  const days = FIRST_LOOK_BACK_DAYS;
  const seen = attention.seen.length;
  return (
    <>
      <p className="overview-note">
        {attention.sinceLastLook ? (
          <Trans>
            Since you last looked ({when}), across the <Plural value={count} one="project" other="# projects" /> read on
            this device: {projects}. Projects not read here are not covered.
          </Trans>
        ) : (
          <Trans>
            In the last {days} days (nothing marked seen yet), across the{' '}
            <Plural value={count} one="project" other="# projects" /> read on this device: {projects}. Projects not read
            here are not covered.
          </Trans>
        )}
      </p>
      {attention.items.length === 0 ? (
        <p className="attention-none">{t`Nothing new needs attention.`}</p>
      ) : (
        <ul className="attention-list" aria-label={t`New items needing attention`}>
          {attention.items.map((item) => (
            <li key={item.id}>
              <Item item={item} seen={false} />
            </li>
          ))}
        </ul>
      )}
      <p className="overview-more">
        <button type="button" className="button button--small" onClick={() => void markAllAttentionSeen(new Date())}>
          {t`Mark everything seen`}
        </button>{' '}
        <span className="attention-hint">{t`The list then shows what changes from now on.`}</span>
      </p>
      {attention.seen.length > 0 ? (
        <details className="attention-seen">
          <summary>{plural(seen, { one: '# marked seen', other: '# marked seen' })}</summary>
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
