import { useEffect, useId, useMemo, useRef, type ReactNode } from 'react';
import { Link } from 'react-router';
import { ratingFromScore, type Check } from '../../api';
import { ApiText } from '../../components/api-text';
import { RatingBadge } from '../../components/rating-badge';
import { checkTitle } from '../../lib/checks';
import { formatDate } from '../../lib/format';
import { formatNumber, formatPages } from '../../lib/format-number';
import { paths } from '../../lib/paths';
import { pageKey, pagesWithChecks, useReadSnapshots, type ProjectAudit, type ReadReport } from '../audit';
import {
  acceptanceOf,
  adjustedHealth,
  adjustedScore,
  hasSetAside,
  offEntryOf,
  setAsideOf,
  REASON_MAX_LENGTH,
  switchCheckOn,
  unacceptFailure,
  useCheckSettings,
  type CheckSettings,
} from '../workspace';

/**
 * No stylesheet of its own (a new one would add its name to the first paint's chunk): its classes
 * are in project-pages/projects.css, which the audit's and the change report's pages load, and the
 * overview styles its one line.
 *
 * The check settings on a project's screens: the dashboard's estimate beside the service's score,
 * what is set aside (never hidden: listed with its reason, each with a way to count it again),
 * the form that asks why, and the undo offered right after a change.
 */

/** The words of the estimate, the same wherever it shows. */
export const ESTIMATE_LABEL = 'Dashboard’s estimate';
export const ESTIMATE_NOTE =
  'From the checks that still count, with the service’s default weights (high 10, medium 5, low 0). The service’s own score counts every check.';

/**
 * A project's adjusted health beside the service's score: shown once something is set aside
 * (until then it would only repeat the service's figure).
 */
export function AdjustedHealth({
  reports,
  settings,
  compact = false,
}: {
  reports: readonly ReadReport[];
  settings: CheckSettings;
  /** One line (the overview's table). */
  compact?: boolean;
}) {
  const health = useMemo(() => adjustedHealth(pagesWithChecks(reports), settings), [reports, settings]);
  if (!hasSetAside(settings)) return null;
  const score = health.average === null ? null : Math.round(health.average);
  const figure =
    score === null ? <span>no figure</span> : <RatingBadge rating={ratingFromScore(score)} score={score} />;
  if (compact)
    return (
      <>
        {ESTIMATE_LABEL}: {figure}
      </>
    );
  return (
    <div className="adjusted-health" role="group" aria-labelledby="adjusted-health-label">
      <p className="health__label" id="adjusted-health-label">
        {ESTIMATE_LABEL}, without what is set aside
      </p>
      <p className="health__figure">{figure}</p>
      <p className="health__note">
        {ESTIMATE_NOTE}
        {health.unknown > 0
          ? ` ${formatPages(health.unknown)} read before the dashboard kept what the estimate needs: read everything again to include them.`
          : ''}
        {health.nothingToCount > 0
          ? ` ${formatPages(health.nothingToCount)} with no weighed check left to count, left out.`
          : ''}
      </p>
    </div>
  );
}

const setAsidePhrase = (settings: CheckSettings) => {
  const parts = [];
  if (settings.off.length > 0)
    parts.push(`${formatNumber(settings.off.length)} ${settings.off.length === 1 ? 'check' : 'checks'} switched off`);
  if (settings.accepted.length > 0)
    parts.push(
      `${formatNumber(settings.accepted.length)} ${settings.accepted.length === 1 ? 'failure' : 'failures'} accepted`,
    );
  return parts.join(', ');
};

/**
 * A project's estimate on one line, for a list of projects (the overview): what is set aside and
 * the estimate from what this device read of it. Nothing for a project with nothing set aside.
 */
export function ProjectEstimate({ project }: { project: string }) {
  const { settings } = useCheckSettings(project);
  if (!hasSetAside(settings)) return null;
  return <ReadProjectEstimate project={project} settings={settings} />;
}

function ReadProjectEstimate({ project, settings }: { project: string; settings: CheckSettings }) {
  const { loading, snapshots } = useReadSnapshots(project);
  const reports = snapshots[0]?.reports;
  return (
    <span className="adjusted-health adjusted-health--compact">
      {reports ? (
        <AdjustedHealth reports={reports} settings={settings} compact />
      ) : (
        <>
          {ESTIMATE_LABEL}: {loading ? '…' : 'once the project is read on this device'}
        </>
      )}
      <span className="set-aside__none"> Set aside: {setAsidePhrase(settings)}</span>
    </span>
  );
}

/**
 * On a report's page: which of its checks are set aside in its project, with the analyst's words,
 * and the report's estimate without them beside the service's score shown above. Nothing when
 * none is. Loaded after the report's first paint (a part of the report page, not of /reports).
 */
export function SetAsideNote({ project, url, checks }: { project: string; url: string; checks: readonly Check[] }) {
  const { settings } = useCheckSettings(project);
  const page = pageKey(url);
  const setAside = setAsideOf(settings);
  const named = checks.filter((check) => setAside.isSetAside(check.name, page));
  if (named.length === 0) return null;
  const score = adjustedScore(checks, (check) => !setAside.isSetAside(check, page));
  return (
    <div className="notice notice--info set-aside-note">
      <p>
        Set aside in this project:{' '}
        {named.map((check, index) => {
          const off = offEntryOf(settings, check.name);
          const words = off ? off.reason : (acceptanceOf(settings, check.name, page)?.note ?? '');
          return (
            <span key={check.name}>
              {index > 0 ? '; ' : ''}
              <strong>{checkTitle(check.name)}</strong> ({off ? 'switched off' : 'accepted on this page'}
              {words ? (
                <>
                  : <ApiText value={words} />
                </>
              ) : null}
              )
            </span>
          );
        })}
        .
      </p>
      <p>
        {ESTIMATE_LABEL} without {named.length === 1 ? 'it' : 'them'}:{' '}
        {score === null ? 'no figure' : <RatingBadge rating={ratingFromScore(score)} score={score} />}. {ESTIMATE_NOTE}
      </p>
    </div>
  );
}

/** The analyst's words for a change: why it does not apply, or a note on an accepted page. */
export function ReasonForm({
  label,
  submitLabel,
  onSubmit,
  onCancel,
}: {
  label: string;
  submitLabel: string;
  onSubmit: (words: string) => void;
  onCancel: () => void;
}) {
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  // The form opens on the analyst's click: their words are what comes next.
  useEffect(() => input.current?.focus(), []);
  return (
    <form
      className="reason-form"
      onSubmit={(event) => {
        event.preventDefault();
        onSubmit(String(new FormData(event.currentTarget).get('words') ?? ''));
      }}
    >
      <label htmlFor={id}>{label}</label>
      <input id={id} name="words" type="text" maxLength={REASON_MAX_LENGTH} autoComplete="off" ref={input} />
      <div className="form__actions">
        <button type="submit" className="button button--primary button--small">
          {submitLabel}
        </button>
        <button type="button" className="button button--small" onClick={onCancel}>
          Cancel
        </button>
      </div>
    </form>
  );
}

export interface Undoable {
  words: string;
  undo: () => Promise<void>;
}

/** What was just done, said to screen readers, with its undo. */
export function UndoNotice({ last, onDone }: { last: Undoable | null; onDone: () => void }) {
  return (
    <div role="status" className="undo-notice-place">
      {last ? (
        <p className="notice notice--info undo-notice">
          {last.words}{' '}
          <button
            type="button"
            className="button button--small"
            onClick={() => {
              onDone();
              void last.undo();
            }}
          >
            Undo
          </button>
        </p>
      ) : null}
    </div>
  );
}

const whenSet = (iso: string) => {
  const time = Date.parse(iso);
  return time > 0 ? formatDate(time) : null;
};

function Reason({ words, empty }: { words: string; empty: ReactNode }) {
  return words === '' ? <span className="set-aside__none">{empty}</span> : <ApiText value={words} />;
}

/**
 * Everything set aside in a project, apart from the issues that count: the checks switched off
 * (with how many pages they fail on now) and the failures accepted on one page.
 */
export function SetAsideList({
  project,
  settings,
  audit,
}: {
  project: string;
  settings: CheckSettings;
  audit: ProjectAudit;
}) {
  if (!hasSetAside(settings)) return null;
  const failing = new Map(audit.issues.map((issue) => [issue.check, issue.pages]));
  return (
    <section className="set-aside" aria-labelledby="set-aside-title">
      <h3 id="set-aside-title">Set aside in this project</h3>
      <p className="set-aside__intro">
        Not counted in the dashboard’s estimate. The service still counts them in its own score.
      </p>
      {settings.off.length > 0 ? (
        <ul className="set-aside__list" aria-label="Checks switched off">
          {settings.off.map((entry) => {
            const title = checkTitle(entry.check);
            const pages = failing.get(entry.check) ?? 0;
            const date = whenSet(entry.at);
            return (
              <li key={entry.check}>
                <span className="set-aside__what">
                  <Link to={paths.issue.getHref(project, entry.check)}>{title}</Link>{' '}
                  <span className="badge badge--none">Switched off</span>
                </span>
                <span className="set-aside__why">
                  <Reason words={entry.reason} empty="No reason given" />
                  {' · '}
                  {pages > 0 ? `fails on ${formatPages(pages)}` : 'fails on no page now'}
                  {date ? ` · since ${date}` : ''}
                </span>
                <button
                  type="button"
                  className="button button--small"
                  aria-label={`Count ${title} again`}
                  onClick={() => void switchCheckOn(project, entry.check)}
                >
                  Count again
                </button>
              </li>
            );
          })}
        </ul>
      ) : null}
      {settings.accepted.length > 0 ? (
        <ul className="set-aside__list" aria-label="Failures accepted on one page">
          {settings.accepted.map((entry) => {
            const title = checkTitle(entry.check);
            return (
              <li key={`${entry.check}\n${entry.page}`}>
                <span className="set-aside__what">
                  <Link to={paths.issue.getHref(project, entry.check)}>{title}</Link> on <ApiText value={entry.page} />{' '}
                  <span className="badge badge--none">Accepted</span>
                </span>
                <span className="set-aside__why">
                  <Reason words={entry.note} empty="No note" />
                </span>
                <button
                  type="button"
                  className="button button--small"
                  aria-label={`Count ${title} again on ${entry.page}`}
                  onClick={() => void unacceptFailure(project, entry.check, entry.page)}
                >
                  Count again
                </button>
              </li>
            );
          })}
        </ul>
      ) : null}
    </section>
  );
}
