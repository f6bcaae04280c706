import { useQueryClient } from '@tanstack/react-query';
import { type Report, type ReportId } from '../../../api';
import { isUnknownOutcome } from '../../../api/write-outcomes';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { canSendLater, SendLater } from '../../../components/send-later';
import { SettlingNotice, UnknownOutcomeNotice, useSettleProgress } from '../../../components/write-outcome';
import { describeError } from '../../../api/error-words';
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
  const queryClient = useQueryClient();
  const remove = useDeleteReport();
  const settle = useSettleProgress();
  const unknown = isUnknownOutcome<ReportId>(remove.error) ? remove.error : null;
  // A "not now" from the service (its limit) deleted nothing: it offers to send it later.
  const later = remove.isError && canSendLater(remove.error) ? remove.error : null;
  const failure = remove.isError && !unknown && !later ? describeError(remove.error) : null;
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
      title="Delete this report?"
      confirmLabel="Delete report"
      pending={remove.isPending}
      pendingLabel="Deleting…"
      onCancel={close}
      // Deleting again is safe even after a lost answer: a 404 means it is gone.
      onConfirm={() => run({ input: report.id, onSettling: settle.onSettling })}
    >
      <p>
        The report for <strong className="report-url-text">{report.url || '(no URL)'}</strong> will be deleted. This
        cannot be undone.
      </p>
      {remove.isPending && settle.progress ? (
        <SettlingNotice progress={settle.progress} question="the report was deleted" />
      ) : null}
      {unknown && !remove.isPending ? (
        <UnknownOutcomeNotice
          question="the report was deleted"
          checking={remove.isPending}
          onCheckAgain={() => run({ recheck: unknown.recheck, onSettling: settle.onSettling })}
        />
      ) : null}
      {later ? (
        <SendLater
          error={later}
          notDone="It was not deleted yet."
          onSend={() => run({ input: report.id, onSettling: settle.onSettling })}
        />
      ) : null}
      {failure ? (
        <p className="notice notice--error" role="alert">
          It was not deleted. {failure.title}: {failure.detail}
        </p>
      ) : null}
    </ConfirmDialog>
  );
}
