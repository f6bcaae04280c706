import { plural, t as translate } from '@lingui/core/macro';
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { describeError } from '../../../api/error-words';
import { RelativeTime } from '../../../components/relative-time';
import { formatNumber } from '../../../lib/i18n/format';
import { READ_PAGE_SIZE, isDeviceStoreAvailable, type ProjectAuditHandle, type ReadProgress } from '../../audit';

const requestsFor = (reports: number) => Math.max(1, Math.ceil(reports / READ_PAGE_SIZE));

function progressText(progress: ReadProgress): string {
  if (progress.mode === 'refresh') return translate`Looking for new, re-analysed and deleted reports…`;
  if (progress.total === null) return translate`Starting to read the reports…`;
  const read = formatNumber(Math.min(progress.read, progress.total));
  const total = progress.total;
  return plural(total, { one: `${read} of # report read`, other: `${read} of # reports read` });
}

/** "Reading stopped after 40 of 120 reports.", or without the figures when there are none. */
function stoppedText(progress: ReadProgress): string {
  if (progress.mode !== 'full' || progress.total === null) return translate`Reading stopped.`;
  const read = formatNumber(progress.read);
  const total = progress.total;
  return plural(total, {
    one: `Reading stopped after ${read} of # report.`,
    other: `Reading stopped after ${read} of # reports.`,
  });
}

/** "(120 reports: 2 requests of up to 100)": what reading the project costs. */
function costText(reportCount: number): string {
  const reports = plural(reportCount, { one: '# report', other: '# reports' });
  const size = formatNumber(READ_PAGE_SIZE);
  const requestCount = requestsFor(reportCount);
  const requests = plural(requestCount, {
    one: `# request of up to ${size}`,
    other: `# requests of up to ${size}`,
  });
  return translate({
    message: `(${reports}: ${requests})`,
    comment: 'How many reports the project has, and how many requests reading them takes',
  });
}

/**
 * Where the project's reading stands, and what the person can do about it: read, cancel, read
 * again. The numbers change with every page read; only the start and the end are announced to
 * screen readers (the live region holds words, not figures), so they are not flooded.
 */
export function ReadPanel({ handle, reportCount }: { handle: ProjectAuditHandle; reportCount: number | undefined }) {
  const { t } = useLingui();
  const { snapshot, read, checkedAt } = handle;
  const kept = isDeviceStoreAvailable();
  let announcement = '';
  const cost = reportCount === undefined ? '' : costText(reportCount);
  let body;

  if (read.kind === 'reading') {
    const { progress } = read;
    announcement = progress.mode === 'refresh' ? t`Checking the project for changes.` : t`Reading the project.`;
    body = (
      <>
        <p className="read-panel__text">{progressText(progress)}</p>
        {progress.mode === 'full' ? (
          <progress
            className="read-panel__progress"
            aria-label={t`Reports read`}
            max={progress.total ?? undefined}
            value={progress.total === null ? undefined : Math.min(progress.read, progress.total)}
          />
        ) : null}
        <button type="button" className="button button--small" onClick={handle.cancel}>
          {t`Cancel reading`}
        </button>
      </>
    );
  } else if (read.kind === 'failed') {
    const error = describeError(read.error);
    // Elements, never the strings themselves: <Trans> would read markup in them as its own.
    const title = <>{error.title}</>;
    const detail = <>{error.detail}</>;
    announcement = t`Reading the project failed.`;
    body = (
      <>
        <p className="read-panel__text">
          <Trans>
            <strong>Could not read the project: {title}.</strong> {detail}
          </Trans>
          {snapshot ? ` ${t`The audit shown is from the last complete read.`}` : ''}
        </p>
        <button type="button" className="button button--small" onClick={() => handle.start()}>
          {t`Try again`}
        </button>
      </>
    );
  } else if (read.kind === 'cancelled') {
    const { progress } = read;
    announcement = t`Reading stopped.`;
    body = (
      <>
        <p className="read-panel__text">
          {stoppedText(progress)}{' '}
          {snapshot ? t`The audit shown is from the last complete read.` : t`Nothing of it was kept.`}
        </p>
        <button type="button" className="button button--small" onClick={() => handle.start()}>
          {snapshot ? t`Check again` : t`Read again`}
        </button>
      </>
    );
  } else if (snapshot === undefined) {
    body = (
      <p className="read-panel__text">
        {handle.audit
          ? t`Loading the reports kept on this device, to check them for changes…`
          : t`Looking for this project’s audit on this device…`}
      </p>
    );
  } else if (snapshot === null) {
    body = (
      <>
        <p className="read-panel__text">
          {reportCount === undefined
            ? t`The audit reads every report of the project and keeps them on this device, so the next visit only asks for what changed.`
            : t`The audit reads every report of the project ${cost} and keeps them on this device, so the next visit only asks for what changed.`}
        </p>
        <button type="button" className="button button--primary button--small" onClick={() => handle.start()}>
          {t`Read the project`}
        </button>
      </>
    );
  } else {
    announcement = t`The audit is up to date.`;
    const count = snapshot.reports.length;
    const unreadable = snapshot.unreadable;
    body = (
      <>
        <p className="read-panel__text">
          {checkedAt === undefined ? (
            <Trans>
              Audit of <Plural value={count} one="# report" other="# reports" /> read{' '}
              <RelativeTime iso={snapshot.readAt} />.
            </Trans>
          ) : (
            <Trans>
              Audit of <Plural value={count} one="# report" other="# reports" /> read{' '}
              <RelativeTime iso={snapshot.readAt} />, checked for changes{' '}
              <RelativeTime iso={new Date(checkedAt).toISOString()} />.
            </Trans>
          )}
          {unreadable ? (
            <>
              {' '}
              <Plural
                value={unreadable}
                one="# report the service listed could not be read and is left out."
                other="# reports the service listed could not be read and are left out."
              />
            </>
          ) : null}
        </p>
        <button type="button" className="button button--small" onClick={() => handle.start({ full: true })}>
          {t`Read everything again`}
        </button>
      </>
    );
  }

  return (
    <div className="read-panel">
      {body}
      {kept ? null : (
        <p className="read-panel__note">
          {t`This browser keeps no data for this site (a private window?): the project is read again on every visit.`}
        </p>
      )}
      <p role="status" className="visually-hidden">
        {announcement}
      </p>
    </div>
  );
}
