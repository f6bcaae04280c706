import { NavLink, Outlet, ScrollRestoration, useNavigation } from 'react-router-dom';
import { useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { useConnection } from '../features/settings';
import { Toaster, toast } from '../components/toast';
import { resetDemoData } from './demo';
import { SessionBanners } from './session-banners';
import { useFocusOnNavigation } from './use-focus-on-navigation';

function DemoBanner() {
  const queryClient = useQueryClient();
  const [resetting, setResetting] = useState(false);
  const reset = async () => {
    if (!window.confirm('Put the demo data back as it was? Reports you created or changed in the demo will be lost.'))
      return;
    setResetting(true);
    try {
      await resetDemoData();
      await queryClient.invalidateQueries();
      toast.success('Demo data reset.');
    } finally {
      setResetting(false);
    }
  };
  return (
    <div className="demo-banner" role="note" aria-label="Demo data">
      <strong className="demo-banner__marker">Demo data</strong>
      <span className="demo-banner__explanation">
        You are exploring a simulated service. Connect your own on the settings page.
      </span>
      <span className="demo-banner__actions">
        <NavLink to="/settings">Connect a service</NavLink>
        <button type="button" className="button button--small" onClick={reset} disabled={resetting}>
          {resetting ? 'Resetting…' : 'Reset demo data'}
        </button>
      </span>
    </div>
  );
}

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
                <NavLink to="/" end>
                  Overview
                </NavLink>
              </li>
              <li>
                <NavLink to="/reports">Reports</NavLink>
              </li>
              <li>
                <NavLink to="/projects">Projects</NavLink>
              </li>
              <li>
                <NavLink to="/settings">Settings</NavLink>
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
