import { useEffect, useId, useMemo } from 'react';
import type { I18n } from '@lingui/core';
import { Link, useLocation, useNavigate } from 'react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import { compareText } from '../../../lib/compare-text';
import { useCatalog } from '../../../lib/i18n/use-catalog';
import { paths } from '../../../lib/paths';
import { parseLocalFilters, useReadSnapshots, withLocalFilters, type LocalFilters } from '../../audit';
import { checksCatalog } from '../../../lib/check-catalog';
import { checkTitle, isKnownCheck } from '../../../lib/checks';
import { reportListCatalog } from '../catalog';
import '../audit-list.css';

type WithProblems = { problems: { name: string; passed: boolean | null }[] };

/** The check names failing on at least one of the reports, by title (in the language shown). */
function failingChecks(reports: readonly WithProblems[], i18n: I18n): string[] {
  const names = new Set<string>();
  for (const report of reports) {
    for (const check of report.problems) if (check.passed === false) names.add(check.name);
  }
  return [...names].sort((a, b) => compareText(checkTitle(a, i18n), checkTitle(b, i18n)));
}

/**
 * The `failing` filter in effect: a check the dashboard knows, or one that some report read has
 * (other versions of the service add checks). Any other value in the address bar is dropped.
 */
export function effectiveFailing(name: string | undefined, reports: readonly WithProblems[]): string | undefined {
  if (name === undefined || isKnownCheck(name)) return name;
  return reports.some((report) => report.problems.some((check) => check.name === name)) ? name : undefined;
}

interface AuditListFiltersProps {
  /** The project in view; undefined for every project read on this device. */
  project: string | undefined;
  /** On the project's page the reading is offered just above, not through a link. */
  onProjectPage: boolean;
  /** Loads the list these filters switch to, so that it is there when one is chosen. */
  preload?: () => Promise<unknown>;
}

/**
 * Two filters the service cannot answer, from what was read for the audit on this device:
 * pages failing a check, and only the latest run of each URL. They live in the address bar
 * (`failing=meta_description`, `latest=1`) beside the list's own parameters.
 */
export default function AuditListFilters({ project, onProjectPage, preload }: AuditListFiltersProps) {
  useCatalog(reportListCatalog, checksCatalog);
  const { t, i18n } = useLingui();
  const location = useLocation();
  const navigate = useNavigate();
  const latestId = useId();
  const failingId = useId();
  const { loading, snapshots } = useReadSnapshots(project);
  const usable = snapshots.length > 0;
  useEffect(() => {
    if (usable) void preload?.();
  }, [usable, preload]);
  const reports = useMemo(() => snapshots.flatMap((snapshot) => snapshot.reports), [snapshots]);
  // By title in the language shown (a few dozen names at most: sorted at each render, no memo to
  // miss a change of language, which keeps the same instance).
  const checks = failingChecks(reports, i18n);
  const parsed = parseLocalFilters(new URLSearchParams(location.search));
  const filters: LocalFilters = { ...parsed, failing: effectiveFailing(parsed.failing, reports) };

  const apply = (next: LocalFilters) => {
    const search = new URLSearchParams(location.search);
    // Another filter is another list: back to its first page.
    for (const name of ['failing', 'latest', 'page']) search.delete(name);
    const base = search.toString();
    void navigate(withLocalFilters(base ? `${location.pathname}?${base}` : location.pathname, next));
  };

  if (loading && !filters.failing && !filters.latest) return null;
  if (!loading && snapshots.length === 0) {
    if (project === undefined) return null;
    return (
      <p className="audit-filters__hint">
        {onProjectPage ? (
          t`Once this project has been read (above), its pages can be filtered by failing check and by latest run.`
        ) : (
          <Trans>
            To filter by failing check or show only the latest run of each URL,{' '}
            <Link to={paths.project.getHref(project)}>read {project} for its audit</Link>.
          </Trans>
        )}
      </p>
    );
  }
  // A known check that fails nowhere still gets its option, so the select says what is applied.
  const options = filters.failing && !checks.includes(filters.failing) ? [filters.failing, ...checks] : checks;
  return (
    <div className="filters audit-filters" role="group" aria-label={t`Filters from the audit`}>
      <div className="filter">
        <label htmlFor={failingId}>{t`Failing check`}</label>
        <select
          id={failingId}
          value={filters.failing ?? ''}
          onChange={(event) => apply({ ...filters, failing: event.target.value || undefined })}
        >
          <option value="">{t`Any (no filter)`}</option>
          {options.map((name) => (
            <option key={name} value={name}>
              {checkTitle(name, i18n)}
            </option>
          ))}
        </select>
      </div>
      <div className="filter filter--checkbox">
        <input
          id={latestId}
          type="checkbox"
          checked={filters.latest === true}
          onChange={(event) => apply({ ...filters, latest: event.target.checked || undefined })}
        />
        <label htmlFor={latestId}>{t`Latest run per URL`}</label>
      </div>
    </div>
  );
}
