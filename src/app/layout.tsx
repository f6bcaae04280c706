import { NavLink, Outlet, useNavigation } from 'react-router';
import { useMemo, useRef } from 'react';
import { useConnection, useConnectionChange } from '../features/connection';
import { lazyPart } from '../components/lazy-part';
import { OfflineNotice } from './online';
import { paths } from '../lib/paths';
import { useLingui } from '@lingui/react/macro';

// What every page has but the first rows do not need comes once the first data is on screen
// (`after-first-data`), each part with its own code:
// - the session's banners (rejected key, offline, budget, a slow service, another tab's change).
//   Their live region is on the page from the start, so that what appears in it is announced; if
//   even their code is out of reach, the one banner that explains it still shows;
// - short confirmations and background failures (toasts), with their live region from the start;
// - scroll positions and focus after navigations (there before the first navigation away);
// - the background jobs' launcher: the tray and the queue load only once a job exists;
// - the keyboard shortcuts and their help, `?` (docs/decisions/0036);
// - the saved views in the navigation, in the next idle moment (mounting all at once was one long
//   task), and with them the count of new Needs attention items, which also starts due plans.
export const SessionNotices = lazyPart(async () => (await import('./session-banners')).SessionNotices, {
  when: 'after-first-data',
  placeholder: SessionNoticesPlace,
  fallback: OfflineNotice,
});
function SessionNoticesPlace() {
  return <div role="status" aria-live="polite" />;
}
const Toaster = lazyPart(async () => (await import('../components/toast')).Toaster, {
  when: 'after-first-data',
  placeholder: ToasterPlace,
});
function ToasterPlace() {
  return <div className="toaster" role="status" aria-live="polite" />;
}
// These three have nothing on screen of their own until used: without their code, nothing is said
// (a reload brings them).
const NavigationKeeper = lazyPart(async () => (await import('./use-scroll-restoration')).NavigationKeeper, {
  when: 'after-first-data',
  fallback: () => null,
});
const JobTrayLauncher = lazyPart(async () => (await import('../features/job-tray')).JobTrayLauncher, {
  when: 'after-first-data',
  fallback: () => null,
});
const KeyboardShortcuts = lazyPart(
  async () => (await import('../features/shortcuts/keyboard-shortcuts')).KeyboardShortcuts,
  { when: 'after-first-data', fallback: () => null },
);
const SavedViewsNav = lazyPart(async () => (await import('../features/saved-views/saved-views-nav')).SavedViewsNav, {
  when: 'idle-after-first-data',
  placeholder: SavedViewsPlace,
});
const AttentionNav = lazyPart(async () => (await import('../features/attention/attention-nav')).AttentionNav, {
  when: 'idle-after-first-data',
  placeholder: AttentionCountPlace,
});
// Shown only once a team is set on this device; it reads the workspace, as the attention count does.
const TeamStatusBadge = lazyPart(async () => (await import('../features/team')).TeamStatusBadge, {
  when: 'idle-after-first-data',
  fallback: () => null,
});
// Says, once, that the browser removed what was kept since the last visit (decision 103): its check
// reads the stores, so it comes in the idle moment after the first data; nothing without its code.
const KeptRemovedNotice = lazyPart(async () => (await import('../features/kept-on-device')).KeptRemovedNotice, {
  when: 'idle-after-first-data',
  fallback: () => null,
});
/** Written here too, so that its place is kept before any of the part's code has loaded. */
function AttentionCountPlace() {
  return <span className="nav-count" aria-hidden="true" />;
}
function SavedViewsPlace() {
  return <div className="saved-views" />;
}

// Only the demo shows it, and the demo loads its simulator meanwhile anyway. main.tsx loads it
// before the first render in demo mode: shown later, it pushed the whole page down.
export const DemoBanner = lazyPart(async () => (await import('./demo-banner')).DemoBanner);

export function Layout() {
  const connection = useConnection();
  // Another tab changed the connection: every page remounts, so that no form filled under the
  // old connection can be sent under the new one (the session banners say why).
  const { generation } = useConnectionChange();
  const navigation = useNavigation();
  const main = useRef<HTMLElement>(null);
  // One element for the page until the connection changes: the layout's own later parts (above)
  // and the navigation's progress render the layout again, and without this the whole page with
  // it, a long task on a slow phone each time. The page follows navigations through the router's
  // context, which reaches it anyway.
  const page = useMemo(() => <Outlet key={generation} />, [generation]);
  const { t } = useLingui();
  return (
    <>
      <a className="skip-link" href="#main">
        {t`Skip to content`}
      </a>
      {/* The banners belong to the page's header landmark, so nothing sits outside a landmark. */}
      <header>
        <div className="app-header">
          {/* The product's name: the same in every language. */}
          <span className="app-header__brand" translate="no">
            SEO Reports
          </span>
          <nav
            aria-label={t({
              message: 'Main',
              comment: 'The name of the main navigation: screen readers add “navigation”',
            })}
          >
            <ul className="app-nav">
              <li>
                <NavLink to={paths.home.getHref()} end>
                  {t`Overview`}
                </NavLink>
                <AttentionNav />
              </li>
              <li>
                <NavLink to={paths.reports.getHref()}>{t`Reports`}</NavLink>
              </li>
              <li>
                <NavLink to={paths.projects.getHref()}>{t`Projects`}</NavLink>
              </li>
              <li>
                <NavLink to={paths.settings.getHref()}>{t`Settings`}</NavLink>
              </li>
            </ul>
          </nav>
          <SavedViewsNav />
          <TeamStatusBadge />
        </div>
        {connection.mode === 'demo' ? <DemoBanner /> : null}
        <SessionNotices />
        <KeptRemovedNotice />
      </header>
      {/* While the next page loads, say so to everyone, not only to those who see the bar move. */}
      <div
        className="route-progress"
        data-active={navigation.state !== 'idle'}
        role="progressbar"
        aria-label={t`Loading the page`}
        aria-hidden={navigation.state === 'idle'}
      />
      <main id="main" tabIndex={-1} ref={main}>
        {page}
      </main>
      <Toaster />
      <NavigationKeeper main={main} />
      <JobTrayLauncher />
      <KeyboardShortcuts />
    </>
  );
}
