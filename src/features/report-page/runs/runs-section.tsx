import { useEffect, useId, useRef, useState } from 'react';
import { plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from 'react-router';
import { useQueries, useQuery } from '@tanstack/react-query';
import type { Report } from '../../../api';
import { RatingBadge } from '../../../components/rating-badge';
import { ErrorState } from '../../../components/states';
import type { PreviousResult } from '../../kept-results';
import { ReportComparison, type ComparedSide } from '../../../components/report-comparison';
import { reportQueries } from '../../reports';
import { paths } from '../../../lib/paths';
import {
  defaultComparisonRun,
  mayHaveMoreRuns,
  RUN_SEARCH_PAGES,
  RUNS_PER_PAGE,
  runSearchParams,
  runsOfPage,
  runTime,
} from './runs';
import { ScoreTrend } from './score-trend';
import { dateTimeInWords } from '../moments';

/**
 * The reports of exactly this URL: pages of list matches sorted by URL, read one after another
 * while the last one read may be followed by more runs (`mayHaveMoreRuns`).
 */
function useRuns(report: Report, load: boolean) {
  const [count, setCount] = useState(1);
  const pages = useQueries({
    queries: Array.from({ length: count }, (_, index) => ({
      ...reportQueries.list(runSearchParams(report, index + 1)),
      enabled: load,
    })),
  });
  const loaded = pages.map((query) => query.data);
  let wanted = 1;
  let runSeen = false;
  for (const page of loaded) {
    if (!page) break;
    runSeen ||= page.items.some((item) => item.url === report.url);
    if (!mayHaveMoreRuns(page, report.url, runSeen)) break;
    wanted += 1;
  }
  const next = Math.min(wanted, RUN_SEARCH_PAGES);
  // Another page is needed once the last one read says so; never fewer (a refetch may shorten one).
  if (next > count) setCount(next);
  const failed = pages.find((query) => query.isError);
  const candidates = [report, ...loaded.flatMap((page) => page?.items ?? [])];
  return {
    // The report as this page shows it comes first, so that its fresh data wins over a list's copy.
    runs: runsOfPage(candidates, report.url),
    pending: pages.some((query) => query.isPending) || next > count,
    error: failed?.error ?? null,
    retry: () => void failed?.refetch(),
    complete: wanted <= RUN_SEARCH_PAGES,
    listedAt: pages[0]?.dataUpdatedAt ?? 0,
  };
}

const KEPT = 'kept';
const runLabel = (run: Report) => dateTimeInWords(run.generatedAt ?? run.createdAt);

/** Another run's full results: the list's copy when it has them, else the report itself. */
function useRunResults(run: Report | undefined, listedAt: number) {
  const withChecks = run && run.checks.length > 0 ? run : undefined;
  return useQuery({
    ...reportQueries.detail(run?.id ?? ''),
    enabled: run !== undefined,
    initialData: withChecks,
    initialDataUpdatedAt: listedAt,
  });
}

interface RunsSectionProps {
  report: Report;
  /** This report before its last re-analysis, if this device kept it and it differs. */
  kept: PreviousResult | null;
  /** Whether to look the runs up: once the section comes near the screen, or for printing. */
  load: boolean;
  onNearScreen: () => void;
}

/**
 * Calls `onNear` once the element is within a screen of the viewport. Findings come first: the
 * runs (a list request or two and their parsing) wait until someone scrolls towards them.
 * Without IntersectionObserver, at once.
 */
function useNearScreen(onNear: () => void) {
  const ref = useRef<HTMLElement>(null);
  useEffect(() => {
    const element = ref.current;
    if (!element || typeof IntersectionObserver === 'undefined') {
      onNear();
      return;
    }
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) {
          observer.disconnect();
          onNear();
        }
      },
      { rootMargin: '0px 0px 100% 0px' },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [onNear]);
  return ref;
}

/**
 * Runs of this page over time: every report of the same URL with its date and score, a trend,
 * and a comparison of this report with any other run, or with itself before its re-analysis.
 */
export function RunsSection({ report, kept, load, onNearScreen }: RunsSectionProps) {
  const { t } = useLingui();
  const sectionRef = useNearScreen(onNearScreen);
  const { runs, pending, error, retry, complete, listedAt } = useRuns(report, load);
  const others = runs.filter((run) => run.id !== report.id);
  const [choice, setChoice] = useState<string | null>(null);
  const selectId = useId();
  const fallback = kept ? KEPT : defaultComparisonRun(runs, report.id)?.id;
  const chosen = choice === KEPT && kept ? KEPT : others.some((run) => run.id === choice) ? choice : fallback;
  const chosenRun = chosen === KEPT ? undefined : others.find((run) => run.id === chosen);
  const chosenResults = useRunResults(chosenRun, listedAt);

  let comparison: { earlier: ComparedSide; later: ComparedSide } | null = null;
  if (chosen === KEPT && kept) {
    // The labels go into the comparison's sentences and headers (components/report-comparison.tsx).
    comparison = {
      earlier: {
        label: t({
          message: 'before the re-analysis',
          comment: 'A side of a comparison: in "Checks that changed, from {before} to {after}" and "Before ({before})"',
        }),
        report: kept.report,
      },
      later: {
        label: t({
          message: 'now',
          comment: 'A side of a comparison: in "Checks that changed, from {before} to {after}" and "After ({after})"',
        }),
        report,
      },
    };
  } else if (chosenRun && chosenResults.data) {
    const other: ComparedSide = { label: runLabel(chosenRun), report: chosenResults.data };
    const current: ComparedSide = {
      label: t({
        message: 'this report',
        comment:
          'A side of a comparison, beside a date: in "Checks that changed, from {before} to {after}" and "Before ({before})"',
      }),
      report,
    };
    const otherIsOlder = (runTime(chosenRun) ?? 0) <= (runTime(report) ?? 0);
    comparison = otherIsOlder ? { earlier: other, later: current } : { earlier: current, later: other };
  }

  // An element, never the service's text itself: <Trans> would read markup in a string as its own.
  const address = <span className="report-url-text">{report.url}</span>;
  const runCount = runs.length;
  const searched = RUN_SEARCH_PAGES * RUNS_PER_PAGE;
  const keptWhen = kept ? dateTimeInWords(kept.report.generatedAt) : '';
  const runOption = (run: Report) => {
    const when = runLabel(run);
    const score = run.score;
    return score === null ? t`The run of ${when}` : t`The run of ${when}, score ${score}`;
  };

  return (
    <section ref={sectionRef} className="runs" aria-labelledby="runs-title">
      <h2 id="runs-title">{t`Runs of this page`}</h2>
      {pending ? (
        <p role="status" className="no-print">
          {t`Looking for other reports of this page…`}
        </p>
      ) : error ? (
        <ErrorState error={error} onRetry={retry} />
      ) : (
        <>
          {others.length === 0 ? (
            <p>
              <Trans>
                This is the only report of {address}. Each new report of the same address adds a run here, so that its
                score can be followed over time.
              </Trans>
            </p>
          ) : (
            <div className="runs__overview">
              <ScoreTrend runs={runs} currentId={report.id} />
              <table className="data-table runs__table">
                <caption>
                  {plural(runCount, {
                    one: '# report of this address, newest first',
                    other: '# reports of this address, newest first',
                  })}
                </caption>
                <thead>
                  <tr>
                    <th scope="col">{t`Analysed`}</th>
                    <th scope="col">{t`Result`}</th>
                  </tr>
                </thead>
                <tbody>
                  {runs.map((run) => (
                    <tr key={run.id} aria-current={run.id === report.id ? 'true' : undefined}>
                      <td data-label={t`Analysed`}>
                        {run.id === report.id ? (
                          <span>
                            {runLabel(run)} <strong>{t`(this report)`}</strong>
                          </span>
                        ) : (
                          <Link to={paths.report.getHref(run.id)}>{runLabel(run)}</Link>
                        )}
                      </td>
                      <td data-label={t`Result`}>
                        <RatingBadge rating={run.rating} score={run.score} />
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
          {complete ? null : (
            <p className="field__hint">
              {plural(searched, {
                one: 'Only the first # report whose address contains this one was searched: some runs may be missing.',
                other:
                  'Only the first # reports whose address contains this one were searched: some runs may be missing.',
              })}
            </p>
          )}
        </>
      )}
      {kept || others.length > 0 ? (
        <section id="comparison" className="runs__comparison" aria-labelledby="comparison-title">
          <h3 id="comparison-title">
            {chosen === KEPT ? t`What changed since the previous analysis` : t`Compared with another run`}
          </h3>
          <div className="field runs__choice no-print">
            <label htmlFor={selectId}>{t`Compare this report with`}</label>
            <select id={selectId} value={chosen ?? ''} onChange={(event) => setChoice(event.target.value)}>
              {kept ? (
                <option value={KEPT}>{t`Its previous analysis (${keptWhen}), kept on this device`}</option>
              ) : null}
              {others.map((run) => (
                <option key={run.id} value={run.id}>
                  {runOption(run)}
                </option>
              ))}
            </select>
          </div>
          {comparison ? (
            <ReportComparison earlier={comparison.earlier} later={comparison.later} />
          ) : chosenResults.isError ? (
            <ErrorState error={chosenResults.error} onRetry={() => void chosenResults.refetch()} />
          ) : (
            <p role="status">{t`Loading that run…`}</p>
          )}
        </section>
      ) : null}
    </section>
  );
}
