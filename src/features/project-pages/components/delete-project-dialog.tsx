import { useState } from 'react';
import { plural } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { isUnknownOutcome } from '../../../api/write-outcomes';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { SettlingNotice, UnknownOutcomeNotice, useSettleProgress } from '../../../components/write-outcome';
import { describeError } from '../../../api/error-words';
import { canBeAddressed } from '../../../lib/paths';
import { Field } from '../../../components/field';
import { toast } from '../../../components/toast';
import { useCatalog } from '../../../lib/i18n/use-catalog';
import { useDeleteProject } from '../../projects';
import { projectPagesCatalog } from '../catalog';

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
  useCatalog(projectPagesCatalog);
  const { t } = useLingui();
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
            ? t`Project ${name} deleted`
            : plural(reportCount, { one: 'Project deleted with # report', other: 'Project deleted with # reports' });
        toast.success(settledByReading ? t`The connection was lost before the service answered. ${what}.` : what);
        setTyped('');
        onClose();
        onDeleted?.();
      },
    });
  };
  // Deleting again is safe after a lost answer: a 404 means it is gone.
  const detail = deletion.isError ? describeError(deletion.error).detail : '';
  const confirm = () => run({ input: name, onSettling: settle.onSettling });
  return (
    <ConfirmDialog
      open={open}
      title={t`Delete project ${name}?`}
      confirmLabel={t`Delete project`}
      pendingLabel={t`Deleting…`}
      // Exactly the name: no trimming or case folding, two projects may differ only there.
      confirmDisabled={typed !== name || !addressable}
      pending={deletion.isPending}
      onConfirm={confirm}
      onCancel={close}
    >
      <p>
        {reportCount === null
          ? t`This deletes every report of this project.`
          : plural(reportCount, {
              1: 'This deletes the only report of this project.',
              one: 'This deletes all # report of this project.',
              other: 'This deletes all # reports of this project.',
            })}{' '}
        {t`It cannot be undone.`}
      </p>
      {addressable ? null : (
        <p className="notice notice--error">
          {t`A project named “${name}” cannot be deleted from here: browsers and servers read “${name}” in an address as a step up the path, so the request would reach another address. Delete its reports one by one from the reports list, or on the service itself.`}
        </p>
      )}
      <Field label={t`Type the project name to confirm: ${name}`}>
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
          {t`Could not delete the project: ${detail}`}
        </p>
      ) : null}
    </ConfirmDialog>
  );
}
