import type { QueryClient } from '@tanstack/react-query';
import { setTransport } from '../api';
import { getConnection, subscribeConnection, followOtherTabs, type Connection } from '../features/settings';
import { loadDemoTransport } from './demo';
import { getRuntimeConfig } from './runtime-config';

function applyTransport(connection: Connection) {
  if (connection.mode === 'demo') {
    setTransport(loadDemoTransport());
  } else {
    const { baseUrl, apiKey } = connection;
    setTransport(baseUrl ? { baseUrl, apiKey } : getRuntimeConfig().then((config) => ({ baseUrl: config.apiBaseUrl, apiKey })));
  }
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
