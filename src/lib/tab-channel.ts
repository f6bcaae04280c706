/**
 * Everything the dashboard's open tabs must agree on goes through this module and its
 * neighbours: the record they share (the request budget, in IndexedDB, changed in one
 * transaction so that two tabs never interleave a read and a write: ./shared-record.ts), and
 * the messages they send each other (over BroadcastChannel, or storage events where it is
 * missing: ./tab-messages.ts). Where IndexedDB is missing (old browsers, disabled storage, jsdom)
 * there is no shared record: each tab keeps its own, as before. See
 * docs/decisions/0024-one-connection-for-every-tab.md, 0025-one-request-budget.md and
 * 0049-the-shared-budget-in-indexeddb.md.
 *
 * This module is in the first paint (the request budget applies to the first request); the
 * messages' code loads once the first rows are on screen, and until then `hearOtherTabs` keeps
 * what the other tabs say (docs/decisions/0027).
 */

export const CHANNEL_NAME = 'seo-dashboard';
/** The request budget shared by every tab (its key in ./shared-record.ts): recent request start times and any pause. */
export const BUDGET_KEY = 'seo-dashboard.request-budget';

/** What the other tabs said before the code that answers them was loaded. */
export interface HeardEarly {
  channel: BroadcastChannel;
  /** Messages as received, unread: tab-messages.ts reads them as it reads any other. */
  heard: unknown[];
}

/**
 * Starts hearing the other tabs at once, holding their messages for openTabChannel
 * (tab-messages.ts), so that a key saved in another tab, or a new tab asking for one, is not
 * missed while that code loads. undefined without BroadcastChannel (every browser the dashboard
 * supports has it): the storage fallback then starts hearing when it opens.
 */
export function hearOtherTabs(name = CHANNEL_NAME): HeardEarly | undefined {
  if (typeof BroadcastChannel !== 'function') return undefined;
  const early: HeardEarly = { channel: new BroadcastChannel(name), heard: [] };
  early.channel.onmessage = (event: MessageEvent) => early.heard.push(event.data);
  return early;
}
