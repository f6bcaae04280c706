import type { Transport } from './request';

/**
 * The transport every API call uses. The app sets it from the saved connection; in demo mode it
 * is a promise that resolves once the lazily loaded simulator is ready, so route loaders can start
 * requests at once and simply wait for it.
 */
let current: Promise<Transport> | undefined;
const listeners = new Set<() => void>();

export function setTransport(transport: Transport | Promise<Transport>): void {
  current = Promise.resolve(transport);
  listeners.forEach((listener) => listener());
}

export function getTransport(): Promise<Transport> {
  if (!current) {
    // Same origin, no key: the service will answer 401 and the UI leads to the settings page.
    current = Promise.resolve({ baseUrl: '', apiKey: '' });
  }
  return current;
}

export function onTransportChange(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
