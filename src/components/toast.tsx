import { useSyncExternalStore, type ReactNode } from 'react';
import { lazyPart, usePreloadWhenIdle } from './lazy-part';
import type { Toast } from './toast-list';

/** Short confirmations and background failures, announced politely to screen readers. */
export type { Toast };

interface ToastOptions {
  /** Stays until dismissed: it leads somewhere, and the person may be busy elsewhere. */
  sticky?: boolean;
}

let toasts: Toast[] = [];
let nextId = 1;
const listeners = new Set<() => void>();
const emit = () => listeners.forEach((listener) => listener());
const DISMISS_AFTER_MS = 6000;

export function dismissToast(id: number): void {
  toasts = toasts.filter((t) => t.id !== id);
  emit();
}

function show(tone: Toast['tone'], message: ReactNode, { sticky = false }: ToastOptions = {}): number {
  const id = nextId++;
  toasts = [...toasts.slice(-3), { id, tone, message }];
  emit();
  // Errors stay until dismissed: someone may be reading them, or away from the screen.
  if (tone !== 'error' && !sticky) setTimeout(() => dismissToast(id), DISMISS_AFTER_MS);
  return id;
}

/** Removes every message; for tests, which share this module between them. */
export function clearToasts(): void {
  toasts = [];
  emit();
}

export const toast = {
  success: (message: ReactNode, options?: ToastOptions) => show('success', message, options),
  error: (message: ReactNode, options?: ToastOptions) => show('error', message, options),
  info: (message: ReactNode, options?: ToastOptions) => show('info', message, options),
};

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};
const getToasts = () => toasts;

// Without its code (offline), the messages still show, without their buttons.
const ToastList = lazyPart(async () => (await import('./toast-list')).ToastList, { fallback: PlainToasts });
function PlainToasts({ items }: { items: readonly Toast[] }) {
  return items.map((item) => (
    <div key={item.id} className={`toast toast--${item.tone}`}>
      <span>{item.message}</span>
    </div>
  ));
}

export function Toaster() {
  const items = useSyncExternalStore(subscribe, getToasts, getToasts);
  // The messages' code comes in an idle moment, before the first of them: the network may be
  // gone by then.
  usePreloadWhenIdle(ToastList.preload);
  // The live region is on the page from the start, so that screen readers announce what appears
  // in it.
  return (
    <div className="toaster" role="status" aria-live="polite">
      {items.length > 0 ? <ToastList items={items} onDismiss={dismissToast} /> : null}
    </div>
  );
}
