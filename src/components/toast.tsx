import { useSyncExternalStore } from 'react';
import { ToastList, type Toast } from './toast-list';

/**
 * Short confirmations and background failures, announced politely to screen readers. The pages
 * that show them load this module; the layout only holds the live region (./toaster.tsx), and
 * loads the messages' code with the first of them, or once the first data is on screen.
 */
export type { Toast };

let toasts: Toast[] = [];
let nextId = 1;
const listeners = new Set<() => void>();
const emit = () => listeners.forEach((listener) => listener());
const DISMISS_AFTER_MS = 6000;

export function dismissToast(id: number): void {
  toasts = toasts.filter((t) => t.id !== id);
  emit();
}

function show(tone: Toast['tone'], message: string): number {
  const id = nextId++;
  toasts = [...toasts.slice(-3), { id, tone, message }];
  emit();
  // Errors stay until dismissed: someone may be reading them, or away from the screen.
  if (tone !== 'error') setTimeout(() => dismissToast(id), DISMISS_AFTER_MS);
  return id;
}

/** Removes every message; for tests, which share this module between them. */
export function clearToasts(): void {
  toasts = [];
  emit();
}

export const toast = {
  success: (message: string) => show('success', message),
  error: (message: string) => show('error', message),
  info: (message: string) => show('info', message),
};

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};
const getToasts = () => toasts;

/** The messages shown now, inside the Toaster's live region. */
export function ToastMessages() {
  const items = useSyncExternalStore(subscribe, getToasts, getToasts);
  return items.length > 0 ? <ToastList items={items} onDismiss={dismissToast} /> : null;
}
