import { useEffect } from 'react';
import { Link } from 'react-router';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { describeError } from '../../api/error-words';
import { formatCount, formatNumber } from '../../lib/format-number';
import { paths } from '../../lib/paths';
import type { AccountRead, AccountReadOptions, AccountReadProgress } from '../audit';
import { projectQueries } from '../projects';
import { loadedReader } from './use-account-read';

/**
 * What the reader needs of the page: the projects list from the overview's own query (no second
 * request), and whether the person's own requests are on their way (this page's queries and
 * changes: the reader waits for them).
 */
function readOptions(queryClient: QueryClient): AccountReadOptions {
  return {
    listProjects: async () =>
      (await queryClient.fetchQuery(projectQueries.everyProject())).items.map((project) => ({
        name: project.name,
        reportCount: project.reportCount,
      })),
    foregroundBusy: () => queryClient.isFetching() + queryClient.isMutating() > 0,
    subscribeForeground: (listener) => {
      const queries = queryClient.getQueryCache().subscribe(listener);
      const mutations = queryClient.getMutationCache().subscribe(listener);
      return () => {
        queries();
        mutations();
      };
    },
  };
}

const projects = (count: number) => formatCount(count, 'project', 'projects');

/** "2 of 5 projects, 340 of 1,200 reports" */
function figures({ projects: total, projectsRead, reports, reportsRead }: AccountReadProgress): string {
  return `${formatNumber(projectsRead)} of ${projects(total)}, ${formatNumber(Math.min(reportsRead, reports))} of ${formatCount(reports, 'report', 'reports')}`;
}

function Progress({ progress }: { progress: AccountReadProgress | null }) {
  // Without figures yet, a bar that says it is under way: the same place either way.
  return progress ? (
    <progress
      className="account-read__progress"
      aria-label="Reports read"
      max={Math.max(progress.reports, 1)}
      value={Math.min(progress.reportsRead, progress.reports)}
    />
  ) : (
    <progress className="account-read__progress" aria-label="Reports read" />
  );
}

/** Said while the projects are read and once they are: the same words keep the message's shape. */
const PARTS_BELOW =
  'Needs attention, health over time and the most common issues come after the account’s figures while the projects are read, and fill in as each one arrives.';

/**
 * The background read of the account's projects (features/audit/read-account.ts), started here
 * when `starts` (see useAccountRead) and said once: on a device that has read nothing yet, in
 * place of the three parts it fills (Needs attention, Health over time, Most common issues), which
 * come after the account's figures as the projects arrive.
 * Its place keeps one shape from the start to the end of the read (said done until closed), so
 * that nothing below it moves. The figures change with every page read; only the start, the stop
 * and the end are announced to screen readers.
 *
 * `live`: the read ran during this visit (its end is said); `unseen`: the device has not answered
 * yet, and this keeps the place of the likeliest answer on a first visit.
 */
export function AccountReadCard({
  read,
  starts,
  nothingRead,
  live,
  unseen = false,
  onClose,
}: {
  read: AccountRead;
  starts: boolean;
  nothingRead: boolean;
  live: boolean;
  unseen?: boolean;
  onClose: () => void;
}) {
  const queryClient = useQueryClient();
  // In: this part's code comes with the reader's.
  const reader = loadedReader();
  useEffect(() => {
    if (starts) reader.startAccountRead(readOptions(queryClient));
  }, [starts, reader, queryClient]);
  const onStart = () => reader.startAccountRead(readOptions(queryClient));
  const onStop = reader.stopAccountRead;
  let body;
  let announcement = '';
  switch (read.kind) {
    case 'idle':
      return null;
    case 'listing':
    case 'reading':
    case 'elsewhere': {
      const progress = read.kind === 'listing' ? null : read.progress;
      announcement =
        read.kind === 'elsewhere'
          ? 'Another tab is reading this account’s projects.'
          : 'Reading this account’s projects in the background.';
      const who =
        read.kind === 'elsewhere'
          ? 'Another tab is reading this account’s projects in the background'
          : 'Reading this account’s projects in the background';
      body = (
        <>
          <p className="account-read__text">
            {who}: {progress ? figures(progress) : 'listing the projects…'}
          </p>
          <Progress progress={progress} />
          <p className="overview-note">{PARTS_BELOW}</p>
          <p className="overview-more">
            <button type="button" className="button button--small" onClick={onStop}>
              Stop reading
            </button>
          </p>
        </>
      );
      break;
    }
    case 'stopped':
      announcement = 'Reading stopped.';
      body = (
        <>
          <p className="account-read__text">
            Reading this account’s projects stopped
            {read.progress ? `: ${figures(read.progress)}` : ''}.
            {nothingRead ? ' Open a project to read it, or go on reading them in the background.' : ''}
          </p>
          <p className="overview-more">
            <button type="button" className="button button--small" onClick={onStart}>
              Go on reading
            </button>{' '}
            {nothingRead ? <Link to={paths.projects.getHref()}>Projects</Link> : null}
          </p>
        </>
      );
      break;
    case 'failed': {
      const { title, detail } = describeError(read.error);
      announcement = 'Reading this account’s projects failed.';
      body = (
        <>
          <p className="account-read__text">
            <strong>This account’s projects could not be listed: {title}.</strong> {detail}
          </p>
          <p className="overview-more">
            <button type="button" className="button button--small" onClick={onStart}>
              Try again
            </button>
          </p>
        </>
      );
      break;
    }
    case 'done': {
      const { failed } = read.progress;
      if (!live && failed.length === 0) return null;
      announcement = 'Reading this account’s projects is over.';
      body = (
        <>
          <p className="account-read__text">
            Read this account’s projects in the background: {figures(read.progress)}.
            {failed.length > 0 ? (
              <>
                {' '}
                {failed.length === 1 ? 'One project' : projects(failed.length)} could not be read:{' '}
                {failed.map((project, index) => (
                  <span key={project}>
                    {index > 0 ? ', ' : ''}
                    <Link to={paths.project.getHref(project)}>{project}</Link>
                  </span>
                ))}
                .
              </>
            ) : null}
          </p>
          {/* In the places they had while reading: nothing moves as the read ends. */}
          {live ? <Progress progress={read.progress} /> : null}
          {live ? <p className="overview-note">{PARTS_BELOW}</p> : null}
          <p className="overview-more">
            {failed.length > 0 ? (
              <button type="button" className="button button--small" onClick={onStart}>
                Try again
              </button>
            ) : null}{' '}
            {live ? (
              <button type="button" className="button button--small" onClick={onClose}>
                Close
              </button>
            ) : null}
          </p>
        </>
      );
      break;
    }
  }
  const heading = <h2 id="overview-account-read-title">This account’s projects on this device</h2>;
  if (unseen) {
    return (
      <div className="overview-card overview-card--wide account-read" role="status">
        <span className="visually-hidden">Looking for the projects read on this device…</span>
        <div aria-hidden="true" className="overview-unseen account-read__unseen">
          <h2>This account’s projects on this device</h2>
          {body}
        </div>
      </div>
    );
  }
  return (
    <section className="overview-card overview-card--wide account-read" aria-labelledby="overview-account-read-title">
      {heading}
      {body}
      <p role="status" className="visually-hidden">
        {announcement}
      </p>
    </section>
  );
}
