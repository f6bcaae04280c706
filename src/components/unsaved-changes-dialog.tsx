import { useLingui } from '@lingui/react/macro';
import { useCatalog } from '../lib/i18n/use-catalog';
import type { UnsavedChanges } from '../lib/use-unsaved-changes';
import { sharedPartsCatalog } from './catalog';
import { ConfirmDialog } from './confirm-dialog';

/** The question asked when a navigation would lose what someone typed. */
export function UnsavedChangesDialog({ unsaved, what }: { unsaved: UnsavedChanges; what: string }) {
  useCatalog(sharedPartsCatalog);
  const { t } = useLingui();
  return (
    <ConfirmDialog
      open={unsaved.blocked}
      title={t`Leave without saving?`}
      confirmLabel={t`Leave without saving`}
      onConfirm={unsaved.proceed}
      onCancel={unsaved.stay}
    >
      <p>
        {what} {t`It will be lost if you leave.`}
      </p>
    </ConfirmDialog>
  );
}
