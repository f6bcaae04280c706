import * as v from 'valibot';
import { createStore, del, get, type UseStore } from 'idb-keyval';
import { LANGUAGES } from '../../lib/i18n/locales';
import { readOr } from '../../lib/schema';
import type { DeviceDoc } from './device-doc';
import { parseWorkspace } from './model';
import { keyOf, piecesOf, sameValue, workspaceFrom } from './pieces';
import { appendEdits, readRegisters, registersOf } from './registers';
import { viewEntriesOf, writeViewEntries } from './views';

/**
 * The move from the versions before the shared workspace, which kept it as one record in the
 * `seo-dashboard-shared` database (lib/shared-record.ts): on the first start of this version the
 * record's pieces are written into the account's document, read back, and only when every one of
 * them reads back the same is the record removed. Run again, it finds no record and does nothing;
 * if it fails half-way the record stays (and is tried again next start), and the settings page
 * says so. A record of another account is removed, as that version did on a change of account.
 */

/** Where the old versions kept the workspace. */
export const WORKSPACE_KEY = 'seo-dashboard.workspace';
/** Where they kept the saved views: in localStorage, for every account of the device. */
export const SAVED_VIEWS_KEY = 'seo-dashboard:saved-views';
/** Where they kept each project's client report language: a localStorage key per project, for the device. */
export const OLD_REPORT_LANGUAGE_PREFIX = 'seo-dashboard:report-language:';

export type MoveOutcome =
  { kind: 'nothing-to-move' } | { kind: 'moved'; pieces: number } | { kind: 'failed'; problem: string };

function oldStore(): UseStore | null {
  try {
    return typeof indexedDB === 'undefined' ? null : createStore('seo-dashboard-shared', 'records');
  } catch {
    return null;
  }
}

/**
 * Writes the pieces the document does not hold yet (one already there, moved by another tab or an
 * earlier try, or set since, stays as it is), then reads them back as the next start will: from
 * the device when it keeps the document. Says which were written and which did not read back.
 */
async function writePieces(
  doc: DeviceDoc,
  accountId: string,
  wanted: ReadonlyMap<string, unknown>,
): Promise<{ written: string[]; missing: string[] }> {
  const registers = registersOf(doc.doc);
  const written = await doc.exclusive(() => {
    const here = readRegisters(registers);
    const keys = [...wanted.keys()].filter((key) => !here.has(key));
    doc.doc.transact(() =>
      appendEdits(
        registers,
        keys.map((key) => [key, wanted.get(key)] as const),
        Date.now(),
      ),
    );
    return keys;
  });
  const copy = (await doc.readBack()) ?? doc.doc;
  const readBack = piecesOf(workspaceFrom(registersOf(copy), accountId));
  if (copy !== doc.doc) copy.destroy();
  return { written, missing: written.filter((key) => !sameValue(readBack.get(key), wanted.get(key))) };
}

/** `records` undefined: the browser's own; null: there is none to look in. */
export async function moveOldRecord(
  doc: DeviceDoc,
  accountId: string,
  records: UseStore | null = oldStore(),
): Promise<MoveOutcome> {
  if (!records) return { kind: 'nothing-to-move' };
  try {
    const stored = await get<unknown>(WORKSPACE_KEY, records);
    if (stored === undefined) return { kind: 'nothing-to-move' };
    const old = parseWorkspace(stored);
    if (old.connection !== accountId) {
      await del(WORKSPACE_KEY, records);
      return { kind: 'nothing-to-move' };
    }
    const wanted = piecesOf(old);
    const { written, missing } = await writePieces(doc, accountId, wanted);
    if (missing.length > 0) {
      return { kind: 'failed', problem: `${missing.length} of ${wanted.size} pieces did not read back` };
    }
    await del(WORKSPACE_KEY, records);
    return { kind: 'moved', pieces: written.length };
  } catch (error) {
    return { kind: 'failed', problem: error instanceof Error ? error.message : String(error) };
  }
}

function browserStorage(): Storage | null {
  try {
    return globalThis.localStorage ?? null;
  } catch {
    return null;
  }
}

/**
 * The saved views of the old versions (one list for the device) join the workspace of the
 * account opened first, after any it has; read back, then the old list is removed. A list that
 * cannot be read as JSON is left where it is, and said.
 */
export async function moveOldSavedViews(
  doc: DeviceDoc,
  storage: Storage | null = browserStorage(),
): Promise<MoveOutcome> {
  let text: string | null;
  try {
    text = storage?.getItem(SAVED_VIEWS_KEY) ?? null;
  } catch {
    return { kind: 'nothing-to-move' };
  }
  if (text === null) return { kind: 'nothing-to-move' };
  let old: unknown;
  try {
    old = JSON.parse(text);
  } catch {
    return { kind: 'failed', problem: 'the saved views kept by the earlier version cannot be read' };
  }
  const entries = Array.isArray(old) ? old : [];
  const idOf = (entry: unknown) => (entry as { id?: unknown }).id;
  try {
    const registers = registersOf(doc.doc);
    const arriving = await doc.exclusive(() => {
      const here = viewEntriesOf(registers);
      const ids = new Set(here.map((entry) => (typeof entry === 'object' && entry !== null ? idOf(entry) : undefined)));
      // A view already here (moved by another tab, or the same view saved since) stays as it is;
      // so does the first of two with one id. An entry that does not read still moves, to be
      // listed as broken and deleted by the analyst; only null cannot (it is how the workspace
      // says "removed"), and it holds nothing.
      const moving = entries.filter((entry: unknown) => {
        if (entry === null || entry === undefined) return false;
        const id = typeof entry === 'object' ? idOf(entry) : undefined;
        // Without an id, the same entry already here (moved by an earlier try, or another tab).
        if (id === undefined) return !here.some((kept) => sameValue(kept, entry));
        if (ids.has(id)) return false;
        ids.add(id);
        return true;
      });
      doc.doc.transact(() => writeViewEntries(registers, [...here, ...moving], Date.now()));
      return moving;
    });
    // Only what was written is read back: the rest was already in the workspace.
    const copy = (await doc.readBack()) ?? doc.doc;
    const kept = viewEntriesOf(registersOf(copy));
    if (copy !== doc.doc) copy.destroy();
    const missing = arriving.filter((entry) => !kept.some((keptEntry) => sameValue(keptEntry, entry)));
    if (missing.length > 0) {
      return { kind: 'failed', problem: `${missing.length} of ${arriving.length} saved views did not read back` };
    }
    storage?.removeItem(SAVED_VIEWS_KEY);
    return { kind: 'moved', pieces: arriving.length };
  } catch (error) {
    // The old list stays where it is, to be moved on the next start; the settings page says so.
    return { kind: 'failed', problem: error instanceof Error ? error.message : String(error) };
  }
}

/**
 * The client report languages of the version before (a localStorage key per project, for every
 * account of the device) join the workspace of the account opened first, where that project has
 * none yet; read back, then the keys are removed. A key whose value is no language offered held
 * no choice: it goes too.
 */
export async function moveOldReportLanguages(
  doc: DeviceDoc,
  accountId: string,
  storage: Storage | null = browserStorage(),
): Promise<MoveOutcome> {
  let old: { key: string; project: string; language: string | null }[];
  try {
    const keys = storage ? Array.from({ length: storage.length }, (_, index) => storage.key(index)) : [];
    old = keys
      .filter((key): key is string => key?.startsWith(OLD_REPORT_LANGUAGE_PREFIX) === true)
      .map((key) => ({
        key,
        project: key.slice(OLD_REPORT_LANGUAGE_PREFIX.length),
        language: readOr(v.picklist(LANGUAGES), storage?.getItem(key), null),
      }));
  } catch {
    return { kind: 'nothing-to-move' }; // storage blocked: nothing can have been kept there
  }
  if (old.length === 0) return { kind: 'nothing-to-move' };
  const wanted = new Map(
    old.flatMap(({ project, language }) =>
      language && project ? [[keyOf(['report-language', project]), language] as const] : [],
    ),
  );
  try {
    const { written, missing } = await writePieces(doc, accountId, wanted);
    if (missing.length > 0) {
      return {
        kind: 'failed',
        problem: `${missing.length} of ${written.length} client report languages did not read back`,
      };
    }
    for (const { key } of old) storage?.removeItem(key);
    return { kind: 'moved', pieces: written.length };
  } catch (error) {
    return { kind: 'failed', problem: error instanceof Error ? error.message : String(error) };
  }
}
