import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { DuplicateNotice } from '../report-actions';
import { useSecondsLeft } from '../../lib/use-seconds-left';
import { LIMITED_TRIES, type ItemStatus, type Job, type JobItem } from '../jobs';

const STATUS_WORDS: Record<ItemStatus, string> = {
  pending: 'Waiting',
  sending: 'In progress',
  waiting: 'Waiting for the service’s limit',
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
          :{' '}
          {item.status === 'waiting' ? (
            <WaitWords item={item} paused={job.state !== 'running'} />
          ) : (
            STATUS_WORDS[item.status]
          )}
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

/**
 * An item the service answered "not now": when it goes again, counting down (kept out of any
 * live region: the tray is read, not read out), and how many tries it has before it fails.
 */
function WaitWords({ item, paused }: { item: JobItem; paused: boolean }) {
  const seconds = useSecondsLeft(item.retryAt ?? 0);
  const what = item.waitingFor === 'service' ? 'Waiting for the service to be back' : STATUS_WORDS.waiting;
  let next: ReactNode;
  if (paused) next = 'next try when the job is resumed';
  else if (seconds > 0)
    next = (
      <>
        next try in <span aria-live="off">{seconds} s</span>
      </>
    );
  else next = 'next try now';
  return (
    <>
      {what} — {next} (try {(item.limitedTries ?? 0) + 1} of {LIMITED_TRIES})
    </>
  );
}
