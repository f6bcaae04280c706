import { StrictMode } from 'react';
import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { QueryClient } from '@tanstack/react-query';
import { createMemoryRouter } from 'react-router';
import { setTransport } from '../../src/api';
import { App } from '../../src/app/app';
import { firstDataOnScreen } from '../../src/app/first-data';
import { createQueryClient } from '../../src/app/query-client';
import { createRoutes } from '../../src/app/router';
import { saveConnection } from '../../src/features/connection/connection-changes';
import { createSimulator, type Simulator } from '../../src/simulator';

export const TEST_BASE_URL = 'http://api.test';
export const TEST_KEY = 'test-key';

export interface SeenRequest {
  method: string;
  url: URL;
  body: string;
  signal: AbortSignal | undefined;
}

type SimulatorOptions = NonNullable<Parameters<typeof createSimulator>[0]>;

interface Hold {
  matches: (request: SeenRequest) => boolean;
  released: Promise<void>;
}

/** A fresh simulator, wired as the API transport, with every request it is sent recorded. */
export function connectSimulator(options: SimulatorOptions = {}) {
  const simulator = createSimulator({ validKeys: [TEST_KEY], ...options });
  const requests: SeenRequest[] = [];
  const holds = new Set<Hold>();
  /**
   * Until `release()`, the answers to the requests that `matches` picks wait (sent from then on or
   * already waiting): a service exactly as slow as the test needs, where a latency in milliseconds
   * would race a busy machine.
   */
  const hold = (matches: Hold['matches']) => {
    let release = () => {};
    const entry: Hold = { matches, released: new Promise((resolve) => (release = resolve)) };
    holds.add(entry);
    return () => {
      holds.delete(entry);
      release();
    };
  };
  saveConnection({ baseUrl: TEST_BASE_URL, apiKey: TEST_KEY, remember: false });
  setTransport({
    baseUrl: TEST_BASE_URL,
    apiKey: TEST_KEY,
    fetch: (input, init) => {
      const url = new URL(input instanceof Request ? input.url : String(input));
      const seen: SeenRequest = {
        method: init?.method ?? 'GET',
        url,
        body: String(init?.body ?? ''),
        signal: init?.signal ?? undefined,
      };
      requests.push(seen);
      const waits = [...holds].filter((h) => h.matches(seen)).map((h) => h.released);
      if (waits.length === 0) return simulator.fetch(input, init);
      // Held, it still gives up when aborted, as fetch does.
      const { signal } = seen;
      const aborted = new Promise<never>((_, reject) => {
        if (signal?.aborted) reject(signal.reason as Error);
        else signal?.addEventListener('abort', () => reject(signal.reason as Error), { once: true });
      });
      return Promise.race([Promise.all(waits), aborted]).then(() => simulator.fetch(input, init));
    },
  });
  return { simulator, requests, hold };
}

/** The app's own query client, without automatic retries so that failures show at once. */
export function createTestQueryClient() {
  const queryClient = createQueryClient();
  queryClient.setDefaultOptions({
    ...queryClient.getDefaultOptions(),
    queries: { ...queryClient.getDefaultOptions().queries, retry: false },
  });
  return queryClient;
}

/** Renders the whole app (real routes, loaders, lazy pages) at `path`, against a fresh simulator. */
export function renderApp(
  path: string,
  options: {
    simulator?: SimulatorOptions;
    queryClient?: QueryClient;
    prepare?: (simulator: Simulator, hold: ReturnType<typeof connectSimulator>['hold']) => void;
    /** As main.tsx renders it in development: React runs each effect twice on mount. */
    strictMode?: boolean;
    /** Addresses in the history before `path`, as if visited earlier (Back goes to the last). */
    before?: string[];
  } = {},
) {
  const { simulator, requests, hold } = connectSimulator(options.simulator);
  // Before the router exists: its loaders send the first requests at once.
  options.prepare?.(simulator, hold);
  const queryClient = options.queryClient ?? createTestQueryClient();
  const router = createMemoryRouter(createRoutes(queryClient), { initialEntries: [...(options.before ?? []), path] });
  const user = userEvent.setup();
  const app = <App queryClient={queryClient} router={router} firstData={firstDataOnScreen(queryClient, router)} />;
  const view = render(options.strictMode ? <StrictMode>{app}</StrictMode> : app);
  /** The list requests the page sent, as their query strings. */
  const listRequests = (resource: 'reports' | 'projects') =>
    requests
      .filter((r) => r.method === 'GET' && r.url.pathname === `/api/v1/${resource}`)
      .map((r) => r.url.searchParams);
  return { ...view, user, router, queryClient, simulator, requests, listRequests, hold };
}
