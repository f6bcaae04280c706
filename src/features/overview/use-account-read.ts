import { useEffect, useState, useSyncExternalStore } from 'react';
import {
  canReadAccount,
  loadAccountRead,
  noteProjectsRead,
  readAccountMarker,
  refreshSummaries,
  type AccountRead,
} from '../audit';

type Reader = Awaited<ReturnType<typeof loadAccountRead>>;

/**
 * The background read's code (features/audit/read-account.ts), loaded once, with its message
 * (the overview's `AccountReadCard` part loads both): a device that has read its projects never
 * loads it. A failed load is forgotten, so that the part's "Try again" loads it again.
 */
let reader: Reader | undefined;
let loading: Promise<Reader> | undefined;
const readerListeners = new Set<() => void>();

export function loadReader(): Promise<Reader> {
  loading ??= loadAccountRead().then(
    (loaded) => {
      reader = loaded;
      readerListeners.forEach((listener) => listener());
      return loaded;
    },
    (error: unknown) => {
      loading = undefined;
      throw error;
    },
  );
  return loading;
}

/** The reader, for the message's part (whose code came with it). */
export function loadedReader(): Reader {
  if (!reader) throw new Error('The background read’s code is not loaded.');
  return reader;
}

const subscribeReader = (listener: () => void) => {
  readerListeners.add(listener);
  return () => readerListeners.delete(listener);
};
const getReader = () => reader;
const IDLE: AccountRead = { kind: 'idle' };
const STOPPED: AccountRead = { kind: 'stopped', progress: null };
const LISTING: AccountRead = { kind: 'listing' };
const noSubscription = () => () => undefined;
const idle = () => IDLE;

const isActive = (read: AccountRead) => read.kind === 'listing' || read.kind === 'reading' || read.kind === 'elsewhere';

/**
 * Whether the overview reads the account's projects in the background: on a device that has
 * read no project yet, or to resume a read a reload cut short (never one the person stopped; the
 * message's part starts it). `summaries` is what the device holds.
 *
 * - `read`: the reader's state; before its code is in, what it will say (stopped, where the
 *   marker says so; the projects being listed, where a read is about to start), so that the page
 *   takes its shape at once.
 * - `starts`: a read is to start now.
 * - `live`: a read ran during this visit. Its parts stay where they came (after the account's
 *   figures) and its message stays, said done, until the person closes it: nothing on the page
 *   moves as projects arrive or when the read ends.
 * - `unknown`: the device has not answered yet (or this visit has not looked again) and has
 *   noted nothing: a fresh device is the likeliest, whose place the page keeps.
 */
export function useAccountRead(summaries: { loaded: boolean; summaries: readonly unknown[] }) {
  const code = useSyncExternalStore(subscribeReader, getReader);
  const state = useSyncExternalStore(code?.subscribeAccountRead ?? noSubscription, code?.getAccountRead ?? idle);
  const [noted] = useState(() => readAccountMarker()?.state ?? null);
  // Looked at on every render, not once: a read ends, stops or is cut short while the page is open.
  const marked = readAccountMarker()?.state;
  const read = code ? state : marked === 'stopped' ? STOPPED : IDLE;
  // "Nothing read" only as this visit found it: the shell may have loaded the summaries before a
  // project was read on another page (its copy on the device still being written), and a stale
  // empty list would start a read of the whole account. The summaries count this page's reads.
  const [looked, setLooked] = useState(false);
  useEffect(() => {
    let live = true;
    void refreshSummaries()
      .catch(() => undefined) // the device did not answer: what the store holds is what there is
      .then(() => live && setLooked(true));
    return () => {
      live = false;
    };
  }, []);
  const nothingRead = looked && summaries.loaded && summaries.summaries.length === 0;
  const starts = read.kind === 'idle' && (nothingRead || marked === 'reading') && canReadAccount();
  useEffect(() => {
    if (summaries.loaded && summaries.summaries.length > 0) noteProjectsRead();
  }, [summaries]);
  // From the first frame: the start is an effect, the message is not.
  const shown = starts ? LISTING : read;
  const [live, setLive] = useState(false);
  if (isActive(shown) && !live) setLive(true);
  // Undecided until this visit has looked, where the shell's copy says nothing is read: else the
  // parts would show above the account's figures for a frame and then move below them.
  const undecided = !summaries.loaded || (summaries.summaries.length === 0 && !looked);
  return { read: shown, starts, live, unknown: undecided && noted === null };
}
