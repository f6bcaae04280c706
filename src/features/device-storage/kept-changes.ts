/**
 * "What is kept on this device changed": said by the stores after they keep or delete something,
 * heard by whatever shows the figures or keeps the marker of what was kept (./marker.ts), in this
 * tab and, over a channel of its own, in the others (a deletion in one tab refreshes the figures
 * another shows). A ping, not the data: the listener reads the stores again.
 */

export const KEPT_CHANNEL = 'seo-dashboard.kept';

/** Where the change was made. */
export type KeptChangeOrigin = 'this-tab' | 'another-tab';

const listeners = new Set<(origin: KeptChangeOrigin) => void>();
let channel: BroadcastChannel | null | undefined;

function openChannel(): BroadcastChannel | null {
  if (channel !== undefined) return channel;
  if (typeof BroadcastChannel !== 'function') return (channel = null);
  channel = new BroadcastChannel(KEPT_CHANNEL);
  channel.onmessage = () => tell('another-tab');
  // Where the runtime allows it (Node), an open channel does not keep the process alive.
  (channel as BroadcastChannel & { unref?: () => void }).unref?.();
  return channel;
}

/** A listener's failure is its own: the store that said it goes on. */
function tell(origin: KeptChangeOrigin): void {
  for (const listener of listeners) {
    try {
      listener(origin);
    } catch {
      // ignored: see above
    }
  }
}

/** Called by a store once something was kept or deleted. Never throws. */
export function keptChanged(): void {
  tell('this-tab');
  try {
    openChannel()?.postMessage('changed');
  } catch {
    // The other tabs see it when they next look.
  }
}

/** Calls back on every change, here or in another tab; returns the way to stop. */
export function subscribeKeptChanges(listener: (origin: KeptChangeOrigin) => void): () => void {
  openChannel();
  listeners.add(listener);
  return () => listeners.delete(listener);
}
