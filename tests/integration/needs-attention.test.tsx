import 'fake-indexeddb/auto';
import { act, cleanup, screen, waitFor, within } from '@testing-library/react';
import { forgetInMemory } from '../../src/features/audit/project-reader';
import { createWorkspaceStore, forgetWorkspaceInMemory } from '../../src/features/workspace/store';
import { setProjectWatch } from '../../src/features/workspace/actions';
import { DEFAULT_WATCH } from '../../src/features/workspace/model';
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

/** This project read on this device (its page reads it), then the overview. */
async function readThenOverview() {
  const app = renderApp(`/projects/${PROJECT}`);
  await screen.findByRole('table', { name: `Issues of ${PROJECT}, highest impact first` }, READ);
  await act(() => app.router.navigate('/'));
  await screen.findByRole('heading', { level: 1, name: 'Overview' });
  // Worked out after the render, in slices: it says what it covers once it is.
  await within(section()).findByText(/across the project read on this device/, undefined, READ);
  return app;
}

describe('Needs attention on the overview', () => {
  it('flags a target missed, says what it covers, and keeps it marked seen across a reload', async () => {
    const { user } = await readThenOverview();
    await act(() => setProjectWatch(PROJECT, { ...DEFAULT_WATCH, target: 100 }));

    const item = await within(section()).findByRole('article', { name: TARGET_ITEM }, READ);
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
    await within(await screen.findByRole('region', { name: 'Needs attention' })).findByText(
      '1 marked seen',
      undefined,
      READ,
    );
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
    await within(section()).findByRole('article', { name: TARGET_ITEM }, READ);

    await act(() =>
      otherTab.change((draft) => void (draft.marks = { lastLookedAt: new Date().toISOString(), seen: [] })),
    );
    await waitFor(() => expect(within(section()).queryByRole('article', { name: TARGET_ITEM })).toBeNull(), READ);
    // The navigation's count follows too (its part works the list out on its own).
    await waitFor(() => expect(screen.queryByText(/^\d+ new items? needs? attention$/)).toBeNull(), READ);
    otherTab.close();
  });
});
