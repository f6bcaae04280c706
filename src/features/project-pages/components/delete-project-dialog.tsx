import { useState } from 'react';
import { isUnknownOutcome } from '../../../api/write-outcomes';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { SettlingNotice, UnknownOutcomeNotice, useSettleProgress } from '../../../components/write-outcome';
import { describeError } from '../../../api/error-words';
import { canBeAddressed } from '../../../lib/paths';
import { Field } from '../../../components/field';
import { toast } from '../../../components/toast';
import { formatCount } from '../../../lib/format-number';
import { useDeleteProject } from '../../projects';

interface DeleteProjectDialogProps {
  name: string;
  /** How many reports will go; null while unknown. */
  reportCount: number | null;
  open: boolean;
  onClose: () => void;
  /** After the service confirmed the deletion (the dialog closes itself). */
  onDeleted?: () => void;
}

/**
 * Deleting a project deletes every report of its host, with no undo: the dialog says how many
 * go and asks for the name to be typed, so a slip of the finger cannot do it.
 */
export function DeleteProjectDialog({ name, reportCount, open, onClose, onDeleted }: DeleteProjectDialogProps) {
  const deletion = useDeleteProject();
  const settle = useSettleProgress();
  const [typed, setTyped] = useState('');
  const addressable = canBeAddressed(name);
  const unknown = isUnknownOutcome<string>(deletion.error) ? deletion.error : null;
  const close = () => {
    setTyped('');
    deletion.reset();
    settle.clear();
    onClose();
  };
  const run = (request: Parameters<typeof deletion.mutate>[0]) => {
    settle.clear();
    deletion.mutate(request, {
      onSuccess: ({ settledByReading }) => {
        const what =
          reportCount === null
            ? `Project ${name} deleted`
            : `Project deleted with ${formatCount(reportCount, 'report', 'reports')}`;
        toast.success(settledByReading ? `The connection was lost before the service answered. ${what}.` : what);
        setTyped('');
        onClose();
        onDeleted?.();
      },
    });
  };
  // Deleting again is safe after a lost answer: a 404 means it is gone.
  const confirm = () => run({ input: name, onSettling: settle.onSettling });
  return (
    <ConfirmDialog
      open={open}
      title={`Delete project ${name}?`}
      confirmLabel="Delete project"
      pendingLabel="Deleting…"
      // Exactly the name: no trimming or case folding, two projects may differ only there.
      confirmDisabled={typed !== name || !addressable}
      pending={deletion.isPending}
      onConfirm={confirm}
      onCancel={close}
    >
      <p>
        {reportCount === null
          ? 'This deletes every report of this project.'
          : `This deletes ${reportCount === 1 ? 'the only report' : `all ${formatCount(reportCount, 'report', 'reports')}`} of this project.`}{' '}
        It cannot be undone.
      </p>
      {addressable ? null : (
        <p className="notice notice--error">
          A project named “{name}” cannot be deleted from here: browsers and servers read “{name}” in an address as a
          step up the path, so the request would reach another address. Delete its reports one by one from the reports
          list, or on the service itself.
        </p>
      )}
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
      {deletion.isPending && settle.progress ? (
        <SettlingNotice progress={settle.progress} question="the project was deleted" />
      ) : null}
      {unknown && !deletion.isPending ? (
        <UnknownOutcomeNotice
          question="the project was deleted"
          checking={deletion.isPending}
          onCheckAgain={() => run({ recheck: unknown.recheck, onSettling: settle.onSettling })}
        />
      ) : null}
      {deletion.isError && !unknown ? (
        <p className="notice notice--error" role="alert">
          Could not delete the project: {describeError(deletion.error).detail}
        </p>
      ) : null}
    </ConfirmDialog>
  );
}
