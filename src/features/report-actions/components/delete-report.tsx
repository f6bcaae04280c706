import { useState } from 'react';
import type { Report } from '../../../api';
import { lazyPart, UnavailablePart } from '../../../components/lazy-part';

/** Its code (the delete, its outcome words, the dialog) loads on the first ask: rarely used. */
const DeleteReportDialog = lazyPart(async () => (await import('./delete-report-dialog')).DeleteReportDialog, {
  fallback: UnavailablePart,
});

const preloadDialog = () => void DeleteReportDialog.preload().catch(() => undefined);

/**
 * A delete button and its confirmation, which stays open with the reason if the delete fails.
 * `onDeleted` learns whether the answer was lost and the deletion read back from the service.
 */
export function DeleteReport({
  report,
  onDeleted,
  label = 'Delete report',
}: {
  /** Its id, and its page for the confirmation's words. */
  report: Pick<Report, 'id' | 'url'>;
  onDeleted: (settledByReading: boolean) => void;
  /** The button's words, where "this report" would be unclear (a notice about another one). */
  label?: string;
}) {
  // Mounted on the first ask and kept: closing it then returns focus to this button.
  const [asked, setAsked] = useState(false);
  const [open, setOpen] = useState(false);
  return (
    <>
      <button
        type="button"
        className="button button--quiet-danger"
        // Fetched as the pointer or focus comes to the button: the dialog then opens at once.
        onPointerEnter={preloadDialog}
        onFocus={preloadDialog}
        onClick={() => {
          setAsked(true);
          setOpen(true);
        }}
      >
        {label}
      </button>
      {asked ? (
        <DeleteReportDialog report={report} open={open} onClose={() => setOpen(false)} onDeleted={onDeleted} />
      ) : null}
    </>
  );
}
