import type { UnsavedChanges } from '../lib/use-unsaved-changes';
import { ConfirmDialog } from './confirm-dialog';

/** The question asked when a navigation would lose what someone typed. */
export function UnsavedChangesDialog({ unsaved, what }: { unsaved: UnsavedChanges; what: string }) {
  return (
    <ConfirmDialog
      open={unsaved.blocked}
      title="Leave without saving?"
      confirmLabel="Leave without saving"
      onConfirm={unsaved.proceed}
      onCancel={unsaved.stay}
    >
      <p>{what} It will be lost if you leave.</p>
    </ConfirmDialog>
  );
}
