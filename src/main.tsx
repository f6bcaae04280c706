import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { loadFailureWords, shareRequestBudget } from './api';
import { App } from './app/app';
import { followOtherTabs, syncConnection } from './app/connection-sync';
import { firstDataOnScreen } from './app/first-data';
import { createQueryClient } from './app/query-client';
import { createRouter, RouteError } from './app/router';
import { DemoBanner, SessionNotices } from './app/layout';
import { preloadWhenIdle } from './components/lazy-part';
import { ErrorState } from './components/states';
import { getConnection } from './features/connection';
import { startLanguage } from './lib/i18n/start-language';
import { applySavedTheme } from './lib/saved-theme';
import { yieldToPage } from './lib/yield-to-page';
import './styles.css';

applySavedTheme();

const queryClient = createQueryClient();
// The transport before the router: its loaders send the page's first requests as it is created.
syncConnection(queryClient);

/**
 * Evaluating the entry's modules is one long task on a slow phone. Creating the router (which
 * matches the address and starts the page's requests) and the first render each come in a task
 * of their own after it: none of it keeps input waiting for long.
 */
async function start() {
  await yieldToPage();
  const router = createRouter(queryClient);
  const firstData = firstDataOnScreen(queryClient, router, startLanguage().ready);
  followOtherTabs({ after: firstData.whenShown });

  void firstData.whenShown.then(() => {
    // Another tab's jobs may already be spending the budget this tab shares. Its code out of reach
    // (the connection lost as the first rows came): again once back online.
    const share = (): void =>
      void shareRequestBudget().catch(() => window.addEventListener('online', share, { once: true }));
    share();
  });
  // What a failure shows and says is at hand when the network is not: its code comes in an idle moment.
  preloadWhenIdle(
    firstData.whenShown,
    ErrorState.preload,
    RouteError.preload,
    SessionNotices.preload,
    loadFailureWords,
  );

  // The demo's banner belongs to its first screen: rendered a moment later (React reveals a part
  // that waited for its code at most every 300 ms) it pushed the page down by its height. Without
  // its code (offline), the page starts all the same.
  if (getConnection().mode === 'demo') await DemoBanner.preload().catch(() => undefined);
  await yieldToPage();

  const root = document.getElementById('root');
  if (!root) return;
  // Not in a transition: react-router's RouterProvider reads the router's state as it renders and
  // follows it from its first commit on. A first render in slices left time between the two for
  // the route's code to arrive, and that change was never seen: "Loading…" for good (decision 91).
  createRoot(root).render(
    <StrictMode>
      <App queryClient={queryClient} router={router} firstData={firstData} />
    </StrictMode>,
  );
}

void start();
