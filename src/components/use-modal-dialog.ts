import { useEffect, useRef } from 'react';

/**
 * Keeps a native <dialog> shown as a modal while `open` is true: the browser then traps focus,
 * hands it back on close and closes on Escape (the dialog's `cancel` event). jsdom has no
 * showModal/close: the `open` attribute stands in there.
 */
export function useModalDialog(open: boolean) {
  const ref = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      if (typeof dialog.showModal === 'function') dialog.showModal();
      else dialog.setAttribute('open', '');
    } else if (!open && dialog.open) {
      if (typeof dialog.close === 'function') dialog.close();
      else dialog.removeAttribute('open');
    }
  }, [open]);
  return ref;
}
