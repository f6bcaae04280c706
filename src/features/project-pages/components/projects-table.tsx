import { useLingui } from '@lingui/react/macro';
import { ApiText } from '../../../components/api-text';
import { Link } from 'react-router';
import type { Project, ProjectListParams, ProjectSortKey, Rating } from '../../../api';
import { SortableHeader } from '../../../components/sortable-header';
import { RATING_LABELS } from '../../../lib/rating';
import { formatNumber } from '../../../lib/i18n/format';
import { RelativeTime } from '../../../components/relative-time';
import { paths } from '../../../lib/paths';
import { projectListState } from '../../projects';
import { useAuditSummaries } from '../../audit';

interface ProjectsTableProps {
  projects: Project[];
  params: ProjectListParams;
  caption: string;
  busy: boolean;
  onSort: (sortBy: ProjectSortKey) => void;
}

/**
 * One tab stop per row, the project's link: deleting is on the project's page (issue 16).
 * "Last analysed" is the newest report of a project read on this device: the service's projects
 * list has no such field, and asking it per row would spend the request budget on a glance.
 */
export function ProjectsTable({ projects, params, caption, busy, onSort }: ProjectsTableProps) {
  const { t } = useLingui();
  const { summaries } = useAuditSummaries();
  const lastAnalysed = new Map(summaries.map((summary) => [summary.project, summary.lastGeneratedAt]));
  const { sortBy, sort } = projectListState.shown(params);
  const sorting = (key: ProjectSortKey) => ({ active: sortBy === key, direction: sort, onSort: () => onSort(key) });
  const someUnread = projects.some((project) => !lastAnalysed.has(project.name));
  return (
    <>
      <table className="data-table projects-table" aria-busy={busy}>
        <caption className="visually-hidden">{caption}</caption>
        <thead>
          <tr>
            <SortableHeader label={t`Name`} {...sorting('project')} />
            <th scope="col">{t`Reports`}</th>
            <th scope="col">{t`Average score`}</th>
            <th scope="col">{t`Last analysed`}</th>
            <SortableHeader label={t`Created`} {...sorting('created_at')} />
          </tr>
        </thead>
        <tbody>
          {projects.map((project) => (
            <tr key={project.name}>
              <td data-label={t`Name`} className="data-table__primary">
                <Link to={paths.project.getHref(project.name)} className="project-link">
                  {project.name ? <ApiText value={project.name} /> : t`(no name)`}
                </Link>
              </td>
              <td data-label={t`Reports`} className="numeric">
                {project.reportCount === null ? '—' : formatNumber(project.reportCount)}
              </td>
              <td data-label={t({ message: 'Average', comment: 'The average score’s column, on a phone' })}>
                <AverageScore score={project.averageScore} rating={project.rating} />
              </td>
              <td data-label={t({ message: 'Analysed', comment: 'The last analysed column, on a phone' })}>
                <LastAnalysed iso={lastAnalysed.get(project.name)} />
              </td>
              <td data-label={t`Created`}>
                <RelativeTime iso={project.createdAt} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      {someUnread ? (
        <p className="projects-table__note">
          {t`“Last analysed” is known for the projects opened on this device: opening one reads its reports.`}
        </p>
      ) : null}
    </>
  );
}

/** `undefined`: the project has not been read on this device, so its newest report is not known. */
function LastAnalysed({ iso }: { iso: string | null | undefined }) {
  const { t } = useLingui();
  if (iso === undefined) return <span className="projects-table__unread">{t`Not read yet`}</span>;
  // Read before summaries kept this field, or no report has a date: unknown until the next read.
  if (iso === null) return <span>—</span>;
  return <RelativeTime iso={iso} />;
}

/**
 * The average as a number with a bar: the same "Decent" badge on most rows told projects apart
 * poorly. The rating word is there for screen readers; the number carries the meaning, not the colour.
 */
function AverageScore({ score, rating }: { score: number | null; rating: Rating | null }) {
  if (score === null) return <span>—</span>;
  const rounded = Math.round(score);
  return (
    <span className="average-score">
      <span className="average-score__number">{rounded}</span>
      <span className="average-score__bar" aria-hidden="true">
        <span
          className={`average-score__fill average-score__fill--${rating ?? 'none'}`}
          style={{ width: `${Math.min(Math.max(rounded, 0), 100)}%` }}
        />
      </span>
      {rating ? <span className="visually-hidden">{` (${RATING_LABELS[rating]})`}</span> : null}
    </span>
  );
}
