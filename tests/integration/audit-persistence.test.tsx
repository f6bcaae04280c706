import 'fake-indexeddb/auto';
import { act, screen, waitFor, within } from '@testing-library/react';
import { syncConnection } from '../../src/app/connection-sync';
import { connectionIdOf, keepOnlyConnection, loadSnapshot, loadSummaries } from '../../src/features/audit/device-store';
import { forgetInMemory } from '../../src/features/audit/project-reader';
import { getConnection } from '../../src/features/connection';
import { forgetConnection, saveConnection } from '../../src/features/connection/connection-changes';
import { renderApp, TEST_BASE_URL, TEST_KEY } from '../helpers/render-app';

/** Reading and aggregating a project takes a few steps; this machine may be busy. */
const READ = { timeout: 20_000 };
vi.setConfig({ testTimeout: 60_000 });

const PROJECT = 'shop.fourthcoffee.com';

async function issueRows() {
  const table = await screen.findByRole('table', { name: `Issues of ${PROJECT}, highest impact first` }, READ);
  return within(table)
    .getAllByRole('row')
    .slice(1)
    .map((row) => row.textContent);
}

afterEach(async () => {
  await act(async () => {
    forgetInMemory();
    await keepOnlyConnection('nothing');
  });
});

describe('the audit kept on this device (IndexedDB)', () => {
  it('shows the kept audit after a reload and refreshes it with one request', async () => {
    const first = renderApp(`/projects/${PROJECT}`);
    const before = await issueRows();
    expect(before.length).toBeGreaterThan(3);
    const id = await act(() => connectionIdOf(getConnection()));
    // The id is the base URL and a hash of the key, never the key.
    expect(id).toMatch(/^http:\/\/api\.test\|[0-9a-f]{32}$/);
    expect(id).not.toContain(TEST_KEY);
    await waitFor(async () => expect(await loadSummaries(id)).toHaveLength(1));
    const kept = await act(() => loadSnapshot(id, PROJECT));
    expect(kept?.reports).toHaveLength(first.simulator.store.reports().filter((r) => r.project === PROJECT).length);
    first.unmount();

    // A reload: nothing in memory, the same service.
    act(() => forgetInMemory());
    const second = renderApp(`/projects/${PROJECT}`);
    expect(await issueRows()).toEqual(before);
    await screen.findByText(/checked for changes/, undefined, READ);
    // The audit's refresh (nothing changed: one page) and the count; no counts by rating, no
    // second page of the audit, and no list of pages: that is another part of the page.
    expect(second.listRequests('reports').map(String)).toEqual([
      'project=shop.fourthcoffee.com',
      'project=shop.fourthcoffee.com&sort_by=generated_at&sort=desc&per_page=100',
    ]);
  });

  it('deletes it when another key is saved, and when the key is forgotten', async () => {
    const view = renderApp(`/projects/${PROJECT}`);
    await issueRows();
    const id = await act(() => connectionIdOf(getConnection()));
    await waitFor(async () => expect(await loadSummaries(id)).toHaveLength(1));
    // The app's own reaction to a connection change (it also replaces the test's transport).
    let stop = syncConnection(view.queryClient);
    try {
      act(() => saveConnection({ baseUrl: TEST_BASE_URL, apiKey: 'another-key', remember: false }));
      await waitFor(async () => expect(await loadSnapshot(id, PROJECT)).toBeNull());
      // Inside waitFor: the new key's requests answer meanwhile, and the page updates.
      await waitFor(async () => expect(await loadSummaries(id)).toEqual([]));
      // What was on screen for the old key is gone too.
      await waitFor(() =>
        expect(screen.queryByRole('table', { name: `Issues of ${PROJECT}, highest impact first` })).toBeNull(),
      );
      // And the page looks at the device again for the new key, instead of waiting forever.
      await waitFor(() => expect(screen.queryByText(/Looking for this project/)).toBeNull());
      stop();
      view.unmount();

      // Read again with the first key, then forget it.
      const again = renderApp(`/projects/${PROJECT}`);
      await issueRows();
      await waitFor(async () => expect(await loadSummaries(id)).toHaveLength(1));
      stop = syncConnection(again.queryClient);
      act(() => forgetConnection());
      await waitFor(async () => expect(await loadSummaries(id)).toEqual([]));
      again.unmount();
    } finally {
      stop();
    }
  });
});
