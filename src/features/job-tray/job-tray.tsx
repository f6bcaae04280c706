import { useEffect, useId, useLayoutEffect, useRef, useState, useSyncExternalStore, type RefObject } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { plural, t as translate } from '@lingui/core/macro';
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import {
  connectionId,
  countItems,
  exportFile,
  getJobQueue,
  jobsCatalog,
  jobTitle,
  roughDuration,
  settledCount,
  timeLeftMs,
  type Job,
} from '../jobs';
import { downloadFile } from '../exports';
import { useCatalog } from '../../lib/i18n/use-catalog';
import { jobTrayCatalog } from './catalog';
import { JobItems } from './job-items';
import { isActive, progressWords, trayGlance } from './tray-glance';
import '../jobs/jobs.css';

/**
 * The tray of background jobs, on every page once a job exists: progress, time left, pause,
 * cancel, retry, and a result per item. It says little to screen readers on purpose: a job's
 * start and a pause or cancel are announced here; its end is announced by a toast; the counts
 * are there to read, not read out at every item.
 *
 * It never hides the work (docs/decisions/0068): open while a job runs, docked beside the page on a
 * wide window; folded to one line (the job that matters and how far it is) once every job is over,
 * and on a narrow window; the page keeps the space it takes free, so that nothing needs to be put
 * away to reach what is under it.
 */
export function JobTray() {
  useCatalog(jobTrayCatalog);
  // The jobs' own words: their titles, their items' outcomes.
  useCatalog(jobsCatalog);
  const { t } = useLingui();
  const queryClient = useQueryClient();
  const queue = getJobQueue(queryClient);
  const jobs = useSyncExternalStore(queue.subscribe, queue.getSnapshot, queue.getSnapshot);
  const titleId = useId();
  const tray = useRef<HTMLElement>(null);
  const toggle = useRef<HTMLButtonElement>(null);
  const focusInside = useRef(false);

  useEffect(() => {
    void queue.resumeSaved();
  }, [queue]);

  const connection = connectionId();
  const shown = jobs.filter((job) => job.connection === connection);
  const active = shown.filter(isActive).length;
  // Open while something runs where it docks beside the page, folded once all is over (and on a
  // narrow window, where open it would lie over the page); Show / Hide holds until that changes.
  const allOver = active === 0;
  const [open, setOpen] = useState(() => !allOver && docksBeside());
  const [openedFor, setOpenedFor] = useState(allOver);
  if (openedFor !== allOver) {
    setOpenedFor(allOver);
    setOpen(!allOver && docksBeside());
  }

  useReservedSpace(tray, shown.length > 0);
  // Folding by itself takes away the buttons focus may be on (or was, before the job's end
  // removed them): focus goes to Show, not to the page's start.
  useLayoutEffect(() => {
    const focused = document.activeElement;
    const lost = focused === null || focused === document.body || tray.current?.contains(focused);
    if (!open && focusInside.current && lost) toggle.current?.focus();
  }, [open]);

  if (shown.length === 0) return null;
  const glance = open ? null : trayGlance(shown);
  return (
    <section
      ref={tray}
      className="job-tray"
      aria-labelledby={titleId}
      data-folded={!open}
      onFocus={() => {
        focusInside.current = true;
      }}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget)) focusInside.current = false;
      }}
    >
      <div className="job-tray__header">
        <h2 id={titleId} className="job-tray__title">
          {t`Background jobs`}{' '}
          {active > 0 ? (
            <span className="job-tray__count">{plural(active, { one: '(# running)', other: '(# running)' })}</span>
          ) : null}
        </h2>
        {glance ? (
          <p className="job-tray__glance">
            <span className="job-tray__glance-title">{jobTitle(glance.lead)}:</span>{' '}
            <span className="job-tray__glance-progress">{glance.progress}</span>
            {glance.others ? <span className="job-tray__glance-others"> · {glance.others}</span> : null}
          </p>
        ) : null}
        <button
          ref={toggle}
          type="button"
          className="button button--small"
          aria-expanded={open}
          onClick={() => setOpen((value) => !value)}
        >
          {open ? (
            <Trans>
              Hide <span className="visually-hidden">background jobs</span>
            </Trans>
          ) : (
            <Trans>
              Show <span className="visually-hidden">background jobs</span>
            </Trans>
          )}
        </button>
      </div>
      {glance && isActive(glance.lead) ? (
        // What the words beside it say, drawn: not a second progress bar for screen readers.
        <progress
          className="job-tray__glance-bar"
          max={glance.lead.items.length}
          value={settledCount(countItems(glance.lead.items))}
          aria-hidden="true"
        />
      ) : null}
      <Announcer jobs={shown} />
      {open ? (
        <ul className="job-tray__list">
          {shown.map((job) => (
            <li key={job.id}>
              <JobCard job={job} />
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}

/** Wide enough for the open tray to be a column beside the page (jobs.css, the same width). */
const docksBeside = () => window.matchMedia?.('(min-width: 64rem)').matches ?? true;

/**
 * The page keeps free the part of the window the tray covers: docked beside it (open, on a wide
 * window, the full height), the strip at the right edge; otherwise the band at the bottom, below
 * its content and as scroll padding, so that the last rows and a form's buttons scroll out from
 * under it and keyboard focus (Tab, the shortcuts' j / k) is never left beneath it. Measured,
 * because the tray's size follows its jobs and the window; jobs.css reads the measures.
 */
function useReservedSpace(tray: RefObject<HTMLElement | null>, shown: boolean) {
  useLayoutEffect(() => {
    const element = tray.current;
    if (!shown || !element) return;
    const root = document.documentElement;
    const measure = () => {
      const box = element.getBoundingClientRect();
      const beside = box.height > 0 && box.top <= 1 && box.bottom >= window.innerHeight - 1;
      const side = beside ? Math.max(0, Math.ceil(window.innerWidth - box.left)) : 0;
      const below = beside ? 0 : Math.max(0, Math.ceil(window.innerHeight - box.top));
      root.style.setProperty('--job-tray-side', `${side}px`);
      root.style.setProperty('--job-tray-space', `${below}px`);
    };
    measure();
    // Not in every test environment (jsdom): the first measure stands there.
    const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(measure);
    observer?.observe(element);
    window.addEventListener('resize', measure);
    return () => {
      observer?.disconnect();
      window.removeEventListener('resize', measure);
      root.style.removeProperty('--job-tray-space');
      root.style.removeProperty('--job-tray-side');
    };
  }, [tray, shown]);
}

/**
 * A job's state in words, with the time left while it runs: "About 3 minutes left.", "A few seconds
 * left." (not "About a few seconds left."). The estimate's steps are the jobs' (`roughDuration`,
 * which their `describeDuration` says inside a page's sentence): said here as whole sentences.
 */
function statusWords(job: Job, remaining: number, leftMs: number): string {
  // Another tab runs it: its progress as that tab last kept it; its controls are in that tab.
  if (job.inAnotherTab) {
    if (job.state === 'running') return translate`Running in another tab.`;
    if (job.state === 'paused') return translate`Paused in another tab.`;
    if (job.state === 'cancelled') return translate`Cancelled in another tab.`;
    return translate`Finished in another tab.`;
  }
  if (job.state === 'paused') return translate({ message: 'Paused.', context: 'a background job' });
  if (job.state === 'cancelled')
    return remaining > 0 ? translate`Cancelling: finishing what was sent…` : translate`Cancelled.`;
  if (job.state === 'finished') return translate`Finished.`;
  const rough = roughDuration(leftMs);
  switch (rough.unit) {
    case 'few-seconds':
      return translate`A few seconds left.`;
    case 'seconds': {
      const { seconds } = rough;
      return plural(seconds, { one: 'About # second left.', other: 'About # seconds left.' });
    }
    case 'minute':
      return translate`About a minute left.`;
    case 'minutes': {
      const { minutes } = rough;
      return plural(minutes, { one: 'About # minute left.', other: 'About # minutes left.' });
    }
  }
}

function JobCard({ job }: { job: Job }) {
  const { t } = useLingui();
  const queryClient = useQueryClient();
  const queue = getJobQueue(queryClient);
  const counts = countItems(job.items);
  const finished = settledCount(counts);
  const titleId = useId();
  const left = timeLeftMs(job, queue.measuredItemMs(job.id), queue.concurrency);
  const retryable = counts.failed + counts.cancelled + (job.state === 'running' ? 0 : counts.unknown);
  const over = job.state === 'finished' || job.state === 'cancelled';
  const isExport = job.spec.kind === 'export';

  const status = statusWords(job, counts.remaining, left);
  const title = jobTitle(job);
  const total = counts.total;

  return (
    <article className="job-card" aria-labelledby={titleId}>
      <h3 id={titleId} className="job-card__title">
        {title}
      </h3>
      <progress
        className="job-card__progress"
        max={counts.total}
        value={finished}
        aria-labelledby={titleId}
        aria-valuetext={t({ message: `${finished} of ${total}`, comment: 'Items of a background job done' })}
      />
      <p className="job-card__summary">
        {progressWords(job)}. {status}
      </p>
      {job.inAnotherTab ? null : (
        <div className="job-card__actions">
          {job.state === 'running' ? (
            <button type="button" className="button button--small" onClick={() => queue.pause(job.id)}>
              <Trans>
                Pause <span className="visually-hidden">{title}</span>
              </Trans>
            </button>
          ) : null}
          {job.state === 'paused' ? (
            <button type="button" className="button button--small" onClick={() => queue.resume(job.id)}>
              <Trans>
                Resume <span className="visually-hidden">{title}</span>
              </Trans>
            </button>
          ) : null}
          {!over ? (
            <button type="button" className="button button--small" onClick={() => queue.cancel(job.id)}>
              <Trans>
                Cancel <span className="visually-hidden">{title}</span>
              </Trans>
            </button>
          ) : null}
          {over && retryable > 0 ? (
            <button type="button" className="button button--small" onClick={() => queue.retry(job.id)}>
              <Trans>
                Retry <Plural value={retryable} one="# not done" other="# not done" />{' '}
                <span className="visually-hidden">in {title}</span>
              </Trans>
            </button>
          ) : null}
          {isExport && job.state === 'finished' && counts.failed === 0 ? (
            <button
              type="button"
              className="button button--small"
              onClick={() => void exportFile(job).then((file) => file && downloadFile(file.name, file.text, file.type))}
            >
              <Trans>
                Download <span className="visually-hidden">{title}</span>
              </Trans>
            </button>
          ) : null}
          {over ? (
            <button type="button" className="button button--small" onClick={() => queue.dismiss(job.id)}>
              <Trans>
                Dismiss <span className="visually-hidden">{title}</span>
              </Trans>
            </button>
          ) : null}
        </div>
      )}
      {isExport ? null : (
        <details className="job-card__items">
          <summary>{t({ message: 'Each item', comment: 'Opens the list of a background job’s items' })}</summary>
          <JobItems job={job} />
        </details>
      )}
    </article>
  );
}

/**
 * Says a job started, paused, resumed or was cancelled, and when it starts waiting for the
 * service (its items' countdown is read, not read out); its end is a toast. Never per item.
 */
function Announcer({ jobs }: { jobs: readonly Job[] }) {
  const { t } = useLingui();
  const seen = useRef(new Map<string, Job['state']>());
  const waited = useRef(new Set<string>());
  const region = useRef<HTMLParagraphElement>(null);
  useEffect(() => {
    let message: string | null = null;
    for (const job of jobs) {
      const before = seen.current.get(job.id);
      seen.current.set(job.id, job.state);
      const waiting = job.state === 'running' && job.items.some((item) => item.status === 'waiting');
      const title = jobTitle(job);
      if (waiting && !waited.current.has(job.id)) {
        message = t`${title}: the service asked us to wait. Waiting items are sent again by themselves.`;
      }
      if (waiting) waited.current.add(job.id);
      else waited.current.delete(job.id);
      if (before === job.state) continue;
      if (before === undefined && job.state === 'running') message = t`${title}: started.`;
      else if (job.state === 'paused') message = t`${title}: paused.`;
      else if (before === 'paused' && job.state === 'running') message = t`${title}: resumed.`;
      else if (job.state === 'cancelled') message = t`${title}: cancelled.`;
    }
    // Written to the live region directly: only changes of state are spoken, not every render (nor
    // again on a switch of language: each job's state is seen already).
    if (message !== null && region.current) region.current.textContent = message;
  }, [jobs, t]);
  return <p className="visually-hidden" role="status" ref={region} />;
}
