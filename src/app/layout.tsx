import { NavLink, Outlet, useNavigation } from 'react-router';
import { useEffect, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useConnection, useConnectionChange } from '../features/settings';
import { deferred, showLaterParts } from '../components/deferred';
import { OfflineNotice } from './online';
import { paths } from '../lib/paths';
import { whenIdle } from '../lib/when-idle';
import { whenFirstDataSettles } from './preload-when-settled';

// The session's banners (rejected key, offline, budget, a slow service, another tab's change)
// and what watches for them (./session-needs) load once the first data is on screen. The live
// region is on the page from the start, so that what appears in it is announced; if even the
// watch's code is out of reach, the one banner that explains it still shows.
const SessionNotices = deferred(async () => (await import('./session-needs')).SessionNotices, {
  later: true,
  placeholder: () => <div role="status" aria-live="polite" />,
  fallback: OfflineNotice,
});

// Scroll and focus keeping, the job tray's launcher and the keyboard shortcuts: one file apart,
// loaded once the first data is on screen, so that neither its requests nor its work come before
// what the person came for.
const AppExtras = deferred(async () => (await import('./app-extras')).AppExtras);

// Only the demo shows it, and the demo loads its simulator meanwhile anyway. main.tsx loads it
// before the first render in demo mode: shown later, it pushed the whole page down.
export const DemoBanner = deferred(async () => (await import('./demo-banner')).DemoBanner, { preload: false });

// Short confirmations and background failures: their store and list load after the first rows
// (nothing shows one before); the live region is there from the start, so that what appears in
// it is announced.
const Toaster = deferred(async () => (await import('../components/toast')).Toaster, {
  later: true,
  placeholder: () => <div className="toaster" role="status" aria-live="polite" />,
});

// Saved views in the navigation: stored on this device, shown once the first data is on screen.
const SavedViewsNav = deferred(async () => (await import('../features/saved-views/saved-views-nav')).SavedViewsNav, {
  placeholder: SavedViewsPlace,
});
function SavedViewsPlace() {
  return <div className="saved-views" />;
}

export function Layout() {
  const connection = useConnection();
  // Another tab changed the connection: every page remounts, so that no form filled under the
  // old connection can be sent under the new one (the session banners say why).
  const { generation } = useConnectionChange();
  const navigation = useNavigation();
  const main = useRef<HTMLElement>(null);
  // Back to a list returns to where one was in it; a new page starts at the top.
  const queryClient = useQueryClient();
  // Once the first data is on screen: the extras at once (the focus and scroll keeping must be
  // there before the first navigation away), the saved views in the next idle moment (mounting
  // both together was one long task).
  const [extrasShown, setExtrasShown] = useState(false);
  const [savedViewsShown, setSavedViewsShown] = useState(false);
  useEffect(
    () =>
      whenFirstDataSettles(queryClient, () => {
        showLaterParts();
        setExtrasShown(true);
        whenIdle(() => setSavedViewsShown(true));
      }),
    [queryClient],
  );
  return (
    <>
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      {/* The banners belong to the page's header landmark, so nothing sits outside a landmark. */}
      <header>
        <div className="app-header">
          <span className="app-header__brand">SEO Reports</span>
          <nav aria-label="Main">
            <ul className="app-nav">
              <li>
                <NavLink to={paths.home.getHref()} end>
                  Overview
                </NavLink>
              </li>
              <li>
                <NavLink to={paths.reports.getHref()}>Reports</NavLink>
              </li>
              <li>
                <NavLink to={paths.projects.getHref()}>Projects</NavLink>
              </li>
              <li>
                <NavLink to={paths.settings.getHref()}>Settings</NavLink>
              </li>
            </ul>
          </nav>
          {savedViewsShown ? <SavedViewsNav /> : <SavedViewsPlace />}
        </div>
        {connection.mode === 'demo' ? <DemoBanner /> : null}
        <SessionNotices />
      </header>
      {/* While the next page loads, say so to everyone, not only to those who see the bar move. */}
      <div
        className="route-progress"
        data-active={navigation.state !== 'idle'}
        role="progressbar"
        aria-label="Loading the page"
        aria-hidden={navigation.state === 'idle'}
      />
      <main id="main" tabIndex={-1} ref={main}>
        <Outlet key={generation} />
      </main>
      <Toaster />
      {extrasShown ? <AppExtras main={main} /> : null}
    </>
  );
}
