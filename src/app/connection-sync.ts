import type { QueryClient } from '@tanstack/react-query';
import { setRequestLimit, setTransport } from '../api';
import { getConnection, subscribeConnection, followOtherTabs, type Connection } from '../features/settings';
import { loadDemoTransport } from './demo';
import { DEFAULT_REQUESTS_PER_MINUTE, getRuntimeConfig } from '../lib/runtime-config';

function applyTransport(connection: Connection) {
  if (connection.mode === 'demo') {
    // The demo runs in this page: there is no service limit to respect.
    setRequestLimit(undefined);
    setTransport(loadDemoTransport());
    return;
  }
  const { baseUrl, apiKey } = connection;
  const config = getRuntimeConfig();
  setRequestLimit(DEFAULT_REQUESTS_PER_MINUTE);
  void config.then(({ requestsPerMinute }) => setRequestLimit(requestsPerMinute));
  setTransport(baseUrl ? { baseUrl, apiKey } : config.then((loaded) => ({ baseUrl: loaded.apiBaseUrl, apiKey })));
}

/**
 * Keeps the API transport in step with the saved connection. A new key or base URL is another
 * account: nothing cached for the old one may show, so the whole cache goes.
 */
export function syncConnection(queryClient: QueryClient): () => void {
  applyTransport(getConnection());
  const stopFollowing = followOtherTabs();
  const unsubscribe = subscribeConnection(() => {
    void queryClient.cancelQueries();
    queryClient.clear();
    applyTransport(getConnection());
  });
  return () => {
    stopFollowing();
    unsubscribe();
  };
}
