import { act, cleanup, screen } from '@testing-library/react';
import { forgetInMemory } from '../../src/features/audit/project-reader';
import { renderApp, type SeenRequest } from '../helpers/render-app';

// While a fresh device reads the account in the background (decision 0105), the read's progress
// changes many times a second on a large account. Only its message follows it: the overview's
// other parts render again when their own data changes, not with every page read (issue 37: each
// progress step rendered the whole page again, in long tasks, while the page was loading).

const READ = { timeout: 40_000 };
vi.setConfig({ testTimeout: 90_000 });

// Two of the parts that take nothing from the read, each counted by what it alone calls once per
// render: the saved views (their store's hook) and the projects by health (the projects query;
// the read itself asks for it once, when it starts).
const renders = vi.hoisted(() => ({ savedViews: 0, projectsByHealth: 0 }));
vi.mock('../../src/features/projects', async (importOriginal) => {
  const original = await importOriginal<typeof import('../../src/features/projects')>();
  return {
    ...original,
    projectQueries: {
      ...original.projectQueries,
      everyProject: () => {
        renders.projectsByHealth += 1;
        return original.projectQueries.everyProject();
      },
    },
  };
});
vi.mock('../../src/features/saved-views/store', async (importOriginal) => {
  const original = await importOriginal<typeof import('../../src/features/saved-views/store')>();
  return {
    ...original,
    useSavedViews: () => {
      renders.savedViews += 1;
      return original.useSavedViews();
    },
  };
});

afterEach(() => {
  cleanup();
  act(() => forgetInMemory());
});

const auditRead = (request: SeenRequest) =>
  request.method === 'GET' && request.url.pathname === '/api/v1/reports' && request.url.searchParams.has('project');

it('does not render the parts that take nothing from the read again as the read goes on', async () => {
  let release = () => {};
  let smallest = '';
  renderApp('/', {
    prepare: (sim, hold) => {
      smallest = [...sim.store.projects()].sort((a, b) => a.reports - b.reports || (a.project < b.project ? -1 : 1))[0]!
        .project;
      release = hold((request) => auditRead(request) && request.url.searchParams.get('project') !== smallest);
    },
  });
  await screen.findByText(/in the background: 1 of \d+ projects/, undefined, READ);
  expect(await screen.findByRole('region', { name: 'Saved views' })).toBeVisible();
  // What arrives late on a busy machine (words, the device's stores) renders the parts for their
  // own reasons: counted from when they have been still for a while.
  let counted = '';
  while (counted !== JSON.stringify(renders)) {
    counted = JSON.stringify(renders);
    await act(() => new Promise((resolve) => setTimeout(resolve, 500)));
  }
  const before = { ...renders };
  release();
  // Every other project read: the message changed with each, the saved views did not.
  await screen.findByText(/^Read this account’s projects in the background: (\d+) of \1 projects/, undefined, READ);
  expect(renders).toEqual(before);
});
