import type { ReactNode } from 'react';
import { useLingui } from '@lingui/react/macro';
import { useCatalog } from '../lib/i18n/use-catalog';
import { sharedPartsCatalog } from './catalog';

export interface Toast {
  id: number;
  tone: 'success' | 'error' | 'info';
  /** Text, or text with a link (e.g. to a report that finished while one was elsewhere). */
  message: ReactNode;
}

/** The messages of the Toaster's live region (./toast), each with its own way to dismiss it. */
export function ToastList({ items, onDismiss }: { items: readonly Toast[]; onDismiss: (id: number) => void }) {
  useCatalog(sharedPartsCatalog);
  const { t } = useLingui();
  return items.map((item) => (
    <div key={item.id} className={`toast toast--${item.tone}`}>
      <span>{item.message}</span>
      <button
        type="button"
        className="button button--ghost"
        onClick={() => onDismiss(item.id)}
        aria-label={t`Dismiss message`}
      >
        ×
      </button>
    </div>
  ));
}
