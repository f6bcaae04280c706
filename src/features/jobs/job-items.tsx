import { Link } from 'react-router';
import { DuplicateNotice } from '../report-actions';
import type { ItemStatus, Job } from './job-model';

const STATUS_WORDS: Record<ItemStatus, string> = {
  pending: 'Waiting',
  sending: 'In progress',
  done: 'Done',
  failed: 'Failed',
  unknown: 'Unknown, checking',
  skipped: 'Skipped',
  cancelled: 'Cancelled',
};

/**
 * One line per item: its URL or report, what became of it, and why; a store that left a second
 * report of its page says so, with the way to delete it.
 */
export function JobItems({ job, linkTo }: { job: Job; linkTo?: (reportId: string) => string }) {
  return (
    <ul className="job-items">
      {job.items.map((item) => (
        <li key={item.key} data-status={item.status}>
          {linkTo && item.reportId && (item.status === 'done' || item.status === 'skipped') ? (
            <Link to={linkTo(item.reportId)}>
              <bdi>{item.label}</bdi>
            </Link>
          ) : (
            <bdi>{item.label}</bdi>
          )}
          : {STATUS_WORDS[item.status]}
          {item.status === 'done' && item.settledByReading ? ' (confirmed by reading: the answer was lost)' : ''}
          {item.reason ? <span className="job-items__reason"> — {item.reason}</span> : null}
          {item.status === 'done' && item.reportId && item.duplicates ? (
            <DuplicateNotice kept={{ id: item.reportId, url: item.label }} found={item.duplicates} inItem />
          ) : null}
        </li>
      ))}
    </ul>
  );
}
