import { useLingui } from '@lingui/react/macro';
import type { Report } from '../../../api';
import { lazyPart, useLazyDialog } from '../../../components/lazy-part';
import { useCatalog } from '../../../lib/i18n/use-catalog';
import { reportActionsCatalog } from '../catalog';

/** Its code (the delete, its outcome words, the dialog) loads on the first ask: rarely used. */
const DeleteReportDialog = lazyPart(async () => (await import('./delete-report-dialog')).DeleteReportDialog);

/**
 * A delete button and its confirmation, which stays open with the reason if the delete fails.
 * `onDeleted` learns whether the answer was lost and the deletion read back from the service.
 */
export function DeleteReport({
  report,
  onDeleted,
  label,
}: {
  /** Its id, and its page for the confirmation's words. */
  report: Pick<Report, 'id' | 'url'>;
  onDeleted: (settledByReading: boolean) => void;
  /** The button's words, where "this report" would be unclear (a notice about another one). */
  label?: string;
}) {
  useCatalog(reportActionsCatalog);
  const { t } = useLingui();
  const dialog = useLazyDialog(DeleteReportDialog);
  return (
    <>
      <button type="button" className="button button--quiet-danger" {...dialog.trigger}>
        {label ?? t`Delete report`}
      </button>
      {dialog.asked ? (
        <DeleteReportDialog report={report} open={dialog.open} onClose={dialog.close} onDeleted={onDeleted} />
      ) : null}
    </>
  );
}
