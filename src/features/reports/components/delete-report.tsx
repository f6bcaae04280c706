import { useState } from 'react';
import type { Report } from '../../../api';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { describeError } from '../../../components/states';
import { useDeleteReport } from '../mutations';

/** A delete button and its confirmation, which stays open with the reason if the delete fails. */
export function DeleteReport({ report, onDeleted }: { report: Report; onDeleted: () => void }) {
  const [open, setOpen] = useState(false);
  const remove = useDeleteReport();
  const failure = remove.isError ? describeError(remove.error) : null;
  const close = () => {
    setOpen(false);
    remove.reset();
  };
  return (
    <>
      <button type="button" className="button button--quiet-danger" onClick={() => setOpen(true)}>
        Delete report
      </button>
      <ConfirmDialog
        open={open}
        title="Delete this report?"
        confirmLabel="Delete report"
        pending={remove.isPending}
        pendingLabel="Deleting…"
        onCancel={close}
        onConfirm={() =>
          remove.mutate(report.id, {
            onSuccess: () => {
              setOpen(false);
              onDeleted();
            },
          })
        }
      >
        <p>
          The report for <strong className="report-url-text">{report.url || '(no URL)'}</strong> will be deleted. This
          cannot be undone.
        </p>
        {failure ? (
          <p className="notice notice--error" role="alert">
            It was not deleted. {failure.title}: {failure.detail}
          </p>
        ) : null}
      </ConfirmDialog>
    </>
  );
}
