import 'fake-indexeddb/auto';
import { act, cleanup, screen, waitFor, within } from '@testing-library/react';
import { forgetInMemory } from '../../src/features/audit/project-reader';
import { createWorkspaceStore, forgetWorkspaceInMemory } from '../../src/features/workspace/store';
import { setProjectWatch } from '../../src/features/workspace/actions';
import { DEFAULT_WATCH } from '../../src/features/workspace/model';
import type { CheckResults, Simulator } from '../../src/simulator';
import { renderApp } from '../helpers/render-app';

/** Reading and aggregating a project takes a few steps; this machine may be busy. */
const READ = { timeout: 20_000 };
vi.setConfig({ testTimeout: 60_000 });
const PROJECT = 'docs.contoso.com';
const TARGET_ITEM = new RegExp(`^${PROJECT.replace(/\./g, '\\.')}: Health \\d+, below the target of 100$`);

afterEach(() => {
  act(() => forgetInMemory());
  forgetWorkspaceInMemory();
});

const section = () => screen.getByRole('region', { name: 'Needs attention' });
/**
 * Found in the section as it is at each look: the overview moves its parts after the account's
 * figures once it knows this visit reads them, and a moved part is a new element.
 */
const inSection = <T,>(find: (section: ReturnType<typeof within>) => T) => waitFor(() => find(within(section())), READ);
const newItems = () => within(section()).queryByRole('list', { name: 'New items needing attention' });

/** This project read on this device (its page reads it), then the overview. */
async function readThenOverview(project = PROJECT, seed?: (simulator: Simulator) => void) {
  const app = renderApp(`/projects/${project}`, seed ? { prepare: seed } : {});
  await screen.findByRole('table', { name: `Issues of ${project}, highest impact first` }, READ);
  await act(() => app.router.navigate('/'));
  await screen.findByRole('heading', { level: 1, name: 'Overview' });
  // Worked out after the render, in slices: it says what it covers once it is.
  await inSection((part) => part.getByText(/across the (project|\d+ projects) read on this device/));
  return app;
}

describe('Needs attention on the overview', () => {
  it('flags a target missed, says what it covers, and keeps it marked seen across a reload', async () => {
    const { user } = await readThenOverview();
    await act(() => setProjectWatch(PROJECT, { ...DEFAULT_WATCH, target: 100 }));

    const item = await inSection((part) => part.getByRole('article', { name: TARGET_ITEM }));
    expect(within(section()).getByText(/across the project read on this device/)).toBeVisible();
    expect(within(item).getByRole('link', { name: PROJECT })).toHaveAttribute('href', `/projects/${PROJECT}`);
    // The navigation says how many are new, once its part is in.
    expect(await screen.findByText(/^\d+ new items? needs? attention$/, undefined, READ)).toBeInTheDocument();

    await user.click(within(item).getByRole('button', { name: /^Mark seen: / }));
    await waitFor(() =>
      expect(within(section()).queryByRole('list', { name: 'New items needing attention' })).toBeNull(),
    );
    expect(within(section()).getByText('1 marked seen')).toBeInTheDocument();

    // A reload: memory is gone, the device keeps the mark.
    cleanup();
    act(() => forgetInMemory());
    forgetWorkspaceInMemory();
    renderApp('/');
    await inSection((part) => part.getByText('1 marked seen'));
    expect(within(section()).queryByRole('list', { name: 'New items needing attention' })).toBeNull();
  });

  it('follows a target set and everything marked seen in another tab', async () => {
    await readThenOverview();
    const otherTab = createWorkspaceStore();
    // The navigation's part may still be working its list out meanwhile.
    await act(() => otherTab.ready);
    await act(() =>
      otherTab.change((draft) => {
        draft.projects = [{ project: PROJECT, watch: { ...DEFAULT_WATCH, target: 100 }, plan: null }];
      }),
    );
    await inSection((part) => part.getByRole('article', { name: TARGET_ITEM }));

    const lastLooked = new Date();
    await act(() =>
      otherTab.change((draft) => void (draft.marks = { lastLookedAt: lastLooked.toISOString(), seen: [] })),
    );
    await waitFor(() => expect(within(section()).queryByRole('article', { name: TARGET_ITEM })).toBeNull(), READ);
    // When that was, as Intl's en-US writes it ("Mar 4, 2026, 3:07 PM"), in the browser's time zone.
    const when = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' }).format(lastLooked);
    expect(within(section()).getByText(`Since you last looked (${when}), across the`, { exact: false })).toBeVisible();
    // The navigation's count follows too (its part works the list out on its own).
    await waitFor(() => expect(screen.queryByText(/^\d+ new items? needs? attention$/)).toBeNull(), READ);
    otherTab.close();
  });

  it('flags a drop and a new high-importance failure, and keeps their marks across a reload and in another tab', async () => {
    const { user } = await readThenOverview(DROPS, addDrop);
    const otherTab = createWorkspaceStore();
    await act(() => otherTab.ready);
    // The tests before this one looked (the device keeps their marks): nothing looked at yet.
    await act(() => otherTab.change((draft) => void (draft.marks = { lastLookedAt: null, seen: [] })));
    const drop = await inSection((part) => part.getByRole('article', { name: DROP_ITEM }));
    expect(within(section()).getByRole('article', { name: FAILURE_ITEM })).toBeInTheDocument();
    expect(within(drop).getByRole('link', { name: `${DROPS}/a` })).toBeInTheDocument();
    expect(within(drop).getByText('score 80 → 50')).toBeInTheDocument();

    // Marked seen here: the other tab's record has the mark.
    await user.click(within(drop).getByRole('button', { name: /^Mark seen: / }));
    await inSection((part) => part.getByText('1 marked seen'));
    expect(within(newItems()!).queryByRole('article', { name: DROP_ITEM })).toBeNull();
    await waitFor(() => {
      const view = otherTab.read();
      expect(view.loaded && view.workspace.marks.seen).toEqual([expect.stringMatching(/^drop\|drops\.example\|10\|/)]);
    }, READ);
    otherTab.close();

    // A reload: the drop stays marked, the new failure is still news.
    cleanup();
    act(() => forgetInMemory());
    forgetWorkspaceInMemory();
    renderApp('/');
    await inSection((part) => part.getByRole('article', { name: FAILURE_ITEM }));
    expect(within(section()).getByText('1 marked seen')).toBeInTheDocument();
    expect(within(newItems()!).queryByRole('article', { name: DROP_ITEM })).toBeNull();

    // Another tab marks everything seen: this one follows, and its count too.
    const secondTab = createWorkspaceStore();
    await act(() => secondTab.ready);
    await act(() =>
      secondTab.change((draft) => void (draft.marks = { lastLookedAt: new Date().toISOString(), seen: [] })),
    );
    await inSection((part) => part.getByText('Nothing new needs attention.'));
    expect(newItems()).toBeNull();
    await waitFor(() => expect(screen.queryByText(/^\d+ new items? needs? attention$/)).toBeNull(), READ);
    secondTab.close();
  });
});

const DROPS = 'drops.example';
const DROP_ITEM = /^drops\.example: 1 page fell by 10 points or more$/;
const FAILURE_ITEM = /^drops\.example: 1 page newly fails “Title” \(high importance\)$/;

/** /a scored 80 with nothing failing 40 days ago, and 50 failing Title (high) 5 days ago; /b did not move. */
function addDrop(simulator: Simulator) {
  const { id: _id, ...template } = simulator.store.reports()[0]!;
  const daysAgo = (days: number) => new Date(Date.now() - days * 24 * 3600 * 1000).toISOString();
  const results = (failing: string[]): CheckResults => {
    const all: CheckResults = {};
    for (const [name, check] of Object.entries(template.results)) all[name] = { ...check, passed: true, errors: {} };
    for (const name of failing)
      all[name] = { passed: false, importance: 'high', value: null, errors: { failed: null } };
    return all;
  };
  const add = (path: string, days: number, result: number, failing: string[]) =>
    simulator.store.add({
      ...template,
      url: `${DROPS}/${path}`,
      project: DROPS,
      result,
      results: results(failing),
      generated_at: daysAgo(days),
      created_at: daysAgo(days),
      updated_at: daysAgo(days),
    });
  add('a', 40, 80, []);
  add('b', 40, 70, []);
  add('a', 5, 50, ['title']);
  add('b', 5, 70, []);
}
