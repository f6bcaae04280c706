import { useState } from 'react';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { Field } from '../../../components/field';
import { toast } from '../../../components/toast';
import { formatNumber } from '../../../lib/format';
import { useDeleteProject } from '../mutations';

interface DeleteProjectDialogProps {
  name: string;
  /** How many reports will go; null while unknown. */
  reportCount: number | null;
  open: boolean;
  onClose: () => void;
  /** After the service confirmed the deletion (the dialog closes itself). */
  onDeleted?: () => void;
}

export function reportsPhrase(count: number): string {
  return `${formatNumber(count)} ${count === 1 ? 'report' : 'reports'}`;
}

/**
 * Deleting a project deletes every report of its host, with no undo: the dialog says how many
 * go and asks for the name to be typed, so a slip of the finger cannot do it.
 */
export function DeleteProjectDialog({ name, reportCount, open, onClose, onDeleted }: DeleteProjectDialogProps) {
  const deletion = useDeleteProject();
  const [typed, setTyped] = useState('');
  const close = () => {
    setTyped('');
    deletion.reset();
    onClose();
  };
  const confirm = () => {
    deletion.mutate(name, {
      onSuccess: () => {
        toast.success(
          reportCount === null ? `Project ${name} deleted` : `Project deleted with ${reportsPhrase(reportCount)}`,
        );
        setTyped('');
        onClose();
        onDeleted?.();
      },
    });
  };
  return (
    <ConfirmDialog
      open={open}
      title={`Delete project ${name}?`}
      confirmLabel="Delete project"
      pendingLabel="Deleting…"
      // Exactly the name: no trimming or case folding, two projects may differ only there.
      confirmDisabled={typed !== name}
      pending={deletion.isPending}
      onConfirm={confirm}
      onCancel={close}
    >
      <p>
        {reportCount === null
          ? 'This deletes every report of this project.'
          : `This deletes ${reportCount === 1 ? 'the only report' : `all ${reportsPhrase(reportCount)}`} of this project.`}{' '}
        It cannot be undone.
      </p>
      <Field label={`Type the project name to confirm: ${name}`}>
        <input
          type="text"
          value={typed}
          onChange={(event) => setTyped(event.target.value)}
          autoComplete="off"
          autoCapitalize="off"
          autoCorrect="off"
          spellCheck={false}
        />
      </Field>
      {deletion.isError ? (
        <p className="notice notice--error" role="alert">
          Could not delete the project: {deletion.error.message}
        </p>
      ) : null}
    </ConfirmDialog>
  );
}
