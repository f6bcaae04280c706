import type { ReactNode } from 'react';

export interface Toast {
  id: number;
  tone: 'success' | 'error' | 'info';
  /** Text, or text with a link (e.g. to a report that finished while one was elsewhere). */
  message: ReactNode;
}

/** The messages of the Toaster's live region (./toast), each with its own way to dismiss it. */
export function ToastList({ items, onDismiss }: { items: readonly Toast[]; onDismiss: (id: number) => void }) {
  return items.map((item) => (
    <div key={item.id} className={`toast toast--${item.tone}`}>
      <span>{item.message}</span>
      <button
        type="button"
        className="button button--ghost"
        onClick={() => onDismiss(item.id)}
        aria-label="Dismiss message"
      >
        ×
      </button>
    </div>
  ));
}
