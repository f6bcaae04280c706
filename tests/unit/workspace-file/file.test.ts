import 'fake-indexeddb/auto';
import { IDBFactory } from 'fake-indexeddb';
import { addView, readViews } from '../../../src/features/saved-views/store';
import { importViews, portableViews } from '../../../src/features/saved-views/portable';
import { reloadConnectionFromStorage } from '../../../src/features/connection/connection';
import { forgetConnection, saveConnection } from '../../../src/features/connection/connection-changes';
import {
  addTimelineNote,
  markAttentionSeen,
  setProjectWatch,
  setReanalysisPlan,
} from '../../../src/features/workspace/actions';
import { importWorkspace } from '../../../src/features/workspace/merge';
import { emptyWorkspace, WORKSPACE_VERSION } from '../../../src/features/workspace/model';
import { createWorkspaceStore, forgetWorkspaceInMemory, workspaceStore } from '../../../src/features/workspace/store';
import {
  buildWorkspaceFile,
  MAX_WORKSPACE_FILE_BYTES,
  readChosenFile,
  readWorkspaceFile,
  workspaceFileName,
  workspaceFileText,
} from '../../../src/features/workspace-file/file';

const API_KEY = 'secret-key-of-device-a';

/** A browser of its own: an empty IndexedDB and localStorage, the workspace read afresh. */
async function freshDevice(connection?: { baseUrl: string; apiKey: string }) {
  forgetWorkspaceInMemory();
  globalThis.indexedDB = new IDBFactory();
  localStorage.clear();
  sessionStorage.clear();
  reloadConnectionFromStorage();
  if (connection) saveConnection({ ...connection, remember: true });
  await workspaceStore().ready;
}

afterEach(() => {
  forgetWorkspaceInMemory();
  forgetConnection();
  localStorage.clear();
});

function fileOf(extra: Record<string, unknown> = {}, workspace: Record<string, unknown> = {}): string {
  return JSON.stringify({
    format: 'seo-dashboard-workspace',
    version: 1,
    exportedAt: '2026-11-27T04:00:00.000Z',
    connectionLabel: 'https://seo.example.com',
    workspace: { ...emptyWorkspace(), ...workspace },
    savedViews: [],
    ...extra,
  });
}

const refused = (text: string) => {
  const reading = readWorkspaceFile(text);
  if (reading.ok) throw new Error('read, not refused');
  return reading.problem;
};

describe('reading a workspace file', () => {
  it('refuses what is not a workspace file of this dashboard, each with its own words', () => {
    expect(refused('PK\u0003\u0004 not json at all')).toMatch(/not JSON/);
    expect(refused('[1, 2, 3]')).toMatch(/JSON, but not a workspace file/);
    expect(refused('{"projects": []}')).toMatch(/JSON, but not a workspace file/);
    expect(refused(fileOf({ format: 'lighthouse-ci-report' }))).toMatch(
      /a “lighthouse-ci-report” file, not a workspace/,
    );
    expect(refused(fileOf({ format: 7 }))).toMatch(/of another format/);
  });

  it('refuses a file made by a newer dashboard, whether the file or its workspace is newer', () => {
    expect(refused(fileOf({ version: 2 }))).toMatch(/made by a newer version of the dashboard/);
    expect(refused(fileOf({}, { version: WORKSPACE_VERSION + 1 }))).toMatch(/made by a newer version/);
  });

  it('refuses a damaged file: no version, no workspace, saved views that are not a list', () => {
    expect(refused(fileOf({ version: '1' }))).toMatch(/damaged: its version or its workspace/);
    expect(refused(fileOf({ workspace: 'everything' }))).toMatch(/damaged: its version or its workspace/);
    expect(refused(fileOf({ savedViews: { a: 1 } }))).toMatch(/damaged: its saved views/);
    // A broken workspace is named first, whatever else is broken; an array is no workspace.
    expect(refused(fileOf({ workspace: [], savedViews: 'none' }))).toMatch(/damaged: its version or its workspace/);
    expect(refused(fileOf({ version: 1.5 }))).toMatch(/made by a newer version/);
    expect(refused(fileOf({ version: null }))).toMatch(/damaged: its version or its workspace/);
  });

  it('reads what is valid and counts each broken entry it leaves out', () => {
    const reading = readWorkspaceFile(
      fileOf(
        {
          savedViews: [
            { name: 'Bad pages', href: '/reports?result=bad' },
            { name: 'Evil', href: 'javascript:alert(1)' },
            { name: '', href: '/reports' },
            'text',
          ],
        },
        {
          projects: [{ project: 'shop.example', watch: { target: 80 } }, { project: 42 }],
          notes: [
            { id: 'n1', date: '2026-11-02', text: 'Site migration', project: null },
            { id: 'n2', date: '2026-02-30', text: 'no such day', project: null },
          ],
          marks: 'seen everything',
        },
      ),
    );
    expect(reading).toMatchObject({ ok: true, leftOut: 6 });
    if (!reading.ok) return;
    expect(reading.file.savedViews).toEqual([{ name: 'Bad pages', href: '/reports?result=bad' }]);
    expect(reading.file.workspace.projects.map((entry) => entry.project)).toEqual(['shop.example']);
    expect(reading.file.workspace.notes.map((note) => note.id)).toEqual(['n1']);
    expect(reading.file.connectionLabel).toBe('https://seo.example.com');
  });

  it('refuses an empty file and one over the limit by its size, without reading it', async () => {
    const huge = { size: 10 * 1024 * 1024, text: vi.fn(async () => 'x') } as unknown as Blob;
    expect(await readChosenFile(huge)).toEqual({
      ok: false,
      problem: expect.stringMatching(/10 MB: a workspace file is at most 5 MB/),
    });
    expect(huge.text).not.toHaveBeenCalled();
    expect(await readChosenFile(new Blob([]))).toEqual({ ok: false, problem: expect.stringMatching(/empty/) });
    // Just under the limit, garbage is read, and refused for what it is.
    const garbage = new Blob(['\u0000'.repeat(MAX_WORKSPACE_FILE_BYTES - 1)]);
    expect(await readChosenFile(garbage)).toEqual({ ok: false, problem: expect.stringMatching(/not JSON/) });
  });

  it('names the file by the day it was exported', () => {
    expect(workspaceFileName(new Date(2026, 10, 7, 23, 59))).toBe('seo-dashboard-workspace-2026-11-07.json');
  });
});

describe('the round trip', () => {
  it('export, then import into an empty device of another connection: the same workspace and saved views', async () => {
    await freshDevice({ baseUrl: 'https://a.example', apiKey: API_KEY });
    await addView('Bad pages', '/reports?result=bad');
    await addView('Shops', '/projects?search=shop');
    await setProjectWatch('shop.example', { target: 80, newHighFailures: false, dropPoints: 5 });
    await setReanalysisPlan('shop.example', {
      cadence: 'weekly',
      scope: { kind: 'failing', check: 'title' },
      privacy: 'public',
      automatic: true,
      paused: false,
    });
    await addTimelineNote({ date: '2026-11-02', text: 'Site migration', project: null });
    await addTimelineNote({ date: '2026-11-20', text: 'New theme', project: 'shop.example' });
    await markAttentionSeen(['shop.example|title']);
    const made = workspaceStore().read().workspace;
    const views = portableViews();
    const text = workspaceFileText(
      buildWorkspaceFile({
        workspace: made,
        savedViews: views,
        exportedAt: new Date(),
        connectionLabel: 'https://a.example',
      }),
    );
    // Nothing of the connection but its words: no key, no id made from it.
    expect(text).not.toContain(API_KEY);
    expect(text).not.toContain(made.connection ?? 'no connection');

    await freshDevice({ baseUrl: 'https://b.example', apiKey: 'another-key' });
    const reading = readWorkspaceFile(text);
    if (!reading.ok) throw new Error(reading.problem);
    expect(reading.leftOut).toBe(0);
    const otherTab = createWorkspaceStore();
    await otherTab.ready;
    await importWorkspace(reading.file.workspace);
    await importViews(reading.file.savedViews);
    // Another open tab follows (the shared record tells it).
    await vi.waitFor(() => expect(otherTab.read().workspace.notes).toHaveLength(2));
    otherTab.close();

    const imported = workspaceStore().read().workspace;
    expect(imported.connection).toMatch(/^https:\/\/b\.example\|/);
    expect({ ...imported, connection: null }).toEqual({ ...made, connection: null });
    expect(readViews().map(({ name, ok, ...rest }) => ({ name, ok, href: 'href' in rest ? rest.href : '' }))).toEqual(
      views.map((view) => ({ ...view, ok: true })),
    );

    // Kept on the device: a reload reads the same.
    forgetWorkspaceInMemory();
    await workspaceStore().ready;
    expect(workspaceStore().read().workspace).toEqual(imported);
  });
});

describe('saved views from a file', () => {
  beforeEach(() => localStorage.clear());

  it('replaces a view of the same name in its place and id, adds the others, keeps broken ones', async () => {
    await workspaceStore().changeViews(() => [
      { id: 'a', name: 'Bad pages', href: '/reports?result=bad' },
      { id: 'x', name: 'Old', href: '/nowhere' },
      { id: 'b', name: 'Shops', href: '/projects?search=shop' },
    ]);
    const result = await importViews([
      { name: 'Shops', href: '/projects?search=shops' },
      { name: 'Bad pages', href: '/reports?result=bad' },
      { name: 'Old', href: '/reports' },
    ]);
    expect(result).toEqual({ added: ['Old'], replaced: ['Shops'], kept: 2 });
    expect(workspaceStore().readViews()).toEqual([
      { id: 'a', name: 'Bad pages', href: '/reports?result=bad' },
      { id: 'x', name: 'Old', href: '/nowhere' },
      { id: 'b', name: 'Shops', href: '/projects?search=shops' },
      { id: expect.any(String), name: 'Old', href: '/reports' },
    ]);
  });
});
