import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { syncConnection } from './app/connection-sync';
import { createQueryClient } from './app/query-client';
import { watchFirstNavigation, preloadWhenFirstDataSettles } from './app/preload-when-settled';
import { createRouter } from './app/router';
import { DemoBanner } from './app/layout';
import { getConnection } from './features/settings/connection';
import { applySavedTheme } from './lib/saved-theme';
import './styles.css';

applySavedTheme();

const queryClient = createQueryClient();
syncConnection(queryClient);
const router = createRouter(queryClient);
watchFirstNavigation(router);
preloadWhenFirstDataSettles(queryClient);

function start() {
  const root = document.getElementById('root');
  if (root) {
    createRoot(root).render(
      <StrictMode>
        <App queryClient={queryClient} router={router} />
      </StrictMode>,
    );
  }
}

// The demo's banner belongs to its first screen: rendered a moment later (React reveals a part
// that waited for its code at most every 300 ms) it pushed the page down by its height. Without
// its code (offline), the page starts all the same.
if (getConnection().mode === 'demo') void DemoBanner.preload().then(start, start);
else start();
