import { startTransition, useDeferredValue, useEffect, useMemo, useState } from 'react';
import type { MessageDescriptor } from '@lingui/core';
import { msg, plural, t as translate } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router';
import { ratingFromScore } from '../../api';
import { ApiText } from '../../components/api-text';
import { EmptyState } from '../../components/empty-state';
import { NamesNothing } from '../../components/names-nothing';
import { RatingBadge } from '../../components/rating-badge';
import { checksCatalog } from '../../lib/check-catalog';
import { checkTitle, importanceLabel } from '../../lib/checks';
import { formatNumber } from '../../lib/i18n/format';
import { useCatalog } from '../../lib/i18n/use-catalog';
import { paths } from '../../lib/paths';
import { changesProjectFromPathname } from '../../lib/paths-from-address';
import {
  compareStatesSteps,
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
import { siteChangesCatalog } from './catalog';
import { dayInWords } from './day-words';
import '../project-pages/projects.css';
import './site-changes.css';

/** Rows shown before "Show all": a long list waits until someone asks for it. */
const SHOWN = 50;
const NO_PAGES: readonly PageChange[] = [];

/*
 * Every word here is said in the language on screen (the folder's catalog, ./catalog.ts): the
 * components call `useLingui()`, the helpers below are called from them. Dates are the days picked
 * (./day-words.ts), counts and numbers Intl's (lib/i18n/format.ts). What the service or the analyst
 * wrote (URLs, the project's name, a segment's, a note's words, a reason) stays as written.
 */

const signed = (n: number) => (n > 0 ? `+${formatNumber(n)}` : n < 0 ? `−${formatNumber(-n)}` : '±0');
const healthFigure = (health: Health) => (health.average === null ? null : Math.round(health.average));

/** "12 pages", "12 pages (2 pages without a score left out)": the pages a date's health counts. */
function healthPages(health: Health): string {
  const { pages, unscored } = health;
  const counted = plural(pages, { one: '# page', other: '# pages' });
  if (unscored === 0) return counted;
  return plural(unscored, {
    one: `${counted} (# page without a score left out)`,
    other: `${counted} (# pages without a score left out)`,
  });
}

const healthOn = (day: string) =>
  translate({ message: `Health on ${day}`, comment: 'The health (0–100) of the project’s pages on a date' });

function HealthSummary({ comparison, from, to }: { comparison: StateComparison; from: string; to: string }) {
  const { t } = useLingui();
  const before = healthFigure(comparison.before.health);
  const after = healthFigure(comparison.after.health);
  const fromDay = dayInWords(from);
  const toDay = dayInWords(to);
  const change = comparison.healthChange === null ? null : Math.round(comparison.healthChange);
  const signedChange = change === null ? '' : signed(change);
  const distance = change === null ? 0 : Math.abs(change);
  const notRerun = comparison.notRerun;
  const newPages = formatNumber(comparison.newPages.length);
  const gonePages = formatNumber(comparison.gonePages.length);
  const changedPages = formatNumber(comparison.changed.length);
  return (
    <dl className="change-summary">
      <div>
        <dt>{healthOn(fromDay)}</dt>
        <dd>
          {before === null ? t`No score` : <RatingBadge rating={ratingFromScore(before)} score={before} />}
          <span className="change-summary__aside">{healthPages(comparison.before.health)}</span>
        </dd>
      </div>
      <div>
        <dt>{healthOn(toDay)}</dt>
        <dd>
          {after === null ? t`No score` : <RatingBadge rating={ratingFromScore(after)} score={after} />}
          <span className="change-summary__aside">{healthPages(comparison.after.health)}</span>
        </dd>
      </div>
      <div>
        <dt>{t({ message: 'Difference', comment: 'Between the health on the two dates' })}</dt>
        <dd>
          {change === null
            ? t`Cannot be told: one of the dates has no scored page`
            : plural(distance, {
                one: `${signedChange} point`,
                other: `${signedChange} points`,
              })}
        </dd>
      </div>
      <div>
        <dt>{t`Pages`}</dt>
        <dd>
          {t`${newPages} new, ${gonePages} gone, ${changedPages} changed`}
          <span className="change-summary__aside">
            {notRerun > 0
              ? plural(notRerun, {
                  one: '# page not analysed again in between: its last run counts on both dates',
                  other: '# pages not analysed again in between: their last run counts on both dates',
                })
              : ''}
          </span>
        </dd>
      </div>
    </dl>
  );
}

type ListKind = 'newlyFailing' | 'fixed' | 'stillFailing' | 'onNewPages' | 'unclear';
/** The columns of the table by check: what became of a check's failures on the pages. */
const LIST_WORDS: Record<ListKind, MessageDescriptor> = {
  newlyFailing: msg({ message: 'Newly failing', comment: 'Checks that pass on the first date and fail on the second' }),
  fixed: msg({ message: 'Fixed', comment: 'Checks that fail on the first date and pass on the second' }),
  stillFailing: msg({ message: 'Still failing', comment: 'Checks that fail on both dates' }),
  onNewPages: msg({ message: 'On new pages', comment: 'Checks that fail on pages first analysed in the period' }),
  unclear: msg({ message: 'Unclear', comment: 'Checks whose outcome on a page cannot be told' }),
};
const LIST_KINDS = Object.keys(LIST_WORDS) as ListKind[];

/** A count's button in the table by check: "Title: newly failing on 3 pages". */
function kindOnPages(kind: ListKind, title: string, count: number): string {
  switch (kind) {
    case 'newlyFailing':
      return plural(count, { one: `${title}: newly failing on # page`, other: `${title}: newly failing on # pages` });
    case 'fixed':
      return plural(count, { one: `${title}: fixed on # page`, other: `${title}: fixed on # pages` });
    case 'stillFailing':
      return plural(count, { one: `${title}: still failing on # page`, other: `${title}: still failing on # pages` });
    case 'onNewPages':
      return plural(count, { one: `${title}: on new pages on # page`, other: `${title}: on new pages on # pages` });
    case 'unclear':
      return plural(count, { one: `${title}: unclear on # page`, other: `${title}: unclear on # pages` });
  }
}

/** The list of pages a count's button opens: "Title: newly failing, 3 pages". */
function kindPages(kind: ListKind, title: string, count: number): string {
  switch (kind) {
    case 'newlyFailing':
      return plural(count, { one: `${title}: newly failing, # page`, other: `${title}: newly failing, # pages` });
    case 'fixed':
      return plural(count, { one: `${title}: fixed, # page`, other: `${title}: fixed, # pages` });
    case 'stillFailing':
      return plural(count, { one: `${title}: still failing, # page`, other: `${title}: still failing, # pages` });
    case 'onNewPages':
      return plural(count, { one: `${title}: on new pages, # page`, other: `${title}: on new pages, # pages` });
    case 'unclear':
      return plural(count, { one: `${title}: unclear, # page`, other: `${title}: unclear, # pages` });
  }
}

/** Under a list cut at SHOWN rows: its button, and on paper where the rest is. */
function ShowAll({ total, shown, onShowAll }: { total: number; shown: number; onShowAll: () => void }) {
  const more = total - shown;
  if (more <= 0) return null;
  return (
    <>
      <button type="button" className="button button--small no-print" onClick={onShowAll}>
        {plural(total, { one: 'Show all # page', other: 'Show all # pages' })}
      </button>
      <p className="print-only">{plural(more, { one: '# more in the CSV.', other: '# more in the CSV.' })}</p>
    </>
  );
}

/** The page a row links to: its newer run. */
const runOf = (page: PageChange) => (page.after ?? page.before) as NonNullable<PageChange['after']>;

function Score({ run }: { run: PageChange['before'] }) {
  if (!run) return <span className="change-none">—</span>;
  return <RatingBadge rating={run.rating} score={run.score} />;
}

function PageLinks({ pages, label }: { pages: readonly PageChange[]; label: string }) {
  const { t } = useLingui();
  const [all, setAll] = useState(false);
  const shown = all ? pages : pages.slice(0, SHOWN);
  return (
    <>
      <ul className="change-pages" aria-label={label}>
        {shown.map((page) => (
          <li key={page.key}>
            <Link to={paths.report.getHref(runOf(page).id)}>
              <ApiText value={page.url || t`(no URL)`} />
            </Link>{' '}
            <span className="change-pages__scores">
              <Score run={page.before} /> → <Score run={page.after} />
            </span>
          </li>
        ))}
      </ul>
      <ShowAll total={pages.length} shown={shown.length} onShowAll={() => setAll(true)} />
    </>
  );
}

function ChecksTable({ checks }: { checks: readonly CheckChange[] }) {
  const { t, i18n } = useLingui();
  const [open, setOpen] = useState<{ check: string; kind: ListKind } | null>(null);
  return (
    <table className="data-table change-checks">
      <caption className="visually-hidden">{t`Checks that fail on either date, most important first`}</caption>
      <thead>
        <tr>
          <th scope="col">{t`Check`}</th>
          <th scope="col">{t`Importance`}</th>
          {LIST_KINDS.map((kind) => (
            <th scope="col" key={kind}>
              {t(LIST_WORDS[kind])}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {checks.map((change) => {
          const title = checkTitle(change.check, i18n);
          const opened = open?.check === change.check ? open.kind : null;
          return [
            <tr key={change.check}>
              <th scope="row" className="data-table__primary">
                {title}
              </th>
              <td data-label={t`Importance`}>{importanceLabel(change.importance, i18n)}</td>
              {LIST_KINDS.map((kind) => {
                const count = change[kind].length;
                return (
                  <td key={kind} data-label={t(LIST_WORDS[kind])} className={`change-count change-count--${kind}`}>
                    {count === 0 ? (
                      '0'
                    ) : (
                      <button
                        type="button"
                        className="button button--small button--ghost"
                        aria-expanded={opened === kind}
                        aria-label={kindOnPages(kind, title, count)}
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
                  <PageLinks pages={change[opened]} label={kindPages(opened, title, change[opened].length)} />
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
  const { t, i18n } = useLingui();
  const [all, setAll] = useState(false);
  // The rows come in a second render, after the counts above are drawn: laid out together they made
  // one long frame (bench: changes.mjs).
  // Kept as one array per input: a new one at every render would be deferred again each time.
  const rows = useMemo(() => (all ? pages : pages.slice(0, SHOWN)), [all, pages]);
  const shown = useDeferredValue(rows, NO_PAGES);
  const checks = (names: readonly string[]) =>
    names.length === 0 ? '—' : names.map((name) => checkTitle(name, i18n)).join(', ');
  return (
    <>
      <table className="data-table change-pages-table">
        <caption className="visually-hidden">{t`Pages whose score or checks changed, the biggest drop first`}</caption>
        <thead>
          <tr>
            <th scope="col">{t`Page`}</th>
            <th scope="col">{t({ message: 'Before', comment: 'The page’s score on the first date' })}</th>
            <th scope="col">{t({ message: 'After', comment: 'The page’s score on the second date' })}</th>
            <th scope="col">{t({ message: 'Change', comment: 'Of the page’s score, between the two dates' })}</th>
            <th scope="col">{t(LIST_WORDS.newlyFailing)}</th>
            <th scope="col">{t(LIST_WORDS.fixed)}</th>
          </tr>
        </thead>
        <tbody>
          {shown.map((page) => (
            <tr key={page.key}>
              <td className="data-table__primary">
                <Link to={paths.report.getHref(runOf(page).id)}>
                  <ApiText value={page.url || t`(no URL)`} />
                </Link>
              </td>
              <td data-label={t({ message: 'Before', comment: 'The page’s score on the first date' })}>
                <Score run={page.before} />
              </td>
              <td data-label={t({ message: 'After', comment: 'The page’s score on the second date' })}>
                <Score run={page.after} />
              </td>
              <td data-label={t({ message: 'Change', comment: 'Of the page’s score, between the two dates' })}>
                {page.scoreChange === null ? t`No score to compare` : signed(page.scoreChange)}
              </td>
              <td data-label={t(LIST_WORDS.newlyFailing)}>{checks(page.newlyFailing)}</td>
              <td data-label={t(LIST_WORDS.fixed)}>{checks(page.fixed)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <ShowAll total={pages.length} shown={shown.length} onShowAll={() => setAll(true)} />
    </>
  );
}

/** Which checks were set aside, and what of theirs is not counted above (decision 78). */
function SetAsideChanges({ settings, view }: { settings: CheckSettings; view: SetAsideComparison }) {
  const { t, i18n } = useLingui();
  const flips = new Map(view.switchedOff.map((change) => [change.check, change]));
  const accepted = settings.accepted.length;
  const notCounted = formatNumber(view.acceptedFlips);
  return (
    <section className="project-section" aria-labelledby="changes-set-aside-title">
      <h2 id="changes-set-aside-title">
        {t({ message: 'Set aside in this project', context: 'heading: the checks set aside' })}
      </h2>
      <p>
        {t`Not counted as newly failing or fixed above: the analyst set them aside. Scores and health are the service’s, which counts every check.`}
      </p>
      {settings.off.length > 0 ? (
        <ul className="change-pages" aria-label={t`Checks switched off`}>
          {settings.off.map((entry) => {
            const change = flips.get(entry.check);
            const title = checkTitle(entry.check, i18n);
            const newlyFailing = formatNumber(change?.newlyFailing.length ?? 0);
            const fixed = formatNumber(change?.fixed.length ?? 0);
            const flipped = change
              ? t`${newlyFailing} newly failing, ${fixed} fixed in this period`
              : t`fails on neither date`;
            return (
              <li key={entry.check}>
                {entry.reason ? (
                  <Trans>
                    <strong>{title}</strong>, switched off (<ApiText value={entry.reason} />
                    ): {flipped}
                  </Trans>
                ) : (
                  <Trans>
                    <strong>{title}</strong>, switched off: {flipped}
                  </Trans>
                )}
              </li>
            );
          })}
        </ul>
      ) : null}
      {accepted > 0 ? (
        <p>
          {view.acceptedFlips > 0
            ? plural(accepted, {
                one: `# failure accepted on one page: ${notCounted} of their changes in this period not counted.`,
                other: `# failures accepted on one page: ${notCounted} of their changes in this period not counted.`,
              })
            : plural(accepted, {
                one: '# failure accepted on one page.',
                other: '# failures accepted on one page.',
              })}
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
  const { t } = useLingui();
  const navigate = useNavigate();
  const go = (a: string, b: string) =>
    void navigate(withSegment(paths.changes.getHref(project, rangeSearch(a, b)), segmentId));
  const previous = days.length >= 2 ? { from: days.at(-2) as string, to: days.at(-1) as string } : null;
  const last30 = defaultRange(today);
  const previousDay = previous ? dayInWords(previous.from) : '';
  return (
    <form
      className="filters change-range no-print"
      aria-label={t`Dates to compare`}
      key={`${from} ${to}`}
      onSubmit={(event) => {
        event.preventDefault();
        const data = new FormData(event.currentTarget);
        go(String(data.get('from') ?? ''), String(data.get('to') ?? ''));
      }}
    >
      <label className="filter">
        <span className="filter__label">{t`First date`}</span>
        <input type="date" name="from" defaultValue={from} required />
      </label>
      <label className="filter">
        <span className="filter__label">{t`Second date`}</span>
        <input type="date" name="to" defaultValue={to} required />
      </label>
      <div className="change-range__actions">
        <button type="submit" className="button button--primary">
          {t({ message: 'Compare', comment: 'Button: compare the project on the two dates picked' })}
        </button>
        {from !== last30.from || to !== last30.to ? (
          <button type="button" className="button" onClick={() => go(last30.from, last30.to)}>
            {plural(DEFAULT_RANGE_DAYS, { one: 'Last # day', other: 'Last # days' })}
          </button>
        ) : null}
        {previous ? (
          <button type="button" className="button" onClick={() => go(previous.from, previous.to)}>
            {t`Since the previous run (${previousDay})`}
          </button>
        ) : (
          <span className="change-range__note">{t`One day of runs so far: nothing earlier to compare with.`}</span>
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
  const { t } = useLingui();
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
  const fromDay = dayInWords(from);
  const toDay = dayInWords(to);

  let body;
  if (handle.snapshot === undefined) {
    body = <p role="status">{t`Looking for this project's runs on this device…`}</p>;
  } else if (handle.snapshot && !comparison) {
    body = <p role="status">{t`Working out what changed…`}</p>;
  } else if (handle.snapshot === null) {
    body =
      handle.read.kind === 'reading' ? (
        <p role="status">{t`Reading the project… The report shows once it is read.`}</p>
      ) : (
        <EmptyState title={t`This project has not been read on this device`}>
          <p>
            {t`What changed is worked out from every run of every page, read once (one request for each 100 reports) and kept here.`}
          </p>
          <div className="state__actions">
            <button type="button" className="button button--primary" onClick={() => handle.start()}>
              {t`Read the project`}
            </button>
            <Link to={paths.project.getHref(project)}>{t`Its audit`}</Link>
          </div>
        </EmptyState>
      );
  } else if (segment && reports?.length === 0) {
    const segmentName = segment.name;
    body = (
      <EmptyState title={t`No page of this project is in ${segmentName}`}>
        <p>
          <Trans>
            No address read on this device matches <ApiText value={segment.pattern} />.
          </Trans>
        </p>
      </EmptyState>
    );
  } else if (comparison && comparison.after.health.pages === 0) {
    const firstDay = days.length > 0 ? dayInWords(days[0] as string) : '';
    body = (
      <EmptyState title={t`No page had been analysed by ${toDay}`}>
        <p>
          {days.length > 0
            ? t`The first run of this project is from ${firstDay}. Pick a later date.`
            : t`None of the runs kept here has a date.`}
        </p>
      </EmptyState>
    );
  } else if (comparison && counted && setAsideView) {
    const nothingRerun =
      comparison.kept > 0 && comparison.notRerun === comparison.kept && comparison.newPages.length === 0;
    const changedCount = formatNumber(comparison.changed.length);
    const undated = comparison.before.undated;
    const newCount = formatNumber(comparison.newPages.length);
    const goneCount = formatNumber(comparison.gonePages.length);
    body = (
      <>
        {from === to ? (
          <p className="notice notice--info">{t`Both dates are the same day: nothing can have changed.`}</p>
        ) : nothingRerun ? (
          <p className="notice notice--info">{t`No page was analysed between ${fromDay} and ${toDay}: nothing changed.`}</p>
        ) : comparison.before.health.pages === 0 ? (
          <p className="notice notice--info">{t`No page had been analysed by ${fromDay}: every page is new.`}</p>
        ) : null}
        {undated > 0 ? (
          <p className="notice notice--warning">
            {plural(undated, {
              one: '# run has no date and is left out.',
              other: '# runs have no date and are left out.',
            })}
          </p>
        ) : null}
        <HealthSummary comparison={comparison} from={from} to={to} />
        {notesInRange.length > 0 ? (
          <section className="project-section" aria-labelledby="changes-notes-title">
            <h2 id="changes-notes-title">{t`Notes in this period`}</h2>
            <ul className="change-notes">
              {notesInRange.map((note) => (
                <li key={note.id}>
                  <strong>{dayInWords(note.date)}</strong> <ApiText value={note.text} />
                </li>
              ))}
            </ul>
          </section>
        ) : null}
        <section className="project-section" aria-labelledby="changes-checks-title">
          <h2 id="changes-checks-title">{t`By check`}</h2>
          {counted.checks.length === 0 ? (
            <p>
              {hasSetAside(settings)
                ? t`No check that counts fails on either date.`
                : t`No check fails on either date.`}
            </p>
          ) : (
            <ChecksTable checks={counted.checks} />
          )}
        </section>
        {hasSetAside(settings) ? <SetAsideChanges settings={settings} view={setAsideView} /> : null}
        <section className="project-section" aria-labelledby="changes-pages-title">
          <h2 id="changes-pages-title">{t`Pages that changed (${changedCount})`}</h2>
          {comparison.changed.length === 0 ? (
            <p>{t`No page's score or checks changed.`}</p>
          ) : (
            <ChangedPages pages={counted.changed} />
          )}
        </section>
        <section className="project-section" aria-labelledby="changes-new-title">
          <h2 id="changes-new-title">{t`New pages (${newCount})`}</h2>
          {comparison.newPages.length === 0 ? (
            <p>{t`No page was analysed for the first time in this period.`}</p>
          ) : (
            <PageLinks pages={comparison.newPages} label={t`New pages`} />
          )}
        </section>
        <section className="project-section" aria-labelledby="changes-gone-title">
          <h2 id="changes-gone-title">{t`Gone pages (${goneCount})`}</h2>
          {comparison.gonePages.length === 0 ? (
            <p>{t`Every page of the first date still has a run on the second.`}</p>
          ) : (
            <PageLinks pages={comparison.gonePages} label={t`Gone pages`} />
          )}
        </section>
        <section className="project-section change-health" aria-labelledby="changes-health-title">
          <h2 id="changes-health-title">{t`Health over time`}</h2>
          <HealthChart points={points} notes={notes} title={t`Health of ${project} over time`} />
          <h3>{t`Notes on the timeline`}</h3>
          <TimelineNotesEditor project={project} />
        </section>
      </>
    );
  }

  return (
    <section className="page changes-page" aria-labelledby="changes-title">
      <p className="back-link no-print">
        <Link to={withSegment(paths.project.getHref(project), segment?.id ?? null)}>{t`← Audit of ${project}`}</Link>
      </p>
      <div className="page-header">
        <h1 id="changes-title" className="project-title">
          <Trans>
            What changed on <ApiText value={project} />
          </Trans>
        </h1>
        {comparison && comparison.after.health.pages > 0 ? (
          <div className="change-actions no-print">
            <button
              type="button"
              className="button"
              onClick={() => downloadChangeCsv(project, from, to, counted ?? comparison, segment?.name)}
            >
              {t`Download as CSV`}
            </button>
            <button type="button" className="button" onClick={() => window.print()}>
              {t`Print`}
            </button>
          </div>
        ) : null}
      </div>
      <p className="project-summary">
        {t`From ${fromDay} to ${toDay}: each page as its latest run on or before each date.`}
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
  // The checks' words (the checks' titles) come with the page's, in one round trip.
  useCatalog(siteChangesCatalog, checksCatalog);
  const { pathname } = useLocation();
  const project = changesProjectFromPathname(pathname);
  if (project === null) return <NamesNothing what="project" />;
  return <Changes key={project} project={project} />;
}
