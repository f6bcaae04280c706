import { useEffect } from 'react';
import { Link } from 'react-router';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { plural, t as translate } from '@lingui/core/macro';
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { describeError } from '../../api/error-words';
import { formatNumber } from '../../lib/i18n/format';
import { useCatalog } from '../../lib/i18n/use-catalog';
import { paths } from '../../lib/paths';
import { overviewCatalog } from '../attention';
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

/** "2 of 5 projects, 340 of 1,200 reports" */
function figures({ projects: total, projectsRead, reports, reportsRead }: AccountReadProgress): string {
  const projectsDone = formatNumber(projectsRead);
  const reportsDone = formatNumber(Math.min(reportsRead, reports));
  return translate({
    message: `${projectsDone} of ${plural(total, { one: '# project', other: '# projects' })}, ${reportsDone} of ${plural(reports, { one: '# report', other: '# reports' })}`,
    comment: 'How far the background read is: projects read of all, reports read of all',
  });
}

function Progress({ progress }: { progress: AccountReadProgress | null }) {
  const { t } = useLingui();
  // Without figures yet, a bar that says it is under way: the same place either way.
  return progress ? (
    <progress
      className="account-read__progress"
      aria-label={t`Reports read`}
      max={Math.max(progress.reports, 1)}
      value={Math.min(progress.reportsRead, progress.reports)}
    />
  ) : (
    <progress className="account-read__progress" aria-label={t`Reports read`} />
  );
}

/** Said while the projects are read and once they are: the same words keep the message's shape. */
const partsBelow = () =>
  translate`Needs attention, health over time and the most common issues come after the account’s figures while the projects are read, and fill in as each one arrives.`;

/** "Reading this account’s projects in the background: 2 of 5 projects, 340 of 1,200 reports" */
function readingInWords(elsewhere: boolean, progress: AccountReadProgress | null): string {
  if (!progress)
    return elsewhere
      ? translate`Another tab is reading this account’s projects in the background: listing the projects…`
      : translate`Reading this account’s projects in the background: listing the projects…`;
  const done = figures(progress);
  return elsewhere
    ? translate`Another tab is reading this account’s projects in the background: ${done}`
    : translate`Reading this account’s projects in the background: ${done}`;
}

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
  useCatalog(overviewCatalog);
  const { t } = useLingui();
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
          ? t`Another tab is reading this account’s projects.`
          : t`Reading this account’s projects in the background.`;
      body = (
        <>
          <p className="account-read__text">{readingInWords(read.kind === 'elsewhere', progress)}</p>
          <Progress progress={progress} />
          <p className="overview-note">{partsBelow()}</p>
          <p className="overview-more">
            <button type="button" className="button button--small" onClick={onStop}>
              {t`Stop reading`}
            </button>
          </p>
        </>
      );
      break;
    }
    case 'stopped': {
      announcement = t`Reading stopped.`;
      const done = read.progress ? figures(read.progress) : null;
      body = (
        <>
          <p className="account-read__text">
            {done === null
              ? t`Reading this account’s projects stopped.`
              : t`Reading this account’s projects stopped: ${done}.`}
            {nothingRead ? ` ${t`Open a project to read it, or go on reading them in the background.`}` : ''}
          </p>
          <p className="overview-more">
            <button type="button" className="button button--small" onClick={onStart}>
              {t`Go on reading`}
            </button>{' '}
            {nothingRead ? <Link to={paths.projects.getHref()}>{t`Projects`}</Link> : null}
          </p>
        </>
      );
      break;
    }
    case 'failed': {
      const { title, detail } = describeError(read.error);
      announcement = t`Reading this account’s projects failed.`;
      // The error's words as elements: <Trans> would read markup in a string as its own.
      const why = <>{title}</>;
      body = (
        <>
          <p className="account-read__text">
            <strong>
              <Trans>This account’s projects could not be listed: {why}.</Trans>
            </strong>{' '}
            {detail}
          </p>
          <p className="overview-more">
            <button type="button" className="button button--small" onClick={onStart}>
              {t`Try again`}
            </button>
          </p>
        </>
      );
      break;
    }
    case 'done': {
      const { failed } = read.progress;
      if (!live && failed.length === 0) return null;
      announcement = t`Reading this account’s projects is over.`;
      const done = figures(read.progress);
      const unreadCount = failed.length;
      // The projects, as sent: an element, never a string (<Trans> would read markup in one as its own).
      const unread = (
        <>
          {failed.map((project, index) => (
            <span key={project}>
              {index > 0 ? ', ' : ''}
              <Link to={paths.project.getHref(project)}>{project}</Link>
            </span>
          ))}
        </>
      );
      body = (
        <>
          <p className="account-read__text">
            {t`Read this account’s projects in the background: ${done}.`}
            {failed.length > 0 ? (
              <>
                {' '}
                <Trans>
                  <Plural
                    value={unreadCount}
                    _1="One project could not be read:"
                    one="# project could not be read:"
                    other="# projects could not be read:"
                  />{' '}
                  {unread}.
                </Trans>
              </>
            ) : null}
          </p>
          {/* In the places they had while reading: nothing moves as the read ends. */}
          {live ? <Progress progress={read.progress} /> : null}
          {live ? <p className="overview-note">{partsBelow()}</p> : null}
          <p className="overview-more">
            {failed.length > 0 ? (
              <button type="button" className="button button--small" onClick={onStart}>
                {t`Try again`}
              </button>
            ) : null}{' '}
            {live ? (
              <button type="button" className="button button--small" onClick={onClose}>
                {t`Close`}
              </button>
            ) : null}
          </p>
        </>
      );
      break;
    }
  }
  const title = t`This account’s projects on this device`;
  const heading = <h2 id="overview-account-read-title">{title}</h2>;
  if (unseen) {
    return (
      <div className="overview-card overview-card--wide account-read" role="status">
        <span className="visually-hidden">{t`Looking for the projects read on this device…`}</span>
        <div aria-hidden="true" className="overview-unseen account-read__unseen">
          <h2>{title}</h2>
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
