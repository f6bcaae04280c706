import * as Y from 'yjs';
import type { DeviceDoc } from '../../../src/features/workspace/device-doc';
import { emptyWorkspace } from '../../../src/features/workspace/model';
import { moveOldReportLanguages, OLD_REPORT_LANGUAGE_PREFIX } from '../../../src/features/workspace/old-record';
import { workspaceFrom, writeChanges } from '../../../src/features/workspace/pieces';
import { registersOf } from '../../../src/features/workspace/registers';

/**
 * The client report's language as the version before kept it (decision 0109): one localStorage
 * key per project, `seo-dashboard:report-language:<project>`, holding the language's code as
 * written by `localStorage.setItem(key, 'es')`. It moves into the workspace once (issue 38, item 2).
 */

/** A device's document; `readBack` gives what the device kept of it (a copy). */
function deviceDoc(readBack: (doc: Y.Doc) => Promise<Y.Doc> = async (doc) => copyOf(doc)) {
  const doc = new Y.Doc();
  return {
    doc,
    exclusive: async (change: () => unknown) => change(),
    readBack: () => readBack(doc),
  } as unknown as DeviceDoc;
}

function copyOf(doc: Y.Doc): Y.Doc {
  const copy = new Y.Doc();
  Y.applyUpdate(copy, Y.encodeStateAsUpdate(doc));
  return copy;
}

/** localStorage as the version before left it (plus a key of something else). */
function oldStorage(languages: Record<string, string>): Storage {
  const items = new Map(
    Object.entries(languages).map(([project, value]) => [OLD_REPORT_LANGUAGE_PREFIX + project, value]),
  );
  items.set('seo-dashboard:language', 'de');
  return {
    get length() {
      return items.size;
    },
    key: (index: number) => [...items.keys()][index] ?? null,
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => void items.set(key, value),
    removeItem: (key: string) => void items.delete(key),
    clear: () => items.clear(),
  };
}

const languagesOf = (doc: DeviceDoc) =>
  Object.fromEntries(
    workspaceFrom(registersOf(doc.doc), 'acct').projects.map((entry) => [entry.project, entry.reportLanguage]),
  );

it('moves each project’s language in, reads it back, then removes the old keys and only them', async () => {
  const doc = deviceDoc();
  const storage = oldStorage({ 'a.example': 'es', 'b.example': 'ru' });
  expect(await moveOldReportLanguages(doc, 'acct', storage)).toEqual({ kind: 'moved', pieces: 2 });
  expect(languagesOf(doc)).toEqual({ 'a.example': 'es', 'b.example': 'ru' });
  expect(storage.length).toBe(1);
  expect(storage.getItem('seo-dashboard:language')).toBe('de');
  // Run again: nothing left to move.
  expect(await moveOldReportLanguages(doc, 'acct', storage)).toEqual({ kind: 'nothing-to-move' });
});

it('a language chosen in the workspace already (another tab, a teammate) wins over the old key', async () => {
  const doc = deviceDoc();
  const chosen = { ...emptyWorkspace('acct') };
  chosen.projects = [
    {
      project: 'a.example',
      watch: { target: null, newHighFailures: true, dropPoints: 10 },
      plan: null,
      reportLanguage: 'fr',
    },
  ];
  doc.doc.transact(() => writeChanges(registersOf(doc.doc), emptyWorkspace('acct'), chosen, 1));
  const storage = oldStorage({ 'a.example': 'es' });
  expect(await moveOldReportLanguages(doc, 'acct', storage)).toEqual({ kind: 'moved', pieces: 0 });
  expect(languagesOf(doc)).toEqual({ 'a.example': 'fr' });
  expect(storage.getItem(`${OLD_REPORT_LANGUAGE_PREFIX}a.example`)).toBeNull();
});

it('a key that holds no language offered moves nothing and goes; no key, nothing to move', async () => {
  const doc = deviceDoc();
  const storage = oldStorage({ 'a.example': '{"lang":"es"}', 'b.example': 'tlh' });
  expect(await moveOldReportLanguages(doc, 'acct', storage)).toEqual({ kind: 'moved', pieces: 0 });
  expect(languagesOf(doc)).toEqual({});
  expect(storage.length).toBe(1);
  expect(await moveOldReportLanguages(deviceDoc(), 'acct', oldStorage({}))).toEqual({ kind: 'nothing-to-move' });
  expect(await moveOldReportLanguages(deviceDoc(), 'acct', null)).toEqual({ kind: 'nothing-to-move' });
});

it('a device that does not keep what was written keeps the old keys, and says so', async () => {
  const forgetful = deviceDoc(async () => new Y.Doc());
  const storage = oldStorage({ 'a.example': 'es' });
  expect(await moveOldReportLanguages(forgetful, 'acct', storage)).toEqual({
    kind: 'failed',
    problem: '1 of 1 client report languages did not read back',
  });
  expect(storage.getItem(`${OLD_REPORT_LANGUAGE_PREFIX}a.example`)).toBe('es');

  const failing = deviceDoc(() => Promise.reject(new Error('The database connection is closing.')));
  expect(await moveOldReportLanguages(failing, 'acct', storage)).toEqual({
    kind: 'failed',
    problem: 'The database connection is closing.',
  });
  expect(storage.getItem(`${OLD_REPORT_LANGUAGE_PREFIX}a.example`)).toBe('es');
});

it('storage that refuses to be read (blocked cookies) is nothing to move', async () => {
  const blocked = {
    get length(): number {
      throw new DOMException('The operation is insecure.', 'SecurityError');
    },
  } as unknown as Storage;
  expect(await moveOldReportLanguages(deviceDoc(), 'acct', blocked)).toEqual({ kind: 'nothing-to-move' });
});
