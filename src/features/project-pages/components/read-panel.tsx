import { describeError } from '../../../api/error-words';
import { RelativeTime } from '../../../components/relative-time';
import { formatNumber } from '../../../lib/format-number';
import { READ_PAGE_SIZE, isDeviceStoreAvailable, type ProjectAuditHandle, type ReadProgress } from '../../audit';

const requestsFor = (reports: number) => Math.max(1, Math.ceil(reports / READ_PAGE_SIZE));
const plural = (count: number, one: string, many: string) => `${formatNumber(count)} ${count === 1 ? one : many}`;

function progressText(progress: ReadProgress): string {
  if (progress.mode === 'refresh') return 'Looking for new, re-analysed and deleted reports…';
  if (progress.total === null) return 'Starting to read the reports…';
  return `${formatNumber(Math.min(progress.read, progress.total))} of ${plural(progress.total, 'report', 'reports')} read`;
}

/**
 * Where the project's reading stands, and what the person can do about it: read, cancel, read
 * again. The numbers change with every page read; only the start and the end are announced to
 * screen readers (the live region holds words, not figures), so they are not flooded.
 */
export function ReadPanel({ handle, reportCount }: { handle: ProjectAuditHandle; reportCount: number | undefined }) {
  const { snapshot, read, checkedAt } = handle;
  const kept = isDeviceStoreAvailable();
  let announcement = '';
  let body;

  if (read.kind === 'reading') {
    const { progress } = read;
    announcement = progress.mode === 'refresh' ? 'Checking the project for changes.' : 'Reading the project.';
    body = (
      <>
        <p className="read-panel__text">{progressText(progress)}</p>
        {progress.mode === 'full' ? (
          <progress
            className="read-panel__progress"
            aria-label="Reports read"
            max={progress.total ?? undefined}
            value={progress.total === null ? undefined : Math.min(progress.read, progress.total)}
          />
        ) : null}
        <button type="button" className="button button--small" onClick={handle.cancel}>
          Cancel reading
        </button>
      </>
    );
  } else if (read.kind === 'failed') {
    const { title, detail } = describeError(read.error);
    announcement = 'Reading the project failed.';
    body = (
      <>
        <p className="read-panel__text">
          <strong>Could not read the project: {title}.</strong> {detail}
          {snapshot ? ' The audit shown is from the last complete read.' : ''}
        </p>
        <button type="button" className="button button--small" onClick={() => handle.start()}>
          Try again
        </button>
      </>
    );
  } else if (read.kind === 'cancelled') {
    const { progress } = read;
    announcement = 'Reading stopped.';
    body = (
      <>
        <p className="read-panel__text">
          Reading stopped
          {progress.mode === 'full' && progress.total !== null
            ? ` after ${formatNumber(progress.read)} of ${plural(progress.total, 'report', 'reports')}`
            : ''}
          . {snapshot ? 'The audit shown is from the last complete read.' : 'Nothing of it was kept.'}
        </p>
        <button type="button" className="button button--small" onClick={() => handle.start()}>
          {snapshot ? 'Check again' : 'Read again'}
        </button>
      </>
    );
  } else if (snapshot === undefined) {
    body = (
      <p className="read-panel__text">
        {handle.audit
          ? 'Loading the reports kept on this device, to check them for changes…'
          : 'Looking for this project’s audit on this device…'}
      </p>
    );
  } else if (snapshot === null) {
    body = (
      <>
        <p className="read-panel__text">
          The audit reads every report of the project
          {reportCount !== undefined
            ? ` (${plural(reportCount, 'report', 'reports')}: ${plural(requestsFor(reportCount), 'request', 'requests')} of up to ${READ_PAGE_SIZE})`
            : ''}{' '}
          and keeps them on this device, so the next visit only asks for what changed.
        </p>
        <button type="button" className="button button--primary button--small" onClick={() => handle.start()}>
          Read the project
        </button>
      </>
    );
  } else {
    announcement = 'The audit is up to date.';
    body = (
      <>
        <p className="read-panel__text">
          Audit of {plural(snapshot.reports.length, 'report', 'reports')} read <RelativeTime iso={snapshot.readAt} />
          {checkedAt !== undefined ? (
            <>
              , checked for changes <RelativeTime iso={new Date(checkedAt).toISOString()} />
            </>
          ) : null}
          .
          {snapshot.unreadable ? (
            <>
              {' '}
              {plural(snapshot.unreadable, 'report', 'reports')} the service listed could not be read and{' '}
              {snapshot.unreadable === 1 ? 'is' : 'are'} left out.
            </>
          ) : null}
        </p>
        <button type="button" className="button button--small" onClick={() => handle.start({ full: true })}>
          Read everything again
        </button>
      </>
    );
  }

  return (
    <div className="read-panel">
      {body}
      {kept ? null : (
        <p className="read-panel__note">
          This browser keeps no data for this site (a private window?): the project is read again on every visit.
        </p>
      )}
      <p role="status" className="visually-hidden">
        {announcement}
      </p>
    </div>
  );
}
