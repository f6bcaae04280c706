import { useEffect, useState, useSyncExternalStore } from 'react';
import { Link, useLocation } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import {
  ANALYSIS_TIMEOUT_MS,
  STILL_WAITING_AFTER_MS,
  isKeyRejected,
  onTransportChange,
  queuedRequestCount,
  requestsPausedUntil,
  stillWaiting,
  stopWaitingForReads,
  subscribeWaiting,
} from '../api';
import { useConnection, useConnectionChange, type ConnectionChange } from '../features/connection';
import { lazyPart } from '../components/lazy-part';
import { paths } from '../lib/paths';
import { useSecondsLeft } from '../lib/use-seconds-left';
import { subscribeOnline } from './online';

// Only someone whose key was rejected needs it: it loads when they ask for it.
const ReplaceKeyDialog = lazyPart(
  async () => (await import('../features/settings/replace-key-dialog')).ReplaceKeyDialog,
);

function KeyRejected() {
  const { pathname } = useLocation();
  const [replacing, setReplacing] = useState(false);
  const onClose = (saved: boolean) => {
    setReplacing(false);
    // The banner (and its button, where focus would return) is gone once the key is replaced.
    if (saved) requestAnimationFrame(() => document.getElementById('main')?.focus({ preventScroll: true }));
  };
  return (
    <>
      <div className="session-banner session-banner--error" role="alert">
        <strong>The service rejected the API key.</strong> Nothing more is sent with it until you save a working key.{' '}
        <button type="button" className="button button--small" onClick={() => setReplacing(true)}>
          Replace key
        </button>{' '}
        {pathname.endsWith(paths.settings.pattern) ? null : <Link to={paths.settings.getHref()}>Open settings</Link>}
      </div>
      {/* Outside the alert, so that what happens in the dialog is not read out as part of it. */}
      {replacing ? <ReplaceKeyDialog onClose={onClose} /> : null}
    </>
  );
}

/** Another tab changed the connection: this page was remounted under it, and says why. */
function ConnectionChanged() {
  const change = useConnectionChange();
  const connection = useConnection();
  const [dismissed, setDismissed] = useState<ConnectionChange | null>(null);
  if (change.origin !== 'elsewhere' || dismissed === change) return null;
  const where =
    connection.mode === 'demo'
      ? 'the demo data'
      : `the service at ${connection.baseUrl || 'this dashboard’s own origin'}`;
  return (
    <div className="session-banner" role="alert">
      {change.keyReplaced ? (
        <>
          <strong>The API key was replaced in another tab.</strong> This page was read again with the new key.
        </>
      ) : (
        <>
          <strong>The connection was changed in another tab.</strong> This page now shows {where}; anything not saved
          here before the change was discarded.
        </>
      )}{' '}
      <button type="button" className="button button--small" onClick={() => setDismissed(change)}>
        Dismiss
      </button>
    </div>
  );
}

/** Requests held after a 429, counting down; the count itself is not read out every second. */
function Paused({ until }: { until: number }) {
  const seconds = useSecondsLeft(until);
  if (seconds <= 0) return null;
  return (
    <div className="session-banner">
      The service asked us to slow down. Requests resume in <span aria-live="off">{seconds} s</span>.
    </div>
  );
}

function describeLimit(ms: number): string {
  const minutes = ms / 60_000;
  if (minutes >= 1) return minutes === 1 ? '1 minute' : `${minutes} minutes`;
  return `${Math.round(ms / 1000)} seconds`;
}

/**
 * A request out for longer than STILL_WAITING_AFTER_MS. Reads can be given up or sent again;
 * a write cannot be called back once sent, so it only says how long it may still take.
 */
function StillWaiting() {
  const queryClient = useQueryClient();
  const waiting = useSyncExternalStore(subscribeWaiting, stillWaiting, stillWaiting);
  if (waiting.reads > 0) {
    const retry = async () => {
      // The hung requests of queries are dropped (a refetch alone would wait on them), other
      // reads stop waiting, and what is on screen is asked for again.
      await queryClient.cancelQueries();
      stopWaitingForReads();
      await queryClient.refetchQueries({ type: 'active' });
    };
    return (
      <div className="session-banner">
        <strong>Still waiting for the service…</strong> It has not answered for {STILL_WAITING_AFTER_MS / 1000} seconds;
        it may be slow or down.{' '}
        <button type="button" className="button button--small" onClick={stopWaitingForReads}>
          Cancel
        </button>{' '}
        <button type="button" className="button button--small" onClick={retry}>
          Retry
        </button>
      </div>
    );
  }
  if (waiting.writes > 0) {
    const limit =
      waiting.writeLimitMs >= ANALYSIS_TIMEOUT_MS
        ? `An analysis can take up to ${describeLimit(ANALYSIS_TIMEOUT_MS)}`
        : `It can take up to ${describeLimit(waiting.writeLimitMs)}`;
    return (
      <div className="session-banner">
        <strong>Still waiting for the service to answer a change…</strong> {limit}; the dashboard waits for its answer.
      </div>
    );
  }
  return null;
}

/**
 * What holds up all requests, said once for the whole app: a connection changed in another tab,
 * a rejected key (nothing more is sent until a working one is saved; it can be replaced here),
 * and no connection (what is on screen stays, and is refreshed when it returns).
 */
function SessionAlerts() {
  const rejected = useSyncExternalStore(onTransportChange, isKeyRejected, isKeyRejected);
  const online = useSyncExternalStore(
    subscribeOnline,
    () => navigator.onLine,
    () => true,
  );
  return (
    <>
      <ConnectionChanged />
      {rejected ? <KeyRejected /> : null}
      {online ? null : (
        <div className="session-banner" role="status">
          <strong>You are offline.</strong> What is on screen stays; it is refreshed when the connection returns.
        </div>
      )}
    </>
  );
}

/**
 * A request queued for a moment (a page asking for a dozen things at once) is not worth a banner
 * that comes and goes, shifting the page under the reader: the /projects page flashed one for
 * 40 ms, a layout shift of 0.13 in Lighthouse.
 */
const QUEUED_BANNER_AFTER_MS = 500;

/** True once `on` has held for `ms`. */
function useHeldFor(on: boolean, ms: number): boolean {
  const [held, setHeld] = useState(false);
  useEffect(() => {
    if (!on) return;
    const timer = setTimeout(() => setHeld(true), ms);
    return () => {
      clearTimeout(timer);
      setHeld(false);
    };
  }, [on, ms]);
  return on && held;
}

/**
 * Requests queued or paused to stay under the service's rate limit, and a service that is slow
 * to answer. Rendered inside the live region, which is on the page from the start.
 */
function RequestHolds() {
  const queued = useSyncExternalStore(onTransportChange, queuedRequestCount, queuedRequestCount);
  const pausedUntil = useSyncExternalStore(onTransportChange, requestsPausedUntil, requestsPausedUntil);
  const queuedAWhile = useHeldFor(queued > 0, QUEUED_BANNER_AFTER_MS);
  return (
    <>
      {pausedUntil > 0 ? <Paused until={pausedUntil} /> : null}
      {queuedAWhile && pausedUntil === 0 ? (
        <div className="session-banner">
          {queued === 1 ? '1 request is' : `${queued} requests are`} waiting a moment to stay under the service’s rate
          limit.
        </div>
      ) : null}
      <StillWaiting />
    </>
  );
}

/**
 * The banners, and the live region that announces what is held: in the page's header, a part of
 * the layout that comes once the first data is on screen (a rejected key, a lost connection or a
 * held request settles the first data too). Each banner says nothing until it has something to say.
 */
export function SessionNotices() {
  return (
    <>
      <SessionAlerts />
      <div role="status" aria-live="polite">
        <RequestHolds />
      </div>
    </>
  );
}
