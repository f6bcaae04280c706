import { useQueryClient } from '@tanstack/react-query';
import { Trans, useLingui } from '@lingui/react/macro';
import { type Report, type ReportId } from '../../../api';
import { isUnknownOutcome } from '../../../api/write-outcomes';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { canSendLater, SendLater } from '../../../components/send-later';
import { SettlingNotice, UnknownOutcomeNotice, useSettleProgress } from '../../../components/write-outcome';
import { describeError } from '../../../api/error-words';
import { useCatalog } from '../../../lib/i18n/use-catalog';
import { reportActionsCatalog } from '../catalog';
import { useDeleteReport } from '../mutations';
import { reportQueries } from '../../reports';

/**
 * The confirmation of a report's delete, which stays open with the reason if the delete fails.
 * `onDeleted` learns whether the answer was lost and the deletion read back from the service.
 */
export function DeleteReportDialog({
  report,
  open,
  onClose,
  onDeleted,
}: {
  /** Its id, and its page for the confirmation's words. */
  report: Pick<Report, 'id' | 'url'>;
  open: boolean;
  onClose: () => void;
  onDeleted: (settledByReading: boolean) => void;
}) {
  useCatalog(reportActionsCatalog);
  const { t } = useLingui();
  const question = t({
    message: 'the report was deleted',
    comment: 'Completes "Checking whether …" and "We could not find out whether …" after a lost answer',
  });
  const queryClient = useQueryClient();
  const remove = useDeleteReport();
  const settle = useSettleProgress();
  const unknown = isUnknownOutcome<ReportId>(remove.error) ? remove.error : null;
  // A "not now" from the service (its limit) deleted nothing: it offers to send it later.
  const later = remove.isError && canSendLater(remove.error) ? remove.error : null;
  const failure = remove.isError && !unknown && !later ? describeError(remove.error) : null;
  const url = report.url || t`(no URL)`;
  const failureTitle = failure?.title;
  const failureDetail = failure?.detail;
  const close = () => {
    // Whether it was deleted is not known: what the page shows must come from the service.
    if (unknown) void queryClient.invalidateQueries({ queryKey: reportQueries.detail(report.id).queryKey });
    onClose();
    remove.reset();
    settle.clear();
  };
  const run = (request: Parameters<typeof remove.mutate>[0]) => {
    settle.clear();
    remove.mutate(request, {
      onSuccess: ({ settledByReading }) => {
        onClose();
        onDeleted(settledByReading);
      },
    });
  };
  return (
    <ConfirmDialog
      open={open}
      title={t`Delete this report?`}
      confirmLabel={t`Delete report`}
      pending={remove.isPending}
      pendingLabel={t`Deleting…`}
      onCancel={close}
      // Deleting again is safe even after a lost answer: a 404 means it is gone.
      onConfirm={() => run({ input: report.id, onSettling: settle.onSettling })}
    >
      <p>
        <Trans>
          The report for <strong className="report-url-text">{url}</strong> will be deleted. This cannot be undone.
        </Trans>
      </p>
      {remove.isPending && settle.progress ? <SettlingNotice progress={settle.progress} question={question} /> : null}
      {unknown && !remove.isPending ? (
        <UnknownOutcomeNotice
          question={question}
          checking={remove.isPending}
          onCheckAgain={() => run({ recheck: unknown.recheck, onSettling: settle.onSettling })}
        />
      ) : null}
      {later ? (
        <SendLater
          error={later}
          notDone={t`It was not deleted yet.`}
          onSend={() => run({ input: report.id, onSettling: settle.onSettling })}
        />
      ) : null}
      {failure ? (
        <p className="notice notice--error" role="alert">
          {t`It was not deleted. ${failureTitle}: ${failureDetail}`}
        </p>
      ) : null}
    </ConfirmDialog>
  );
}
