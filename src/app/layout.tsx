import { NavLink, Outlet, ScrollRestoration, useNavigation } from 'react-router';
import { useRef } from 'react';
import { useConnection } from '../features/settings';
import { deferred } from '../components/deferred';
import { Toaster } from '../components/toast';
import { paths } from '../lib/paths';
import { SessionBanners } from './session-banners';
import { useFocusOnNavigation } from './use-focus-on-navigation';

// Only the demo shows it, and the demo loads its simulator meanwhile anyway.
const DemoBanner = deferred(async () => (await import('./demo-banner')).DemoBanner, { preload: false });

export function Layout() {
  const connection = useConnection();
  const navigation = useNavigation();
  const main = useRef<HTMLElement>(null);
  useFocusOnNavigation(main);
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
        </div>
        {connection.mode === 'demo' ? <DemoBanner /> : null}
        <SessionBanners />
      </header>
      <div className="route-progress" data-active={navigation.state !== 'idle'} aria-hidden="true" />
      <main id="main" tabIndex={-1} ref={main}>
        <Outlet />
      </main>
      <Toaster />
      {/* Back to a list returns to where one was in it; a new page starts at the top. */}
      <ScrollRestoration />
    </>
  );
}
