import { useId, type ReactNode } from 'react';
import { useLingui } from '@lingui/react/macro';
import { useCatalog } from '../lib/i18n/use-catalog';
import { sharedPartsCatalog } from './catalog';
import { useModalDialog } from './use-modal-dialog';

interface ConfirmDialogProps {
  open: boolean;
  title: string;
  children: ReactNode;
  confirmLabel: string;
  /** e.g. while a typed confirmation does not match yet. */
  confirmDisabled?: boolean;
  pending?: boolean;
  pendingLabel?: string;
  tone?: 'danger' | 'default';
  onConfirm: () => void;
  onCancel: () => void;
}

/**
 * A modal confirmation on the native <dialog>: focus is trapped and restored by the browser,
 * Escape cancels, and screen readers hear the title and text.
 */
export function ConfirmDialog({
  open,
  title,
  children,
  confirmLabel,
  confirmDisabled,
  pending,
  pendingLabel,
  tone = 'danger',
  onConfirm,
  onCancel,
}: ConfirmDialogProps) {
  useCatalog(sharedPartsCatalog);
  const { t } = useLingui();
  const ref = useModalDialog(open);
  const titleId = useId();
  const bodyId = useId();
  return (
    <dialog
      ref={ref}
      className="dialog"
      aria-labelledby={titleId}
      aria-describedby={bodyId}
      onCancel={(event) => {
        event.preventDefault();
        if (!pending) onCancel();
      }}
    >
      {open ? (
        <form
          method="dialog"
          onSubmit={(event) => {
            event.preventDefault();
            if (!confirmDisabled && !pending) onConfirm();
          }}
        >
          <h2 id={titleId}>{title}</h2>
          <div id={bodyId}>{children}</div>
          <div className="form__actions dialog__actions">
            <button type="button" className="button" onClick={onCancel} disabled={pending}>
              {t`Cancel`}
            </button>
            <button
              type="submit"
              className={tone === 'danger' ? 'button button--danger' : 'button button--primary'}
              disabled={confirmDisabled || pending}
            >
              {pending ? (pendingLabel ?? t`Working…`) : confirmLabel}
            </button>
          </div>
        </form>
      ) : null}
    </dialog>
  );
}
