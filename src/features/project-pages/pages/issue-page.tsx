import { Fragment, useMemo, useState } from 'react';
import { Link, useLocation, useSearchParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { CopyMarkdown } from '../../../components/copy-markdown';
import { Pagination } from '../../../components/pagination';
import { RatingBadge } from '../../../components/rating-badge';
import { RelativeTime } from '../../../components/relative-time';
import { EmptyState } from '../../../components/empty-state';
import { NamesNothing } from '../../../components/names-nothing';
import { ErrorState } from '../../../components/states';
import { csvFileName, downloadCsv, toCsv } from '../../../lib/csv';
import { compareText } from '../../../lib/compare-text';
import { formatNumber, formatPercent } from '../../../lib/i18n/format';
import { useCatalog } from '../../../lib/i18n/use-catalog';
import { projectPagesCatalog } from '../catalog';
import { pageParam } from '../../../lib/list-state';
import { paths } from '../../../lib/paths';
import { issueFromPathname } from '../../../lib/paths-from-address';
import { affectedPages, pageKey, useProjectAudit } from '../../audit';
import {
  acceptanceOf,
  acceptFailure,
  offEntryOf,
  switchCheckOn,
  unacceptFailure,
  useCheckSettings,
  useCheckSettingsHistory,
} from '../../workspace';
import { ApiText } from '../../../components/api-text';
import { EarlierNotes, EarlierReasons, ReasonForm, UndoNotice, type Undoable } from '../../set-aside';
import { checksCatalog } from '../../../lib/check-catalog';
import { checkGroupOf, checkGroupTitle, checkTitle, describeFinding, importanceLabel } from '../../../lib/checks';
import { reportQueries } from '../../reports';
import { runsInSegment, SegmentFilter, useSegmentChoice, useSegmentedAudit, withSegment } from '../../segments';
import { ReadPanel } from '../components/read-panel';
import '../projects.css';

const PER_PAGE = 50;

/** "Fails on 3 of 12 pages (25%)", of the segment in view if any. */
function failsOn(failing: number, pages: number, share: number, segment: string | undefined): string {
  const some = formatNumber(failing);
  const percent = formatPercent(share);
  return segment === undefined
    ? plural(pages, {
        one: `Fails on ${some} of # page (${percent})`,
        other: `Fails on ${some} of # pages (${percent})`,
      })
    : plural(pages, {
        one: `Fails on ${some} of # page of ${segment} (${percent})`,
        other: `Fails on ${some} of # pages of ${segment} (${percent})`,
      });
}

function Issue({ project, check }: { project: string; check: string }) {
  const { t, i18n } = useLingui();
  const [searchParams] = useSearchParams();
  const count = useQuery(reportQueries.count(project));
  const handle = useProjectAudit(project, count.data);
  const { snapshot } = handle;
  const title = checkTitle(check, i18n);
  // With a segment in the address bar, the pages and figures are the segment's.
  const segmentChoice = useSegmentChoice(project);
  const segment = segmentChoice.active;
  const audit = useSegmentedAudit(snapshot?.reports, handle.audit, segment);

  const { loaded: settingsLoaded, settings } = useCheckSettings(project);
  const history = useCheckSettingsHistory(project);
  const [accepting, setAccepting] = useState<string | null>(null);
  const [last, setLast] = useState<Undoable | null>(null);
  const failing = useMemo(() => {
    if (!snapshot || segmentChoice.waiting) return [];
    const reports = segment ? runsInSegment(snapshot.reports, segment.pattern) : snapshot.reports;
    return affectedPages(reports, check)
      .sort((a, b) => compareText(a.report.url, b.report.url))
      .map((page) => ({ ...page, key: pageKey(page.report.url) }));
  }, [snapshot, check, segment, segmentChoice.waiting]);
  // Pages where the analyst accepted the failure are listed apart, below: never hidden.
  const { pages, accepted } = useMemo(() => {
    const split: { pages: typeof failing; accepted: typeof failing } = { pages: [], accepted: [] };
    for (const page of failing) (acceptanceOf(settings, check, page.key) ? split.accepted : split.pages).push(page);
    return split;
  }, [failing, settings, check]);
  const off = offEntryOf(settings, check);
  const issue = audit?.issues.find((candidate) => candidate.check === check);
  const currentPage = pageParam().parse(searchParams.get('page')) ?? 1;
  const lastPage = Math.max(1, Math.ceil(pages.length / PER_PAGE));
  const shown = pages.slice((currentPage - 1) * PER_PAGE, currentPage * PER_PAGE);
  const hrefFor = (page: number) => {
    const search = new URLSearchParams(searchParams);
    if (page > 1) search.set('page', String(page));
    else search.delete('page');
    return `?${search.toString()}`;
  };
  const auditHref = withSegment(paths.project.getHref(project), segment?.id ?? null);
  const segmentName = segment?.name;

  const exportCsv = () =>
    downloadCsv(
      csvFileName(project, segment?.name, check, 'pages'),
      // Every failing page, as on screen: the accepted ones are marked, not left out.
      toCsv(
        ['URL', 'Report', 'Score', 'Rating', 'Generated', 'Importance', 'What was found', 'Accepted', 'Why accepted'],
        failing.map(({ report, check: found, key }) => {
          const acceptance = acceptanceOf(settings, check, key);
          return [
            report.url,
            report.id,
            report.score,
            report.rating,
            report.generatedAt,
            found.importance,
            // In English, whatever the dashboard's language: a CSV's values are stable keys.
            describeFinding(found, 2000),
            acceptance ? 'yes' : 'no',
            acceptance?.note ?? '',
          ];
        }),
      ),
    );

  // Until the pages and the figures are both known, nothing that depends on them shows: they then
  // come in one frame, and nothing on the page moves down under them.
  const waiting =
    snapshot === undefined || segmentChoice.waiting || (snapshot !== null && (!settingsLoaded || audit === undefined));
  let body;
  if (waiting) {
    body = <p role="status">{t`Looking for this project's audit on this device…`}</p>;
  } else if (snapshot === null) {
    body = count.isError ? <ErrorState error={count.error} onRetry={() => void count.refetch()} /> : null;
  } else if (pages.length === 0) {
    body = (
      <EmptyState title={accepted.length > 0 ? t`No other page fails ${title}` : t`No page fails ${title}`}>
        <p>
          {accepted.length > 0
            ? t`The failure is accepted on every page where it fails (listed below).`
            : segment
              ? t`The latest run of every page of this segment (${segmentName}) passes this check, or never had it.`
              : t`The latest run of every page of this project passes this check, or never had it.`}
        </p>
        <Link to={auditHref} className="button">
          {t`Back to the audit`}
        </Link>
      </EmptyState>
    );
  } else if (shown.length === 0) {
    body = (
      <EmptyState title={t`This page is empty`}>
        <p>{t`There are fewer pages than this address asks for.`}</p>
        <Link to={hrefFor(1)} className="button">
          {t`Go to the first page`}
        </Link>
      </EmptyState>
    );
  } else {
    body = (
      <>
        <table className="data-table affected-table">
          <caption className="visually-hidden">{t`Pages failing ${title}, page ${currentPage} of ${lastPage}`}</caption>
          <thead>
            <tr>
              <th scope="col">{t`Page`}</th>
              <th scope="col">{t`Result`}</th>
              <th scope="col">{t`Generated`}</th>
              <th scope="col">{t`What was found`}</th>
              <th scope="col">
                <span className="visually-hidden">{t`Settings`}</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {shown.map(({ report, check: found, key }) => {
              const url = report.url;
              const where = url || t`(no URL)`;
              return (
                <Fragment key={report.id}>
                  <tr>
                    <td data-label={t`Page`} className="data-table__primary">
                      <Link to={paths.report.getHref(report.id)}>{where}</Link>
                    </td>
                    <td data-label={t`Result`}>
                      <RatingBadge rating={report.rating} score={report.score} />
                    </td>
                    <td data-label={t`Generated`}>
                      <RelativeTime iso={report.generatedAt} />
                    </td>
                    <td
                      data-label={t({
                        message: 'Found',
                        comment: 'What was found on the page, as its cell is labelled on a phone',
                      })}
                      className="affected-table__found"
                    >
                      {describeFinding(found, undefined, i18n)}
                    </td>
                    <td data-label={t`Settings`}>
                      <button
                        type="button"
                        className="button button--small"
                        aria-expanded={accepting === key}
                        aria-label={t`Accept on ${where}`}
                        onClick={() => setAccepting(accepting === key ? null : key)}
                      >
                        {t({ message: 'Accept here', comment: 'Accepts the failure of the check on this page' })}
                      </button>
                    </td>
                  </tr>
                  {accepting === key ? (
                    <tr>
                      <td colSpan={5}>
                        <ReasonForm
                          label={t`Note on accepting ${title} on this page (optional)`}
                          submitLabel={t`Accept on this page`}
                          onCancel={() => setAccepting(null)}
                          onSubmit={(note) => {
                            setAccepting(null);
                            void acceptFailure(project, check, key, note).then(() =>
                              setLast({
                                words: url ? t`${title} is accepted on ${url}.` : t`${title} is accepted on this page.`,
                                undo: () => unacceptFailure(project, check, key),
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
        <Pagination
          page={{
            currentPage,
            lastPage,
            total: pages.length,
            from: (currentPage - 1) * PER_PAGE + 1,
            to: (currentPage - 1) * PER_PAGE + shown.length,
          }}
          hrefFor={hrefFor}
          label={t`Pages failing ${title}`}
        />
      </>
    );
  }

  const group = checkGroupTitle(checkGroupOf(check), i18n);
  // Elements, never the strings themselves: <Trans> would read markup in a name as its own.
  const titleText = <>{title}</>;
  const projectText = <>{project}</>;
  const acceptedCount = accepted.length;
  const importance = issue ? importanceLabel(issue.importance, i18n).toLowerCase() : '';
  return (
    <section className="page" aria-labelledby="issue-title">
      <p className="back-link">
        <Link to={auditHref}>{t`← Audit of ${project}`}</Link>
      </p>
      <div className="page-header">
        <h1 id="issue-title" className="project-title">
          <Trans comment="The heading of an issue’s page: the check’s title, then the project">
            {titleText} <span className="issue-title__project">on {projectText}</span>
          </Trans>
        </h1>
        {/* Always in its place, disabled until there are pages: on a phone the header wraps, and
            a button that came later would push the whole page down. */}
        <button type="button" className="button" onClick={exportCsv} disabled={waiting || failing.length === 0}>
          {t`Download these pages (CSV)`}
        </button>
      </div>
      <SegmentFilter choice={segmentChoice} />
      {/* Above what the audit fills in when it arrives (the figures, the copy button), so that
          they do not push it down: it is on screen from the start, saying what is being read. */}
      <ReadPanel handle={handle} reportCount={count.data} />
      {!waiting && issue && audit ? (
        <p className="project-summary">
          {[
            failsOn(issue.pages, audit.pages, issue.share, segment?.name),
            t({
              message: `importance ${importance}`,
              comment: 'After how many pages fail the check: its importance, “high”',
            }),
            ...(group ? [group] : []),
          ].join(' · ')}
        </p>
      ) : null}
      {!waiting && failing.length > 0 ? (
        <CopyMarkdown
          words={{
            copy: t`Copy this issue and its pages as Markdown`,
            copied: t`Copied this issue and its pages as Markdown: paste them into a ticket or a chat.`,
            text: t`This issue and its pages as Markdown`,
          }}
          build={(markdown) =>
            markdown.issuePagesMarkdown(
              {
                project,
                check,
                importance: issue?.importance ?? null,
                pagesInProject: audit?.pages ?? null,
                pages: failing,
              },
              i18n,
            )
          }
        />
      ) : null}
      {off ? (
        <p className="notice notice--info">
          {t`Set aside in this project: not counted in the dashboard’s estimate.`}{' '}
          {off.reason ? (
            <>
              <Trans>
                Reason: <ApiText value={off.reason} />.
              </Trans>{' '}
            </>
          ) : null}
          <button type="button" className="button button--small" onClick={() => void switchCheckOn(project, check)}>
            {t`Count it again`}
          </button>
        </p>
      ) : null}
      {off ? <EarlierReasons history={history} check={check} current={off.reason} title={title} /> : null}
      <UndoNotice last={last} onDone={() => setLast(null)} />
      {body}
      {accepted.length > 0 ? (
        <section className="set-aside" aria-labelledby="accepted-title">
          <h2 id="accepted-title">
            {plural(acceptedCount, {
              1: 'Accepted on one page',
              one: 'Accepted on # page',
              other: 'Accepted on # pages',
            })}
          </h2>
          <p className="set-aside__intro">
            {t`Still failing, accepted by the analyst: not counted in the dashboard’s estimate.`}
          </p>
          <ul className="set-aside__list" aria-label={t`Pages where ${title} is accepted`}>
            {accepted.map(({ report, key }) => {
              const note = acceptanceOf(settings, check, key)?.note ?? '';
              const where = report.url || t`(no URL)`;
              return (
                <li key={report.id}>
                  <span className="set-aside__what">
                    <Link to={paths.report.getHref(report.id)}>{where}</Link>{' '}
                    <span className="badge badge--none">
                      {t({ message: 'Accepted', comment: 'A page where the analyst accepted the check’s failure' })}
                    </span>
                  </span>
                  <span className="set-aside__why">
                    {note ? <ApiText value={note} /> : <span className="set-aside__none">{t`No note`}</span>}
                  </span>
                  <button
                    type="button"
                    className="button button--small"
                    aria-label={t`Count again on ${where}`}
                    onClick={() => void unacceptFailure(project, check, key)}
                  >
                    {t`Count again`}
                  </button>
                  <EarlierNotes history={history} check={check} page={key} current={note} title={title} where={where} />
                </li>
              );
            })}
          </ul>
        </section>
      ) : null}
    </section>
  );
}

export function IssuePage() {
  // The checks' words (the issue's title, what was found) come with the page's, in one round trip.
  useCatalog(projectPagesCatalog, checksCatalog);
  const { pathname } = useLocation();
  const issue = issueFromPathname(pathname);
  if (!issue) return <NamesNothing what="issue" />;
  return <Issue key={`${issue.project}\n${issue.check}`} project={issue.project} check={issue.check} />;
}
