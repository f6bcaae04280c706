import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { syncConnection } from './app/connection-sync';
import { createQueryClient } from './app/query-client';
import { preloadWhenFirstDataSettles } from './app/preload-when-settled';
import { createRouter } from './app/router';
import { applySavedTheme } from './lib/saved-theme';
import './styles.css';

applySavedTheme();

const queryClient = createQueryClient();
syncConnection(queryClient);
const router = createRouter(queryClient);
preloadWhenFirstDataSettles(queryClient);

const root = document.getElementById('root');
if (root) {
  createRoot(root).render(
    <StrictMode>
      <App queryClient={queryClient} router={router} />
    </StrictMode>,
  );
}
