import type { QueryClient } from '@tanstack/react-query';
import { setRequestLimit, setTransport } from '../api';
import { hearOtherTabs } from '../lib/tab-channel';
import type { TabChannel } from '../lib/tab-messages';
import { getConnection, getConnectionChange, subscribeConnection, type Connection } from '../features/connection';
import { DEFAULT_REQUESTS_PER_MINUTE, getRuntimeConfig } from '../lib/runtime-config';

function applyTransport(connection: Connection) {
  if (connection.mode === 'demo') {
    // The demo runs in this page: there is no service limit to respect.
    setRequestLimit(undefined);
    // The demo's simulator (and what starts it) loads only when the demo is used.
    setTransport(import('./demo').then(({ loadDemoTransport }) => loadDemoTransport()));
    return;
  }
  const { baseUrl, apiKey } = connection;
  const config = getRuntimeConfig();
  setRequestLimit(DEFAULT_REQUESTS_PER_MINUTE);
  void config.then(({ requestsPerMinute }) => {
    if (getConnection() === connection) setRequestLimit(requestsPerMinute);
  });
  setTransport(baseUrl ? { baseUrl, apiKey } : config.then((loaded) => ({ baseUrl: loaded.apiBaseUrl, apiKey })));
}

/**
 * Follows what the other tabs say of the connection (features/connection/tab-sync.ts). Not needed
 * for the first rows of a tab that has a stored connection: its code loads once `after` resolves
 * (main.tsx: the first data is on screen), and what the other tabs say meanwhile is held for it
 * (hearOtherTabs). A tab without one asks the open tabs for theirs at once (it shows the demo
 * meanwhile, whose simulator loads anyway). `channel`: tests hand in their own.
 */
export function followOtherTabs({ after, channel }: { after: Promise<void>; channel?: TabChannel }): () => void {
  const early = channel ? undefined : hearOtherTabs();
  let stop: (() => void) | undefined;
  let stopped = false;
  // Its code out of reach (the connection lost as the first rows came): again once back online.
  const follow = (): void =>
    void import('../features/connection/tab-sync').then(
      ({ followOtherTabs: follow }) => {
        if (!stopped) stop = follow({ channel, early });
      },
      () => window.addEventListener('online', follow, { once: true }),
    );
  if (getConnection().mode === 'demo') follow();
  else void after.then(follow);
  return () => {
    stopped = true;
    if (stop) stop();
    else (channel ?? early?.channel)?.close();
  };
}

/**
 * Keeps the API transport in step with the saved connection, in this tab and when another tab
 * changes it. A new key or base URL may be another account: nothing cached for the old one may
 * show, so the whole cache goes (and the layout remounts the page when the change came from
 * another tab). A replaced key for the same service keeps what is on screen and reads it again.
 */
export function syncConnection(queryClient: QueryClient): () => void {
  applyTransport(getConnection());
  return subscribeConnection(() => {
    // Queries first, so they end as cancelled (not failed); then the new epoch aborts the rest.
    void queryClient.cancelQueries();
    applyTransport(getConnection());
    if (getConnectionChange().keyReplaced) {
      queryClient.removeQueries({ type: 'inactive' });
      void queryClient.invalidateQueries();
    } else {
      queryClient.clear();
    }
  });
}
