import type { HeardEarly } from '../../lib/tab-channel';
import { openTabChannel, type ConnectionReason, type TabChannel, type TabMessage } from '../../lib/tab-messages';
import { adoptFromOtherTab } from './connection-changes';
import { getConnection, getConnectionChange, subscribeConnection, type Connection } from './connection';

/**
 * Keeps every open tab on one connection (docs/decisions/0024-one-connection-for-every-tab.md):
 * what this tab saves or forgets is sent to the others, and what they send is taken here.
 */

function toShared(connection: Connection) {
  return connection.mode === 'service'
    ? { baseUrl: connection.baseUrl, apiKey: connection.apiKey, remember: connection.remember }
    : null;
}

function tell(channel: TabChannel, connection: Connection, reason: ConnectionReason) {
  const shared = toShared(connection);
  // Without BroadcastChannel, messages pass through localStorage: the other tabs are told to
  // forget (they show the demo) rather than be handed a key that must not be stored.
  channel.post({
    topic: 'connection',
    connection: shared && !shared.remember && !channel.inMemory ? null : shared,
    reason,
  });
}

function onMessage(channel: TabChannel, message: TabMessage) {
  const current = getConnection();
  if (message.topic === 'connection-wanted') {
    // A tab opened later asks for a key that only the open tabs hold.
    if (current.mode === 'service' && !current.remember) tell(channel, current, 'answered');
    return;
  }
  const next: Connection = message.connection ? { mode: 'service', ...message.connection } : { mode: 'demo' };
  if (JSON.stringify(toShared(next)) === JSON.stringify(toShared(current))) return;
  // An answer to the question a new tab asks is joining, for a tab that has not changed since.
  const origin = message.reason === 'answered' && getConnectionChange().origin === 'start' ? 'joined' : 'elsewhere';
  const keyReplaced =
    message.reason === 'replaced-key' &&
    current.mode === 'service' &&
    next.mode === 'service' &&
    current.baseUrl === next.baseUrl;
  adoptFromOtherTab(next, origin, keyReplaced);
}

/**
 * Follows the other open tabs, and tells them about changes made here. A tab opened without a
 * stored connection asks whether the open tabs share one that is kept out of localStorage.
 * `early`: what the other tabs said while this code loaded (lib/tab-channel.ts, hearOtherTabs).
 */
export function followOtherTabs({ channel, early }: { channel?: TabChannel; early?: HeardEarly } = {}): () => void {
  channel ??= openTabChannel(undefined, early);
  const opened = channel;
  const stopListening = opened.subscribe((message) => onMessage(opened, message));
  const stopTelling = subscribeConnection(() => {
    const change = getConnectionChange();
    if (change.origin === 'here') tell(opened, getConnection(), change.keyReplaced ? 'replaced-key' : 'saved');
  });
  if (getConnection().mode === 'demo') opened.post({ topic: 'connection-wanted' });
  return () => {
    stopListening();
    stopTelling();
    opened.close();
  };
}
