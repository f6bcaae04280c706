import { Suspense, useEffect, useId, useRef, useState, useSyncExternalStore, type RefObject } from 'react';
import { Link } from 'react-router';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { plural, t as translate } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import type { Privacy, Report, ReportListParams } from '../../../api';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { toast } from '../../../components/toast';
import { describeError } from '../../../api/error-words';
import { useCatalog } from '../../../lib/i18n/use-catalog';
import { paths } from '../../../lib/paths';
import { describeDuration, estimateForItems, EXPORT_PAGE_SIZE, jobsCatalog } from '../../jobs';
import { reportListCatalog } from '../catalog';
import {
  clearSelection,
  clickRow,
  enterSelectionScope,
  getSelectedIds,
  selectionScopeOf,
  setReportsSelected,
  subscribeSelection,
  useSelectedIds,
} from '../selection';
import '../../jobs/jobs.css';

// The actions and the queue are a file apart, loaded once the bar shows (it hands them the rows
// on screen, for the jobs' labels): the bar itself stays small, and so does the list of files the
// first paint must know about to load it.
const actions = () => import('../bulk-actions');
type BulkActions = Awaited<ReturnType<typeof actions>>;

/** What was not done when the actions' code is out of reach. */
type Undone = 'delete' | 'export' | 'reanalyse' | 'privacy';

/** The toast for an action whose code could not be loaded: whole sentences, in the language of the moment. */
function unreachableWords(undone: Undone): string {
  switch (undone) {
    case 'delete':
      return translate`Nothing was deleted: the code for it could not be loaded. Check the connection, then reload the page.`;
    case 'export':
      return translate`Nothing was exported: the code for it could not be loaded. Check the connection, then reload the page.`;
    case 'reanalyse':
      return translate`Nothing was analysed again: the code for it could not be loaded. Check the connection, then reload the page.`;
    case 'privacy':
      return translate`No privacy was changed: the code for it could not be loaded. Check the connection, then reload the page.`;
  }
}

/**
 * Runs an action with the actions' code; out of reach (offline, or a newer deployment removed the
 * file), a toast says that nothing happened. False then: the dialog stays, and the selection.
 */
async function withActions(undone: Undone, act: (code: BulkActions) => unknown): Promise<boolean> {
  let code: BulkActions;
  try {
    code = await actions();
  } catch {
    toast.error(unreachableWords(undone));
    return false;
  }
  await act(code);
  return true;
}

/** Seconds between "Delete" and the first request, during which Undo sends nothing. */
export const UNDO_DELETE_MS = 5_000;
const undoSeconds = UNDO_DELETE_MS / 1000;

/** A delete waiting for its Undo time to pass; kept outside the bar so that leaving the page does not lose it. */
interface PendingDelete {
  ids: string[];
  until: number;
  timer: ReturnType<typeof setTimeout>;
}
let pendingDelete: PendingDelete | null = null;
const pendingListeners = new Set<() => void>();
const emitPending = () => pendingListeners.forEach((listener) => listener());
const subscribePending = (listener: () => void) => {
  pendingListeners.add(listener);
  return () => pendingListeners.delete(listener);
};

function scheduleDelete(queryClient: QueryClient, ids: string[]) {
  if (pendingDelete) clearTimeout(pendingDelete.timer);
  const timer = setTimeout(() => {
    pendingDelete = null;
    emitPending();
    void withActions('delete', ({ startBulkDelete }) => startBulkDelete(queryClient, ids));
  }, UNDO_DELETE_MS);
  pendingDelete = { ids, until: Date.now() + UNDO_DELETE_MS, timer };
  emitPending();
}

function undoDelete() {
  if (!pendingDelete) return;
  clearTimeout(pendingDelete.timer);
  const count = pendingDelete.ids.length;
  pendingDelete = null;
  emitPending();
  toast.info(
    plural(count, {
      one: 'Nothing was deleted: the report stays.',
      other: 'Nothing was deleted: the # reports stay.',
    }),
  );
}

interface BulkBarProps {
  /** The view (search, filters, sort) the list shows; page and per_page are ignored. */
  params: ReportListParams;
  /** The view's number of reports, over all pages. */
  total: number;
  /** The rows on screen, in order. */
  rows: readonly Report[];
  /** What the list shows: a view of all reports, or a project's (the words say "in this view" or "in this project"). */
  scope: 'view' | 'project';
  /** The id of the list's pagination, which the link after the bar skips to. */
  paginationId: string;
}

type Dialog = 'delete' | 'privacy' | 'reanalyse' | 'reanalyse-view' | null;

/**
 * The selection's count and what can be done with it, above a reports list; and the view's
 * own actions: export it, or analyse all of its pages again. Loaded after the first rows.
 */
export function BulkBar({ params, total, rows, scope: listScope, paginationId }: BulkBarProps) {
  useCatalog(reportListCatalog);
  const { t } = useLingui();
  const queryClient = useQueryClient();
  const selected = useSelectedIds();
  const pending = useSyncExternalStore(
    subscribePending,
    () => pendingDelete,
    () => null,
  );
  const [dialog, setDialog] = useState<Dialog>(null);
  const [reading, setReading] = useState<{ read: number; total: number } | null>(null);
  const [busy, setBusy] = useState(false);
  const count = selected.size;
  // Two reports ticked, in the order they were ticked: report A, then report B.
  const pair = count === 2 ? ([...selected] as [string, string]) : null;
  const bar = useRef<HTMLDivElement>(null);

  useEffect(() => {
    // Out of reach (offline), these rows are still in the lists' cache, where the actions look too.
    actions().then(
      ({ rememberReports }) => rememberReports(rows),
      () => undefined,
    );
  }, [rows]);
  // A selection belongs to one view: paging and sorting keep it, another search or filter empties it.
  const selectionScope = selectionScopeOf(params.search, params.project, params.result);
  useEffect(() => enterSelectionScope(selectionScope), [selectionScope]);
  useRowCheckboxes(bar, rows);

  /** Every id of the view, read in pages of 100 (for "select all" and "analyse the view again"). */
  const readAllIds = async (): Promise<string[] | null> => {
    setReading({ read: 0, total });
    try {
      const { readWholeView } = await actions();
      const all = await readWholeView(params, { onProgress: (read, of) => setReading({ read, total: of }) });
      return all.map((report) => report.id);
    } catch (error) {
      const reason = describeError(error).title;
      toast.error(
        listScope === 'view'
          ? t`The reports in this view could not all be read. ${reason}.`
          : t`The reports in this project could not all be read. ${reason}.`,
      );
      return null;
    } finally {
      setReading(null);
    }
  };

  const selectAll = async () => {
    const ids = await readAllIds();
    if (ids) setReportsSelected(ids, true);
  };

  /** `start` says whether the action started; if not, the dialog and the selection stay. */
  const run = async (start: () => Promise<boolean>) => {
    setBusy(true);
    try {
      if (!(await start())) return;
      clearSelection();
      setDialog(null);
    } finally {
      setBusy(false);
    }
  };

  const countWords =
    count === 0 ? t`No reports selected.` : plural(count, { one: '# report selected.', other: '# reports selected.' });
  const { read, total: toRead } = reading ?? { read: 0, total: 0 };
  const readingWords = !reading
    ? null
    : listScope === 'view'
      ? t`Reading the reports in this view: ${read} of ${toRead}…`
      : t`Reading the reports in this project: ${read} of ${toRead}…`;
  const selectAllWords =
    listScope === 'view'
      ? plural(total, { one: 'Select all # in this view', other: 'Select all # in this view' })
      : plural(total, { one: 'Select all # in this project', other: 'Select all # in this project' });
  const analyseAllWords =
    listScope === 'view'
      ? plural(total, { one: 'Analyse all # in this view again', other: 'Analyse all # in this view again' })
      : plural(total, { one: 'Analyse all # in this project again', other: 'Analyse all # in this project again' });
  const analyseAllTitle =
    listScope === 'view'
      ? plural(total, {
          one: 'Analyse all # pages in this view again?',
          other: 'Analyse all # pages in this view again?',
        })
      : plural(total, {
          one: 'Analyse all # pages in this project again?',
          other: 'Analyse all # pages in this project again?',
        });
  const pendingCount = pending?.ids.length ?? 0;

  return (
    <>
      <div className="bulk-bar" ref={bar}>
        <div className="bulk-bar__row">
          <p className="bulk-bar__count" role="status">
            {countWords}
            {readingWords ? ` ${readingWords}` : ''}
          </p>
          {total > 0 && count < total ? (
            <button
              type="button"
              className="button button--small"
              disabled={reading !== null}
              onClick={() => void selectAll()}
            >
              {selectAllWords}
            </button>
          ) : null}
          {count > 0 ? (
            <button type="button" className="button button--small" onClick={clearSelection}>
              {t`Clear selection`}
            </button>
          ) : null}
        </div>
        {count > 0 ? (
          <div className="bulk-bar__row" role="group" aria-label={t`Actions on the selected reports`}>
            {pair ? (
              <Link to={paths.compare.getHref(...pair)} className="button button--small">
                {t`Compare these two`}
              </Link>
            ) : null}
            <button type="button" className="button button--small" onClick={() => setDialog('reanalyse')}>
              {t`Analyse again`}
            </button>
            <button type="button" className="button button--small" onClick={() => setDialog('privacy')}>
              {t`Set privacy`}
            </button>
            <button type="button" className="button button--small button--danger" onClick={() => setDialog('delete')}>
              {t`Delete`}
            </button>
          </div>
        ) : null}
        {pending ? (
          <div className="notice notice--warning bulk-bar__undo" role="alert">
            <p>
              {plural(pendingCount, {
                one: 'Deleting # report in a few seconds.',
                other: 'Deleting # reports in a few seconds.',
              })}
            </p>
            <button type="button" className="button button--small" onClick={undoDelete}>
              {t`Undo`}
            </button>
          </div>
        ) : null}
        <div className="bulk-bar__row">
          <ExportForm
            total={total}
            onExport={(format, withChecks) =>
              void withActions('export', ({ startExport }) =>
                startExport(queryClient, params, total, format, withChecks),
              )
            }
          />
          {total > 0 ? (
            <button
              type="button"
              className="button button--small"
              disabled={reading !== null}
              onClick={() => setDialog('reanalyse-view')}
            >
              {analyseAllWords}
            </button>
          ) : null}
        </div>

        <ConfirmDialog
          open={dialog === 'delete'}
          title={plural(count, { one: 'Delete # report?', other: 'Delete # reports?' })}
          confirmLabel={t({ message: `Delete ${count}`, comment: 'The delete dialog’s button: the number of reports' })}
          onCancel={() => setDialog(null)}
          onConfirm={() => {
            scheduleDelete(queryClient, [...selected]);
            clearSelection();
            setDialog(null);
          }}
        >
          <p>
            {plural(undoSeconds, {
              one: 'The service deletes them for good. You have # second to undo before anything is sent.',
              other: 'The service deletes them for good. You have # seconds to undo before anything is sent.',
            })}
          </p>
        </ConfirmDialog>
        <ConfirmDialog
          open={dialog === 'reanalyse'}
          tone="default"
          title={plural(count, { one: 'Analyse # page again?', other: 'Analyse # pages again?' })}
          confirmLabel={t`Analyse again`}
          pending={busy}
          onCancel={() => setDialog(null)}
          onConfirm={() =>
            void run(() =>
              withActions('reanalyse', ({ startBulkReanalyse }) => startBulkReanalyse(queryClient, selected)),
            )
          }
        >
          <p>
            <Suspense fallback={null}>
              <ReanalyseSelectedWords count={count} />
            </Suspense>
          </p>
        </ConfirmDialog>
        <ConfirmDialog
          open={dialog === 'reanalyse-view'}
          tone="default"
          title={analyseAllTitle}
          confirmLabel={t({
            message: `Analyse ${total} again`,
            comment: 'The button of the dialog that analyses a whole list again: its number of reports',
          })}
          pending={busy || reading !== null}
          pendingLabel={t`Reading the list…`}
          onCancel={() => setDialog(null)}
          onConfirm={() =>
            void run(async () => {
              const ids = await readAllIds();
              return ids
                ? withActions('reanalyse', ({ startBulkReanalyse }) => startBulkReanalyse(queryClient, ids))
                : false;
            })
          }
        >
          <p>
            <Suspense fallback={null}>
              <ReanalyseAllWords total={total} scope={listScope} />
            </Suspense>
          </p>
        </ConfirmDialog>
        {dialog === 'privacy' ? (
          <PrivacyDialog
            count={count}
            busy={busy}
            onCancel={() => setDialog(null)}
            onConfirm={(privacy, password) =>
              void run(() =>
                withActions('privacy', ({ startBulkPrivacy }) =>
                  startBulkPrivacy(queryClient, selected, privacy, password),
                ),
              )
            }
          />
        ) : null}
      </div>
      {/* Past up to 100 rows to the paging; in-page, without a history entry (the router would
          take the hash for a navigation). */}
      <a
        className="skip-link skip-link--local"
        href={`#${paginationId}`}
        onClick={(event) => {
          event.preventDefault();
          const pagination = document.getElementById(paginationId);
          pagination?.focus();
          // Rows off screen have an estimated height until they are laid out (content-visibility),
          // so the ones shown on the way may push the paging down: bring it back once they are.
          requestAnimationFrame(() => pagination?.scrollIntoView({ block: 'nearest' }));
        }}
      >
        {t`Skip to pagination`}
      </a>
    </>
  );
}

/**
 * The rows' checkboxes are plain markup in the first paint (reports-table.tsx); from here they
 * follow the selection store: a click on one toggles it (with Shift, the range from the last
 * one clicked), the page's box selects or clears the page, and every change of the selection
 * or the rows sets their checked state.
 */
/** "about 2 minutes": a re-analysis' time in the jobs' words. */
const reanalysisTime = (items: number) => describeDuration(estimateForItems({ kind: 'reanalyse' }, items));

/**
 * What analysing the selected reports again does, with its time in the jobs' words: their catalog
 * loads when a dialog says it, not with the list (its own boundary: only this text waits for it).
 */
function ReanalyseSelectedWords({ count }: { count: number }) {
  useCatalog(jobsCatalog);
  const selectedDuration = reanalysisTime(count);
  return (
    <Trans comment="Background jobs: the name of the tray that lists the jobs running">
      Their results are replaced by new ones. It takes {selectedDuration} at the service’s request limit, plus the
      analysis time; the Background jobs tray follows it.
    </Trans>
  );
}

/** What analysing the whole view or project again does, with its time and the list's reads. */
function ReanalyseAllWords({ total, scope }: { total: number; scope: BulkBarProps['scope'] }) {
  useCatalog(jobsCatalog);
  const { t } = useLingui();
  const duration = reanalysisTime(total);
  const listRequests = Math.ceil(total / EXPORT_PAGE_SIZE);
  return scope === 'view'
    ? t`Every report in this view gets new results. It takes ${duration} at the service’s request limit, plus the analysis time (${plural(listRequests, { one: '# more request reads', other: '# more requests read' })} the list first).`
    : t`Every report in this project gets new results. It takes ${duration} at the service’s request limit, plus the analysis time (${plural(listRequests, { one: '# more request reads', other: '# more requests read' })} the list first).`;
}

function useRowCheckboxes(bar: RefObject<HTMLDivElement | null>, rows: readonly Report[]) {
  useEffect(() => {
    const list = bar.current?.parentElement;
    if (!list) return;
    const rowBoxes = () => [...list.querySelectorAll<HTMLInputElement>('input[data-select-report]')];
    const pageBox = () => list.querySelector<HTMLInputElement>('input[data-select-page]');
    const order = () => rowBoxes().map((box) => box.dataset.selectReport ?? '');
    const sync = () => {
      const ids = getSelectedIds();
      const boxes = rowBoxes();
      let onPage = 0;
      for (const box of boxes) {
        box.checked = ids.has(box.dataset.selectReport ?? '');
        if (box.checked) onPage += 1;
      }
      const page = pageBox();
      if (page) {
        page.checked = boxes.length > 0 && onPage === boxes.length;
        page.indeterminate = onPage > 0 && onPage < boxes.length;
      }
    };
    // Boxes ticked before this code arrived count (the page's box: all of its rows).
    const early = rowBoxes().filter(
      (box) => (box.checked || pageBox()?.checked) && !getSelectedIds().has(box.dataset.selectReport ?? ''),
    );
    if (early.length > 0)
      setReportsSelected(
        early.map((box) => box.dataset.selectReport ?? ''),
        true,
      );
    const onClick = (event: MouseEvent) => {
      const target = event.target;
      if (!(target instanceof HTMLInputElement)) return;
      if (target.dataset.selectReport !== undefined) {
        clickRow(target.dataset.selectReport, target.checked, event.shiftKey, order());
      } else if (target.dataset.selectPage !== undefined) {
        setReportsSelected(order(), target.checked);
      }
    };
    list.addEventListener('click', onClick);
    const stop = subscribeSelection(sync);
    // A new view's rows below the first screen come a step later (decision 116), with boxes of
    // their own: the table stops being busy when they are in.
    const rowsIn = new MutationObserver(sync);
    rowsIn.observe(list, { subtree: true, attributes: true, attributeFilter: ['aria-busy'] });
    sync();
    return () => {
      list.removeEventListener('click', onClick);
      stop();
      rowsIn.disconnect();
    };
  }, [bar, rows]);
}

function ExportForm({
  total,
  onExport,
}: {
  total: number;
  onExport: (format: 'csv' | 'json', checks: boolean) => void;
}) {
  const [format, setFormat] = useState<'csv' | 'json'>('csv');
  const [withChecks, setWithChecks] = useState(false);
  const formatId = useId();
  const { t } = useLingui();
  return (
    <details className="bulk-bar__export">
      <summary>{t`Export`}</summary>
      <form
        className="bulk-bar__export-form"
        onSubmit={(event) => {
          event.preventDefault();
          onExport(format, withChecks);
        }}
      >
        <label htmlFor={formatId}>{t({ message: 'Format', comment: 'The file format of an export' })}</label>
        <select id={formatId} value={format} onChange={(event) => setFormat(event.target.value as 'csv' | 'json')}>
          <option value="csv">{t`CSV (spreadsheets)`}</option>
          {/* A format's name, the same in every language. */}
          <option value="json" translate="no">
            JSON
          </option>
        </select>
        <label>
          <input type="checkbox" checked={withChecks} onChange={(event) => setWithChecks(event.target.checked)} />{' '}
          {t`One column per check`}
        </label>
        <button type="submit" className="button button--small" disabled={total === 0}>
          {plural(total, { one: 'Export # report', other: 'Export # reports' })}
        </button>
      </form>
    </details>
  );
}

function PrivacyDialog({
  count,
  busy,
  onCancel,
  onConfirm,
}: {
  count: number;
  busy: boolean;
  onCancel: () => void;
  onConfirm: (privacy: Privacy, password?: string) => void;
}) {
  const [privacy, setPrivacy] = useState<Privacy>('private');
  const [password, setPassword] = useState('');
  const passwordId = useId();
  const missing = privacy === 'password' && password.trim() === '';
  const { t } = useLingui();
  return (
    <ConfirmDialog
      open
      tone="default"
      title={plural(count, { one: 'Privacy of # report', other: 'Privacy of # reports' })}
      confirmLabel={t`Set privacy`}
      confirmDisabled={missing}
      pending={busy}
      onCancel={onCancel}
      onConfirm={() => onConfirm(privacy, privacy === 'password' ? password : undefined)}
    >
      <fieldset className="field">
        <legend>{t`Who can see their pages on the service`}</legend>
        {(['public', 'private', 'password'] as const).map((value) => (
          <label key={value} className="bulk-bar__radio">
            <input type="radio" name="bulk-privacy" checked={privacy === value} onChange={() => setPrivacy(value)} />{' '}
            {value === 'public' ? t`Public` : value === 'private' ? t`Private` : t`With a password`}
          </label>
        ))}
      </fieldset>
      {privacy === 'password' ? (
        <div className="field">
          <label htmlFor={passwordId}>{t`Password for all of them`}</label>
          <input
            id={passwordId}
            type="password"
            autoComplete="new-password"
            value={password}
            onChange={(event) => setPassword(event.target.value)}
          />
        </div>
      ) : null}
    </ConfirmDialog>
  );
}
