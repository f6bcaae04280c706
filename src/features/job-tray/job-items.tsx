import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from 'react-router';
import { DuplicateNotice } from '../report-actions';
import { useCatalog } from '../../lib/i18n/use-catalog';
import { useSecondsLeft } from '../../lib/use-seconds-left';
import { itemReason, jobsCatalog, LIMITED_TRIES, type ItemStatus, type Job, type JobItem } from '../jobs';
import { jobTrayCatalog } from './catalog';

/** What became of an item of a background job (a URL, a report, a page of an export). */
const STATUS_WORDS: Record<ItemStatus, MessageDescriptor> = {
  pending: msg({ message: 'Waiting', comment: 'An item of a background job, not sent yet' }),
  sending: msg({ message: 'In progress', comment: 'An item of a background job' }),
  waiting: msg({ message: 'Waiting for the service’s limit', comment: 'An item of a background job' }),
  done: msg({ message: 'Done', comment: 'An item of a background job' }),
  failed: msg({ message: 'Failed', context: 'an item of a background job' }),
  unknown: msg({ message: 'Unknown, checking', comment: 'An item of a background job whose answer was lost' }),
  skipped: msg({ message: 'Skipped', comment: 'An item of a background job' }),
  cancelled: msg({ message: 'Cancelled', comment: 'An item of a background job' }),
};

/**
 * One line per item: its URL or report, what became of it, and why; a store that left a second
 * report of its page says so, with the way to delete it. Shown by the tray and by the page that
 * started the job (new-report's bulk create): its words are this folder's, loaded first.
 */
export function JobItems({ job, linkTo }: { job: Job; linkTo?: (reportId: string) => string }) {
  useCatalog(jobTrayCatalog);
  // Why an item was skipped or failed, when the job itself knows, is the jobs' words.
  useCatalog(jobsCatalog);
  const { t } = useLingui();
  return (
    <ul className="job-items">
      {job.items.map((item) => {
        const reason = itemReason(item);
        return (
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
              t(STATUS_WORDS[item.status])
            )}
            {item.status === 'done' && item.settledByReading
              ? ` ${t`(confirmed by reading: the answer was lost)`}`
              : ''}
            {reason ? <span className="job-items__reason"> — {reason}</span> : null}
            {item.status === 'done' && item.reportId && item.duplicates ? (
              <DuplicateNotice kept={{ id: item.reportId, url: item.label }} found={item.duplicates} inItem />
            ) : null}
          </li>
        );
      })}
    </ul>
  );
}

/**
 * An item the service answered "not now": when it goes again, counting down (kept out of any
 * live region: the tray is read, not read out), and how many tries it has before it fails.
 */
function WaitWords({ item, paused }: { item: JobItem; paused: boolean }) {
  const { t } = useLingui();
  const seconds = useSecondsLeft(item.retryAt ?? 0);
  const what = item.waitingFor === 'service' ? t`Waiting for the service to be back` : t(STATUS_WORDS.waiting);
  const attempt = (item.limitedTries ?? 0) + 1;
  const tries = LIMITED_TRIES;
  if (paused)
    return (
      <Trans>
        {what} — next try when the job is resumed (try {attempt} of {tries})
      </Trans>
    );
  if (seconds > 0)
    return (
      <Trans>
        {what} — next try in <span aria-live="off">{seconds} s</span> (try {attempt} of {tries})
      </Trans>
    );
  return (
    <Trans>
      {what} — next try now (try {attempt} of {tries})
    </Trans>
  );
}
