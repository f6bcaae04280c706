import { Fragment, memo, useId, useState } from 'react';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router';
import * as v from 'valibot';
import { plural } from '@lingui/core/macro';
import type { I18n } from '@lingui/core';
import { useLingui } from '@lingui/react/macro';
import type { Importance } from '../../../api';
import { EmptyState } from '../../../components/empty-state';
import { csvFileName, downloadCsv, toCsv } from '../../../lib/csv';
import { formatNumber, formatPercent } from '../../../lib/i18n/format';
import type { AuditIssue, ProjectAudit } from '../../audit';
import { checksCatalog } from '../../../lib/check-catalog';
import {
  CHECK_GROUPS,
  checkGroupOf,
  checkGroupTitle,
  checkTitle,
  importanceLabel,
  type CheckGroupId,
} from '../../../lib/checks';
import { useCatalog } from '../../../lib/i18n/use-catalog';
import { paths } from '../../../lib/paths';
import { setAsideOf, switchCheckOff, switchCheckOn, type CheckSettings } from '../../workspace';
import { ReasonForm, SetAsideList, UndoNotice, type Undoable } from '../../set-aside';

const IMPORTANCE_FILTERS = ['high', 'medium', 'low', 'none'] as const;
const importanceKey = (importance: Importance | null) => importance ?? 'none';
const filterLabel = (key: (typeof IMPORTANCE_FILTERS)[number], i18n: I18n) =>
  importanceLabel(key === 'none' ? null : key, i18n);
const percent = (share: number) => formatPercent(share);

interface IssueFilters {
  group: CheckGroupId | '';
  importance: Importance | 'none' | '';
}
const NO_FILTERS: IssueFilters = { group: '', importance: '' };
/** As the address gives them: a group or importance this version does not know is no filter. */
const GroupSchema = v.fallback(v.picklist([...CHECK_GROUPS.map((group) => group.id), '' as const]), '');
const ImportanceSchema = v.fallback(v.picklist([...IMPORTANCE_FILTERS, '' as const]), '');

/**
 * The filters are in the address (`group`, `importance`), beside the segment: a view of the
 * issues can be shared, survives a reload, and Back from an issue's pages finds it as it was.
 * A change replaces the entry (the filters are not steps to go back through) and keeps the
 * issues in view.
 */
function useIssueFilters(): [IssueFilters, (next: IssueFilters) => void] {
  const [searchParams] = useSearchParams();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const group = v.parse(GroupSchema, searchParams.get('group') ?? '');
  const importance = v.parse(ImportanceSchema, searchParams.get('importance') ?? '');
  // Shown at once, before the navigation that puts them in the address has ended (a second
  // change meanwhile builds on the first); the address wins whenever it changes (Back, a link).
  const inAddress = `${group} ${importance}`;
  const [seen, setSeen] = useState(inAddress);
  const [filters, setFilters] = useState<IssueFilters>({ group, importance });
  if (seen !== inAddress) {
    setSeen(inAddress);
    setFilters({ group, importance });
  }
  const change = (next: IssueFilters) => {
    setFilters(next);
    const search = new URLSearchParams(searchParams);
    for (const key of ['group', 'importance'] as const) {
      if (next[key] === '') search.delete(key);
      else search.set(key, next[key]);
    }
    const query = search.toString();
    void navigate(`${pathname}${query ? `?${query}` : ''}#project-issues-title`, { replace: true });
  };
  return [filters, change];
}

function issuesCsv(issues: readonly AuditIssue[]): string {
  return toCsv(
    ['Issue', 'Check', 'Group', 'Importance', 'Pages affected', 'Share of pages (%)', 'Impact'],
    issues.map((issue) => [
      // In English, whatever the dashboard's language: a CSV's values are stable keys.
      checkTitle(issue.check),
      issue.check,
      checkGroupTitle(checkGroupOf(issue.check)),
      importanceLabel(issue.importance),
      issue.pages,
      Math.round(issue.share * 1000) / 10,
      issue.impact,
    ]),
  );
}

/**
 * Every check failing on at least one page, highest impact (importance × pages) first; the checks
 * switched off for the project apart, below, with their reasons (never hidden).
 */
export const ProjectIssues = memo(function ProjectIssues({
  project,
  audit,
  settings,
  issueHref = (check) => paths.issue.getHref(project, check),
  segmentName,
  partial = false,
}: {
  project: string;
  audit: ProjectAudit;
  settings: CheckSettings;
  /** Where an issue leads: its pages (in the segment in view, if any). */
  issueHref?: (check: string) => string;
  /** The segment in view, if any: the CSV's name says whose issues it holds. */
  segmentName?: string;
  /** Of a first read still under way: the counts change with every page, and are not announced. */
  partial?: boolean;
}) {
  useCatalog(checksCatalog);
  const { t, i18n } = useLingui();
  const groupId = useId();
  const importanceId = useId();
  const [filters, setFilters] = useIssueFilters();
  const [settingAside, setSettingAside] = useState<string | null>(null);
  const [last, setLast] = useState<Undoable | null>(null);
  const setAside = setAsideOf(settings);
  const counted = audit.issues.filter((issue) => !setAside.isOff(issue.check));
  const acceptedOn = (check: string) => settings.accepted.filter((entry) => entry.check === check).length;
  const apart = (
    <>
      <UndoNotice last={last} onDone={() => setLast(null)} />
      <SetAsideList project={project} settings={settings} audit={audit} />
    </>
  );
  if (counted.length === 0) {
    return (
      <>
        <EmptyState title={t`No issues`}>
          <p>
            {audit.issues.length === 0
              ? t`No check fails on the latest run of any page of this project.`
              : t`Every check that fails here is set aside in this project (listed below).`}
          </p>
        </EmptyState>
        {apart}
      </>
    );
  }
  const groups = CHECK_GROUPS.filter((group) => counted.some((issue) => checkGroupOf(issue.check) === group.id));
  const shown = counted.filter(
    (issue) =>
      (filters.group === '' || checkGroupOf(issue.check) === filters.group) &&
      (filters.importance === '' || importanceKey(issue.importance) === filters.importance),
  );
  const maxImpact = counted[0]?.impact ?? 1;
  const filtered = filters.group !== '' || filters.importance !== '';
  const issues = counted.length;
  const shownCount = formatNumber(shown.length);
  const setAsideCount = formatNumber(settings.off.length);
  const issuesCount = filtered
    ? plural(issues, { one: `${shownCount} of # issue`, other: `${shownCount} of # issues` })
    : plural(issues, { one: '# issue', other: '# issues' });
  const pages = audit.pages;

  return (
    <div className="issues">
      <div className="filters" role="group" aria-label={t`Filter issues`}>
        <div className="filter">
          <label htmlFor={groupId}>{t`Group`}</label>
          <select
            id={groupId}
            value={filters.group}
            onChange={(event) =>
              setFilters({ ...filters, group: groups.find((g) => g.id === event.target.value)?.id ?? '' })
            }
          >
            <option value="">{t`All groups`}</option>
            {groups.map((group) => (
              <option key={group.id} value={group.id}>
                {checkGroupTitle(group.id, i18n)}
              </option>
            ))}
          </select>
        </div>
        <div className="filter">
          <label htmlFor={importanceId}>{t`Importance`}</label>
          <select
            id={importanceId}
            value={filters.importance}
            onChange={(event) =>
              setFilters({
                ...filters,
                importance: IMPORTANCE_FILTERS.find((i) => i === event.target.value) ?? '',
              })
            }
          >
            <option value="">{t({ message: 'All', comment: 'Issues of every importance' })}</option>
            {IMPORTANCE_FILTERS.map((importance) => (
              <option key={importance} value={importance}>
                {filterLabel(importance, i18n)}
              </option>
            ))}
          </select>
        </div>
        <button
          type="button"
          className="button"
          disabled={shown.length === 0}
          onClick={() => downloadCsv(csvFileName(project, segmentName, 'issues'), issuesCsv(shown))}
        >
          {filtered ? t`Download these issues (CSV)` : t`Download all issues (CSV)`}
        </button>
      </div>
      <p className="issues__count" aria-live={partial ? 'off' : 'polite'}>
        {settings.off.length > 0
          ? plural(pages, {
              one: `${issuesCount}, on # page (${setAsideCount} set aside, below)`,
              other: `${issuesCount}, on # pages (${setAsideCount} set aside, below)`,
            })
          : plural(pages, { one: `${issuesCount}, on # page`, other: `${issuesCount}, on # pages` })}
      </p>
      {shown.length === 0 ? (
        <EmptyState title={t`No issue matches these filters`}>
          <button type="button" className="button" onClick={() => setFilters(NO_FILTERS)}>
            {t`Clear filters`}
          </button>
        </EmptyState>
      ) : (
        <table className={`data-table issues-table${partial ? ' issues-table--partial' : ''}`}>
          <caption className="visually-hidden">{t`Issues of ${project}, highest impact first`}</caption>
          <thead>
            <tr>
              <th scope="col">{t`Issue`}</th>
              <th scope="col">{t`Group`}</th>
              <th scope="col">{t`Importance`}</th>
              <th scope="col" className="numeric">
                {t`Pages affected`}
              </th>
              <th scope="col" className="numeric">
                {t`Impact`}
              </th>
              <th scope="col">
                <span className="visually-hidden">{t`Settings`}</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {shown.map((issue) => {
              const title = checkTitle(issue.check, i18n);
              const accepted = acceptedOn(issue.check);
              return (
                <Fragment key={issue.check}>
                  <tr>
                    <td data-label={t`Issue`} className="data-table__primary">
                      <Link to={issueHref(issue.check)}>{title}</Link>
                    </td>
                    <td data-label={t`Group`}>{checkGroupTitle(checkGroupOf(issue.check), i18n)}</td>
                    <td data-label={t`Importance`}>{importanceLabel(issue.importance, i18n)}</td>
                    <td data-label={t`Pages affected`} className="numeric">
                      {formatNumber(issue.pages)} <span className="issues__share">({percent(issue.share)})</span>
                      {accepted > 0 ? (
                        <span className="issues__share">
                          {' · '}
                          {t({
                            comment: 'Of the pages failing the check: how many the analyst accepted it on',
                            message: plural(accepted, { one: '# accepted', other: '# accepted' }),
                          })}
                        </span>
                      ) : null}
                    </td>
                    <td data-label={t`Impact`} className="numeric">
                      <span className="impact">
                        <span className="impact__bar" aria-hidden="true">
                          <span style={{ width: `${Math.max(2, (issue.impact / maxImpact) * 100)}%` }} />
                        </span>
                        {formatNumber(issue.impact)}
                      </span>
                    </td>
                    <td data-label={t`Settings`}>
                      <button
                        type="button"
                        className="button button--small"
                        aria-expanded={settingAside === issue.check}
                        aria-label={t`Set aside ${title}`}
                        onClick={() => setSettingAside(settingAside === issue.check ? null : issue.check)}
                      >
                        {t({ message: 'Set aside', comment: 'Leaves the check out of this project’s figures' })}
                      </button>
                    </td>
                  </tr>
                  {settingAside === issue.check ? (
                    <tr className="issues-table__form">
                      <td colSpan={6}>
                        <ReasonForm
                          label={t`Why ${title} does not apply to this project (optional)`}
                          submitLabel={t`Set aside in this project`}
                          onCancel={() => setSettingAside(null)}
                          onSubmit={(reason) => {
                            setSettingAside(null);
                            const check = issue.check;
                            void switchCheckOff(project, check, reason).then(() =>
                              setLast({
                                words: t`${title} is set aside in this project.`,
                                undo: () => switchCheckOn(project, check),
                              }),
                            );
                          }}
                        />
                      </td>
                    </tr>
                  ) : null}
                </Fragment>
              );
            })}
          </tbody>
        </table>
      )}
      {apart}
    </div>
  );
});
