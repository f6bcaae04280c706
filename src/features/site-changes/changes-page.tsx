import { startTransition, useDeferredValue, useEffect, useMemo, useState } from 'react';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router';
import { ratingFromScore } from '../../api';
import { ApiText } from '../../components/api-text';
import { EmptyState } from '../../components/empty-state';
import { NamesNothing } from '../../components/names-nothing';
import { RatingBadge } from '../../components/rating-badge';
import { checkTitle, importanceLabel } from '../../lib/checks';
import { formatNumber, formatPages } from '../../lib/format-number';
import { paths } from '../../lib/paths';
import { changesProjectFromPathname } from '../../lib/paths-from-address';
import {
  compareStatesSteps,
  dayLabel,
  dayOf,
  defaultRange,
  rangeSearch,
  readChangeRange,
  DEFAULT_RANGE_DAYS,
  healthGrouping,
  healthOverTimeSteps,
  runDays,
  runInSlices,
  stateAtSteps,
  useProjectAudit,
  type CheckChange,
  type Health,
  type HealthPoint,
  type PageChange,
  type ReadReport,
  type StateComparison,
} from '../audit';
import { downloadChangeCsv } from './change-csv';
import { HealthChart } from './health-chart';
import { TimelineNotesEditor } from './timeline-notes';
import { hasSetAside, useCheckSettings, useTimelineNotes, type CheckSettings } from '../workspace';
import { runsInSegment, SegmentFilter, useSegmentChoice, withSegment } from '../segments';
import { withoutSetAside, type SetAsideComparison } from './set-aside-changes';
import '../project-pages/projects.css';
import './site-changes.css';

/** Rows shown before "Show all": a long list waits until someone asks for it. */
const SHOWN = 50;
const NO_PAGES: readonly PageChange[] = [];

const signed = (n: number) => (n > 0 ? `+${formatNumber(n)}` : n < 0 ? `−${formatNumber(-n)}` : '±0');
const healthFigure = (health: Health) => (health.average === null ? null : Math.round(health.average));

function HealthSummary({ comparison, from, to }: { comparison: StateComparison; from: string; to: string }) {
  const before = healthFigure(comparison.before.health);
  const after = healthFigure(comparison.after.health);
  const unscored = (health: Health) =>
    health.unscored > 0 ? ` (${formatPages(health.unscored)} without a score left out)` : '';
  return (
    <dl className="change-summary">
      <div>
        <dt>Health on {dayLabel(from)}</dt>
        <dd>
          {before === null ? 'No score' : <RatingBadge rating={ratingFromScore(before)} score={before} />}
          <span className="change-summary__aside">
            {formatPages(comparison.before.health.pages)}
            {unscored(comparison.before.health)}
          </span>
        </dd>
      </div>
      <div>
        <dt>Health on {dayLabel(to)}</dt>
        <dd>
          {after === null ? 'No score' : <RatingBadge rating={ratingFromScore(after)} score={after} />}
          <span className="change-summary__aside">
            {formatPages(comparison.after.health.pages)}
            {unscored(comparison.after.health)}
          </span>
        </dd>
      </div>
      <div>
        <dt>Difference</dt>
        <dd>
          {comparison.healthChange === null
            ? 'Cannot be told: one of the dates has no scored page'
            : `${signed(Math.round(comparison.healthChange))} points`}
        </dd>
      </div>
      <div>
        <dt>Pages</dt>
        <dd>
          {formatNumber(comparison.newPages.length)} new, {formatNumber(comparison.gonePages.length)} gone,{' '}
          {formatNumber(comparison.changed.length)} changed
          <span className="change-summary__aside">
            {comparison.notRerun > 0
              ? `${formatPages(comparison.notRerun)} not analysed again in between: their last run counts on both dates`
              : ''}
          </span>
        </dd>
      </div>
    </dl>
  );
}

type ListKind = 'newlyFailing' | 'fixed' | 'stillFailing' | 'onNewPages' | 'unclear';
const LIST_WORDS: Record<ListKind, string> = {
  newlyFailing: 'Newly failing',
  fixed: 'Fixed',
  stillFailing: 'Still failing',
  onNewPages: 'On new pages',
  unclear: 'Unclear',
};
const LIST_KINDS = Object.keys(LIST_WORDS) as ListKind[];

/** The page a row links to: its newer run. */
const runOf = (page: PageChange) => (page.after ?? page.before) as NonNullable<PageChange['after']>;

function Score({ run }: { run: PageChange['before'] }) {
  if (!run) return <span className="change-none">—</span>;
  return <RatingBadge rating={run.rating} score={run.score} />;
}

function PageLinks({ pages, label }: { pages: readonly PageChange[]; label: string }) {
  const [all, setAll] = useState(false);
  const shown = all ? pages : pages.slice(0, SHOWN);
  return (
    <>
      <ul className="change-pages" aria-label={label}>
        {shown.map((page) => (
          <li key={page.key}>
            <Link to={paths.report.getHref(runOf(page).id)}>
              <ApiText value={page.url || '(no URL)'} />
            </Link>{' '}
            <span className="change-pages__scores">
              <Score run={page.before} /> → <Score run={page.after} />
            </span>
          </li>
        ))}
      </ul>
      {pages.length > shown.length ? (
        <button type="button" className="button button--small no-print" onClick={() => setAll(true)}>
          Show all {formatPages(pages.length)}
        </button>
      ) : null}
      {pages.length > shown.length ? (
        <p className="print-only">{formatPages(pages.length - shown.length)} more in the CSV.</p>
      ) : null}
    </>
  );
}

function ChecksTable({ checks }: { checks: readonly CheckChange[] }) {
  const [open, setOpen] = useState<{ check: string; kind: ListKind } | null>(null);
  return (
    <table className="data-table change-checks">
      <caption className="visually-hidden">Checks that fail on either date, most important first</caption>
      <thead>
        <tr>
          <th scope="col">Check</th>
          <th scope="col">Importance</th>
          {LIST_KINDS.map((kind) => (
            <th scope="col" key={kind}>
              {LIST_WORDS[kind]}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {checks.map((change) => {
          const title = checkTitle(change.check);
          const opened = open?.check === change.check ? open.kind : null;
          return [
            <tr key={change.check}>
              <th scope="row" className="data-table__primary">
                {title}
              </th>
              <td data-label="Importance">{importanceLabel(change.importance)}</td>
              {LIST_KINDS.map((kind) => {
                const count = change[kind].length;
                return (
                  <td key={kind} data-label={LIST_WORDS[kind]} className={`change-count change-count--${kind}`}>
                    {count === 0 ? (
                      '0'
                    ) : (
                      <button
                        type="button"
                        className="button button--small button--ghost"
                        aria-expanded={opened === kind}
                        aria-label={`${title}: ${LIST_WORDS[kind].toLowerCase()} on ${formatPages(count)}`}
                        onClick={() => setOpen(opened === kind ? null : { check: change.check, kind })}
                      >
                        {formatNumber(count)}
                      </button>
                    )}
                  </td>
                );
              })}
            </tr>,
            opened ? (
              <tr key={`${change.check} pages`} className="change-checks__pages">
                <td colSpan={2 + LIST_KINDS.length}>
                  <PageLinks
                    pages={change[opened]}
                    label={`${title}: ${LIST_WORDS[opened].toLowerCase()}, ${formatPages(change[opened].length)}`}
                  />
                </td>
              </tr>
            ) : null,
          ];
        })}
      </tbody>
    </table>
  );
}

function ChangedPages({ pages }: { pages: readonly PageChange[] }) {
  const [all, setAll] = useState(false);
  // The rows come in a second render, after the counts above are drawn: laid out together they made
  // one long frame (bench: changes.mjs).
  // Kept as one array per input: a new one at every render would be deferred again each time.
  const rows = useMemo(() => (all ? pages : pages.slice(0, SHOWN)), [all, pages]);
  const shown = useDeferredValue(rows, NO_PAGES);
  const checks = (names: readonly string[]) => (names.length === 0 ? '—' : names.map(checkTitle).join(', '));
  return (
    <>
      <table className="data-table change-pages-table">
        <caption className="visually-hidden">Pages whose score or checks changed, the biggest drop first</caption>
        <thead>
          <tr>
            <th scope="col">Page</th>
            <th scope="col">Before</th>
            <th scope="col">After</th>
            <th scope="col">Change</th>
            <th scope="col">Newly failing</th>
            <th scope="col">Fixed</th>
          </tr>
        </thead>
        <tbody>
          {shown.map((page) => (
            <tr key={page.key}>
              <td className="data-table__primary">
                <Link to={paths.report.getHref(runOf(page).id)}>
                  <ApiText value={page.url || '(no URL)'} />
                </Link>
              </td>
              <td data-label="Before">
                <Score run={page.before} />
              </td>
              <td data-label="After">
                <Score run={page.after} />
              </td>
              <td data-label="Change">
                {page.scoreChange === null ? 'No score to compare' : signed(page.scoreChange)}
              </td>
              <td data-label="Newly failing">{checks(page.newlyFailing)}</td>
              <td data-label="Fixed">{checks(page.fixed)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      {pages.length > shown.length ? (
        <>
          <button type="button" className="button button--small no-print" onClick={() => setAll(true)}>
            Show all {formatPages(pages.length)}
          </button>
          <p className="print-only">{formatPages(pages.length - shown.length)} more in the CSV.</p>
        </>
      ) : null}
    </>
  );
}

/** Which checks were set aside, and what of theirs is not counted above (decision 78). */
function SetAsideChanges({ settings, view }: { settings: CheckSettings; view: SetAsideComparison }) {
  const flips = new Map(view.switchedOff.map((change) => [change.check, change]));
  return (
    <section className="project-section" aria-labelledby="changes-set-aside-title">
      <h2 id="changes-set-aside-title">Set aside in this project</h2>
      <p>
        Not counted as newly failing or fixed above: the analyst set them aside. Scores and health are the service’s,
        which counts every check.
      </p>
      {settings.off.length > 0 ? (
        <ul className="change-pages" aria-label="Checks switched off">
          {settings.off.map((entry) => {
            const change = flips.get(entry.check);
            return (
              <li key={entry.check}>
                <strong>{checkTitle(entry.check)}</strong>, switched off
                {entry.reason ? (
                  <>
                    {' '}
                    (<ApiText value={entry.reason} />)
                  </>
                ) : null}
                {': '}
                {change
                  ? `${formatNumber(change.newlyFailing.length)} newly failing, ${formatNumber(change.fixed.length)} fixed in this period`
                  : 'fails on neither date'}
              </li>
            );
          })}
        </ul>
      ) : null}
      {settings.accepted.length > 0 ? (
        <p>
          {formatNumber(settings.accepted.length)} {settings.accepted.length === 1 ? 'failure' : 'failures'} accepted on
          one page
          {view.acceptedFlips > 0
            ? `: ${formatNumber(view.acceptedFlips)} of their changes in this period not counted`
            : ''}
          .
        </p>
      ) : null}
    </section>
  );
}

interface RangeFormProps {
  project: string;
  /** The segment in view, kept when the dates change. */
  segmentId: string | null;
  from: string;
  to: string;
  today: string;
  days: string[];
}

function RangeForm({ project, segmentId, from, to, today, days }: RangeFormProps) {
  const navigate = useNavigate();
  const go = (a: string, b: string) =>
    void navigate(withSegment(paths.changes.getHref(project, rangeSearch(a, b)), segmentId));
  const previous = days.length >= 2 ? { from: days.at(-2) as string, to: days.at(-1) as string } : null;
  const last30 = defaultRange(today);
  return (
    <form
      className="filters change-range no-print"
      aria-label="Dates to compare"
      key={`${from} ${to}`}
      onSubmit={(event) => {
        event.preventDefault();
        const data = new FormData(event.currentTarget);
        go(String(data.get('from') ?? ''), String(data.get('to') ?? ''));
      }}
    >
      <label className="filter">
        <span className="filter__label">First date</span>
        <input type="date" name="from" defaultValue={from} required />
      </label>
      <label className="filter">
        <span className="filter__label">Second date</span>
        <input type="date" name="to" defaultValue={to} required />
      </label>
      <div className="change-range__actions">
        <button type="submit" className="button button--primary">
          Compare
        </button>
        {from !== last30.from || to !== last30.to ? (
          <button type="button" className="button" onClick={() => go(last30.from, last30.to)}>
            Last {DEFAULT_RANGE_DAYS} days
          </button>
        ) : null}
        {previous ? (
          <button type="button" className="button" onClick={() => go(previous.from, previous.to)}>
            Since the previous run ({dayLabel(previous.from)})
          </button>
        ) : (
          <span className="change-range__note">One day of runs so far: nothing earlier to compare with.</span>
        )}
      </div>
    </form>
  );
}

/** What the page shows, worked out of a project's runs for two dates. */
interface WorkedOut {
  comparison: StateComparison;
  /** The days with runs, oldest first. */
  days: string[];
  /** The health chart's points. */
  points: HealthPoint[];
}

function* workOut(reports: readonly ReadReport[], fromAt: number, toAt: number): Generator<void, WorkedOut> {
  const before = yield* stateAtSteps(reports, fromAt);
  const after = yield* stateAtSteps(reports, toAt);
  const comparison = yield* compareStatesSteps(before, after);
  yield;
  const days = runDays(reports);
  yield;
  const points = yield* healthOverTimeSteps(reports, { by: healthGrouping(reports) });
  return { comparison, days, points };
}

/**
 * What was worked out, by the runs' array (a new read is a new array) and the two dates: the page
 * is mounted again as the app settles after its first data, and a large project's comparison is
 * not worth doing twice.
 */
const workedOut = new WeakMap<readonly ReadReport[], Map<string, WorkedOut>>();
const rangeKey = (fromAt: number, toAt: number) => `${fromAt} ${toAt}`;
const keptWork = (reports: readonly ReadReport[], fromAt: number, toAt: number) =>
  workedOut.get(reports)?.get(rangeKey(fromAt, toAt));

/**
 * The change report's figures, worked out in slices after the render (thousands of runs would
 * block the page for longer than a person notices), then shown in a transition, which React
 * renders in slices too. Undefined until they are.
 */
function useWorkedOut(reports: readonly ReadReport[] | undefined, fromAt: number, toAt: number) {
  const [, setFinished] = useState(0);
  const kept = reports ? keptWork(reports, fromAt, toAt) : undefined;
  useEffect(() => {
    if (!reports || keptWork(reports, fromAt, toAt)) return;
    const stop = new AbortController();
    runInSlices(workOut(reports, fromAt, toAt), { signal: stop.signal, measure: 'changes: compare' }).then(
      (worked) => {
        let byRange = workedOut.get(reports);
        if (!byRange) workedOut.set(reports, (byRange = new Map()));
        byRange.set(rangeKey(fromAt, toAt), worked);
        startTransition(() => setFinished((count) => count + 1));
      },
      // Stopped: other runs or other dates are being worked out.
      () => undefined,
    );
    return () => stop.abort();
  }, [reports, fromAt, toAt]);
  return kept;
}

function Changes({ project }: { project: string }) {
  const [searchParams] = useSearchParams();
  const [now] = useState(() => Date.now());
  const handle = useProjectAudit(project, undefined);
  const allReports = useDeferredValue(handle.snapshot?.reports);
  // With a segment in the address bar, every figure below is the segment's.
  const segmentChoice = useSegmentChoice(project);
  const segment = segmentChoice.active;
  const reports = useMemo(() => {
    if (!allReports || segmentChoice.waiting) return undefined;
    return segment ? runsInSegment(allReports, segment.pattern) : allReports;
  }, [allReports, segment, segmentChoice.waiting]);
  // By its text: the router gives a new URLSearchParams on every navigation, even to the same address.
  const query = searchParams.toString();
  const range = useMemo(() => readChangeRange(new URLSearchParams(query), now), [query, now]);
  const { from, to, fromAt, toAt } = range;
  const worked = useWorkedOut(reports, fromAt, toAt);
  const comparison = worked?.comparison;
  const days = worked?.days ?? [];
  const points = worked?.points ?? [];
  const { settings } = useCheckSettings(project);
  const setAsideView = useMemo(
    () => (comparison ? withoutSetAside(comparison, settings) : undefined),
    [comparison, settings],
  );
  const counted = setAsideView?.counted;
  const notes = useTimelineNotes(project);
  const notesInRange = notes.filter((note) => note.date > from && note.date <= to);

  let body;
  if (handle.snapshot === undefined) {
    body = <p role="status">Looking for this project&apos;s runs on this device…</p>;
  } else if (handle.snapshot && !comparison) {
    body = <p role="status">Working out what changed…</p>;
  } else if (handle.snapshot === null) {
    body =
      handle.read.kind === 'reading' ? (
        <p role="status">Reading the project… The report shows once it is read.</p>
      ) : (
        <EmptyState title="This project has not been read on this device">
          <p>
            What changed is worked out from every run of every page, read once (one request for each 100 reports) and
            kept here.
          </p>
          <div className="state__actions">
            <button type="button" className="button button--primary" onClick={() => handle.start()}>
              Read the project
            </button>
            <Link to={paths.project.getHref(project)}>Its audit</Link>
          </div>
        </EmptyState>
      );
  } else if (segment && reports?.length === 0) {
    body = (
      <EmptyState title={`No page of this project is in ${segment.name}`}>
        <p>
          No address read on this device matches <ApiText value={segment.pattern} />.
        </p>
      </EmptyState>
    );
  } else if (comparison && comparison.after.health.pages === 0) {
    body = (
      <EmptyState title={`No page had been analysed by ${dayLabel(to)}`}>
        <p>
          {days.length > 0
            ? `The first run of this project is from ${dayLabel(days[0] as string)}. Pick a later date.`
            : 'None of the runs kept here has a date.'}
        </p>
      </EmptyState>
    );
  } else if (comparison && counted && setAsideView) {
    const nothingRerun =
      comparison.kept > 0 && comparison.notRerun === comparison.kept && comparison.newPages.length === 0;
    body = (
      <>
        {from === to ? (
          <p className="notice notice--info">Both dates are the same day: nothing can have changed.</p>
        ) : nothingRerun ? (
          <p className="notice notice--info">
            No page was analysed between {dayLabel(from)} and {dayLabel(to)}: nothing changed.
          </p>
        ) : comparison.before.health.pages === 0 ? (
          <p className="notice notice--info">No page had been analysed by {dayLabel(from)}: every page is new.</p>
        ) : null}
        {comparison.before.undated > 0 ? (
          <p className="notice notice--warning">
            {formatNumber(comparison.before.undated)} {comparison.before.undated === 1 ? 'run has' : 'runs have'} no
            date and {comparison.before.undated === 1 ? 'is' : 'are'} left out.
          </p>
        ) : null}
        <HealthSummary comparison={comparison} from={from} to={to} />
        {notesInRange.length > 0 ? (
          <section className="project-section" aria-labelledby="changes-notes-title">
            <h2 id="changes-notes-title">Notes in this period</h2>
            <ul className="change-notes">
              {notesInRange.map((note) => (
                <li key={note.id}>
                  <strong>{dayLabel(note.date)}</strong> <ApiText value={note.text} />
                </li>
              ))}
            </ul>
          </section>
        ) : null}
        <section className="project-section" aria-labelledby="changes-checks-title">
          <h2 id="changes-checks-title">By check</h2>
          {counted.checks.length === 0 ? (
            <p>No check {hasSetAside(settings) ? 'that counts ' : ''}fails on either date.</p>
          ) : (
            <ChecksTable checks={counted.checks} />
          )}
        </section>
        {hasSetAside(settings) ? <SetAsideChanges settings={settings} view={setAsideView} /> : null}
        <section className="project-section" aria-labelledby="changes-pages-title">
          <h2 id="changes-pages-title">Pages that changed ({formatNumber(comparison.changed.length)})</h2>
          {comparison.changed.length === 0 ? (
            <p>No page&apos;s score or checks changed.</p>
          ) : (
            <ChangedPages pages={counted.changed} />
          )}
        </section>
        <section className="project-section" aria-labelledby="changes-new-title">
          <h2 id="changes-new-title">New pages ({formatNumber(comparison.newPages.length)})</h2>
          {comparison.newPages.length === 0 ? (
            <p>No page was analysed for the first time in this period.</p>
          ) : (
            <PageLinks pages={comparison.newPages} label="New pages" />
          )}
        </section>
        <section className="project-section" aria-labelledby="changes-gone-title">
          <h2 id="changes-gone-title">Gone pages ({formatNumber(comparison.gonePages.length)})</h2>
          {comparison.gonePages.length === 0 ? (
            <p>Every page of the first date still has a run on the second.</p>
          ) : (
            <PageLinks pages={comparison.gonePages} label="Gone pages" />
          )}
        </section>
        <section className="project-section change-health" aria-labelledby="changes-health-title">
          <h2 id="changes-health-title">Health over time</h2>
          <HealthChart points={points} notes={notes} title={`Health of ${project} over time`} />
          <h3>Notes on the timeline</h3>
          <TimelineNotesEditor project={project} />
        </section>
      </>
    );
  }

  return (
    <section className="page changes-page" aria-labelledby="changes-title">
      <p className="back-link no-print">
        <Link to={withSegment(paths.project.getHref(project), segment?.id ?? null)}>← Audit of {project}</Link>
      </p>
      <div className="page-header">
        <h1 id="changes-title" className="project-title">
          What changed on <ApiText value={project} />
        </h1>
        {comparison && comparison.after.health.pages > 0 ? (
          <div className="change-actions no-print">
            <button
              type="button"
              className="button"
              onClick={() => downloadChangeCsv(project, from, to, counted ?? comparison, segment?.name)}
            >
              Download as CSV
            </button>
            <button type="button" className="button" onClick={() => window.print()}>
              Print
            </button>
          </div>
        ) : null}
      </div>
      <p className="project-summary">
        From {dayLabel(from)} to {dayLabel(to)}: each page as its latest run on or before each date.
      </p>
      {range.notices.map((notice) => (
        <p key={notice} className="notice notice--warning" role="status">
          {notice}
        </p>
      ))}
      <RangeForm project={project} segmentId={segment?.id ?? null} from={from} to={to} today={dayOf(now)} days={days} />
      <SegmentFilter choice={segmentChoice} />
      {body}
    </section>
  );
}

export function ChangesPage() {
  const { pathname } = useLocation();
  const project = changesProjectFromPathname(pathname);
  if (project === null) return <NamesNothing what="project" />;
  return <Changes key={project} project={project} />;
}
