import { useEffect, useId, useRef, useState } from 'react';
import { Link } from 'react-router';
import { useQueries, useQuery } from '@tanstack/react-query';
import type { Report } from '../../../api';
import { RatingBadge } from '../../../components/rating-badge';
import { ErrorState } from '../../../components/states';
import { formatDateTime } from '../../../lib/format';
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
const runLabel = (run: Report) => formatDateTime(run.generatedAt ?? run.createdAt);

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
    comparison = {
      earlier: { label: 'before the re-analysis', report: kept.report },
      later: { label: 'now', report },
    };
  } else if (chosenRun && chosenResults.data) {
    const other: ComparedSide = { label: runLabel(chosenRun), report: chosenResults.data };
    const current: ComparedSide = { label: 'this report', report };
    const otherIsOlder = (runTime(chosenRun) ?? 0) <= (runTime(report) ?? 0);
    comparison = otherIsOlder ? { earlier: other, later: current } : { earlier: current, later: other };
  }

  return (
    <section ref={sectionRef} className="runs" aria-labelledby="runs-title">
      <h2 id="runs-title">Runs of this page</h2>
      {pending ? (
        <p role="status" className="no-print">
          Looking for other reports of this page…
        </p>
      ) : error ? (
        <ErrorState error={error} onRetry={retry} />
      ) : (
        <>
          {others.length === 0 ? (
            <p>
              This is the only report of <span className="report-url-text">{report.url}</span>. Each new report of the
              same address adds a run here, so that its score can be followed over time.
            </p>
          ) : (
            <div className="runs__overview">
              <ScoreTrend runs={runs} currentId={report.id} />
              <table className="data-table runs__table">
                <caption>{runs.length} reports of this address, newest first</caption>
                <thead>
                  <tr>
                    <th scope="col">Analysed</th>
                    <th scope="col">Result</th>
                  </tr>
                </thead>
                <tbody>
                  {runs.map((run) => (
                    <tr key={run.id} aria-current={run.id === report.id ? 'true' : undefined}>
                      <td data-label="Analysed">
                        {run.id === report.id ? (
                          <span>
                            {runLabel(run)} <strong>(this report)</strong>
                          </span>
                        ) : (
                          <Link to={paths.report.getHref(run.id)}>{runLabel(run)}</Link>
                        )}
                      </td>
                      <td data-label="Result">
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
              Only the first {RUN_SEARCH_PAGES * RUNS_PER_PAGE} reports whose address contains this one were searched:
              some runs may be missing.
            </p>
          )}
        </>
      )}
      {kept || others.length > 0 ? (
        <section id="comparison" className="runs__comparison" aria-labelledby="comparison-title">
          <h3 id="comparison-title">
            {chosen === KEPT ? 'What changed since the previous analysis' : 'Compared with another run'}
          </h3>
          <div className="field runs__choice no-print">
            <label htmlFor={selectId}>Compare this report with</label>
            <select id={selectId} value={chosen ?? ''} onChange={(event) => setChoice(event.target.value)}>
              {kept ? (
                <option value={KEPT}>
                  Its previous analysis ({formatDateTime(kept.report.generatedAt)}), kept on this device
                </option>
              ) : null}
              {others.map((run) => (
                <option key={run.id} value={run.id}>
                  The run of {runLabel(run)}
                  {run.score === null ? '' : `, score ${run.score}`}
                </option>
              ))}
            </select>
          </div>
          {comparison ? (
            <ReportComparison earlier={comparison.earlier} later={comparison.later} />
          ) : chosenResults.isError ? (
            <ErrorState error={chosenResults.error} onRetry={() => void chosenResults.refetch()} />
          ) : (
            <p role="status">Loading that run…</p>
          )}
        </section>
      ) : null}
    </section>
  );
}
