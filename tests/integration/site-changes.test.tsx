import { act, screen, waitFor, within } from '@testing-library/react';
import { forgetInMemory } from '../../src/features/audit/project-reader';
import type { CheckResults, Simulator } from '../../src/simulator';
import { captureDownloads } from '../helpers/downloads';
import { renderApp } from '../helpers/render-app';

// No IndexedDB here (jsdom has none): the project is read into memory, which a revisit reuses.
const READ = { timeout: 20_000 };
vi.setConfig({ testTimeout: 60_000 });

const PROJECT = 'changes.example';
const DAY = 24 * 3600 * 1000;
const daysAgo = (days: number) => new Date(Date.now() - days * DAY).toISOString();
const dayString = (days: number) => {
  const date = new Date(Date.now() - days * DAY);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
};

/**
 * By hand, over the last 30 days: /a fixed Meta description, newly fails Load time, still fails
 * Title (50 → 70); /b newly fails Image keywords (80 → 60); /c is new and fails Title (90).
 * Health 65 → 73 (73.3). The previous run (3 days ago, against 5 days ago): only /c is new.
 */
function addProject(simulator: Simulator) {
  const { id: _id, ...template } = simulator.store.reports()[0]!;
  const results = (failing: Record<string, 'high' | 'medium' | 'low'>): CheckResults => {
    const all: CheckResults = {};
    for (const [name, check] of Object.entries(template.results)) all[name] = { ...check, passed: true, errors: {} };
    for (const [name, importance] of Object.entries(failing))
      all[name] = { passed: false, importance, value: null, errors: { failed: null } };
    return all;
  };
  const add = (path: string, days: number, result: number, failing: Record<string, 'high' | 'medium' | 'low'>) =>
    simulator.store.add({
      ...template,
      url: `${PROJECT}/${path}`,
      project: PROJECT,
      result,
      results: results(failing),
      generated_at: daysAgo(days),
      created_at: daysAgo(days),
      updated_at: daysAgo(days),
    });
  add('a', 40, 50, { title: 'high', meta_description: 'high' });
  add('b', 40, 80, {});
  add('a', 5, 70, { title: 'high', load_time: 'medium' });
  add('b', 5, 60, { image_keywords: 'low' });
  add('c', 3, 90, { title: 'high' });
}

afterEach(() => act(() => forgetInMemory()));

async function readProject(user: ReturnType<typeof renderApp>['user']) {
  await user.click(await screen.findByRole('button', { name: 'Read the project' }, READ));
  return screen.findByRole('table', { name: 'Checks that fail on either date, most important first' }, READ);
}

const countCell = (table: HTMLElement, check: string, column: number) =>
  within(within(table).getByRole('rowheader', { name: check }).closest('tr')!).getAllByRole('cell')[column]!;

describe('what changed on a project', () => {
  it('counts per check over the last 30 days, and each count opens its pages', async () => {
    const { user } = renderApp(`/projects/${PROJECT}/changes`, { prepare: addProject });
    const table = await readProject(user);
    expect(screen.getByText(`From`, { exact: false, selector: '.project-summary' })).toHaveTextContent(
      /From .+ to .+: each page as its latest run on or before each date\./,
    );
    // Rows: most important first; columns after Importance: newly failing, fixed, still failing, on new pages.
    const rows = within(table)
      .getAllByRole('rowheader')
      .map((cell) => cell.textContent);
    expect(rows).toEqual(['Title', 'Meta description', 'Load time', 'Image keywords']);
    expect(countCell(table, 'Title', 3)).toHaveTextContent('1'); // still failing: /a
    expect(countCell(table, 'Title', 4)).toHaveTextContent('1'); // on a new page: /c
    expect(countCell(table, 'Meta description', 2)).toHaveTextContent('1'); // fixed: /a
    expect(countCell(table, 'Load time', 1)).toHaveTextContent('1');
    expect(countCell(table, 'Image keywords', 1)).toHaveTextContent('1');
    expect(countCell(table, 'Meta description', 1)).toHaveTextContent('0');

    await user.click(screen.getByRole('button', { name: 'Meta description: fixed on 1 page' }));
    const fixed = screen.getByRole('list', { name: 'Meta description: fixed, 1 page' });
    expect(within(fixed).getByRole('link', { name: `${PROJECT}/a` })).toBeVisible();
    expect(fixed).toHaveTextContent('Decent 50 → Decent 70');
    expect(screen.getByRole('button', { name: 'Meta description: fixed on 1 page' })).toHaveAttribute(
      'aria-expanded',
      'true',
    );

    // Health at both dates and the difference; new and changed pages.
    expect(screen.getByText('+8 points')).toBeVisible();
    expect(screen.getByRole('heading', { name: 'New pages (1)' })).toBeVisible();
    expect(screen.getByRole('list', { name: 'New pages' })).toHaveTextContent(`${PROJECT}/c`);
    const changed = screen.getByRole('table', { name: 'Pages whose score or checks changed, the biggest drop first' });
    expect(
      within(changed)
        .getAllByRole('row')
        .slice(1)
        .map((row) => row.textContent),
    ).toEqual([
      `${PROJECT}/bGood 80Decent 60−20Image keywords—`,
      `${PROJECT}/aDecent 50Decent 70+20Load timeMeta description`,
    ]);
  });

  it('compares since the previous run in one click, and exports the comparison as CSV', async () => {
    const { user, router } = renderApp(`/projects/${PROJECT}/changes`, { prepare: addProject });
    await readProject(user);
    await user.click(screen.getByRole('button', { name: /^Since the previous run/ }));
    expect(router.state.location.search).toBe(`?from=${dayString(5)}&to=${dayString(3)}`);
    expect(await screen.findByRole('heading', { name: 'Pages that changed (0)' })).toBeVisible();
    expect(screen.getByRole('heading', { name: 'New pages (1)' })).toBeVisible();

    const downloads = captureDownloads();
    await user.click(screen.getByRole('button', { name: 'Download as CSV' }));
    const [csv = ''] = await downloads.texts();
    const lines = csv.trim().split('\r\n');
    expect(lines[0]).toBe(
      'URL,Page,Score at first date,Score at second date,Change,Newly failing,Fixed,Still failing,Outcome unclear,Analysed again in between,Latest report',
    );
    expect(lines.slice(1).map((line) => line.split(',').slice(0, 5).join(','))).toEqual([
      `${PROJECT}/c,New,,90,`,
      `${PROJECT}/a,In both,70,70,0`,
      `${PROJECT}/b,In both,60,60,0`,
    ]);
  });

  it('puts garbage and reversed dates in the address bar into words, and sends nothing more on a revisit', async () => {
    const { user, router, listRequests } = renderApp(`/projects/${PROJECT}/changes?from=soon&to=2026-02-30`, {
      prepare: addProject,
    });
    await readProject(user);
    expect(screen.getByText(/The first date in the address, “soon”, is not a date/)).toBeVisible();
    expect(screen.getByText(/The second date in the address, “2026-02-30”, is not a date/)).toBeVisible();

    const requestsBefore = listRequests('reports').length;
    await act(() => router.navigate(`/projects/${PROJECT}/changes?from=${dayString(0)}&to=${dayString(30)}`));
    expect(await screen.findByText(/The dates were in the wrong order/)).toBeVisible();
    expect(screen.getByText('+8 points')).toBeVisible();
    expect(listRequests('reports')).toHaveLength(requestsBefore);
  });

  it('draws health over time with a table alternative and the analyst’s notes', async () => {
    const { user } = renderApp(`/projects/${PROJECT}/changes`, { prepare: addProject });
    await readProject(user);
    const chart = screen.getByRole('img', { name: `Health of ${PROJECT} over time` });
    expect(chart).toHaveAccessibleDescription(/^From 65 .+ to 73 .+, lowest 65; 3 days with runs\./);

    await user.click(screen.getByRole('button', { name: 'Show as a table' }));
    const table = screen.getByRole('table', { name: `Health of ${PROJECT} over time, as a table` });
    expect(
      within(table)
        .getAllByRole('row')
        .slice(1)
        .map((row) => within(row).getAllByRole('cell')[0]!.textContent),
    ).toEqual(['65', '65', '73']);

    await user.type(screen.getByRole('textbox', { name: 'What happened' }), 'Site migration');
    const date = screen.getByLabelText('Date');
    await user.clear(date);
    await user.type(date, dayString(4));
    await user.click(screen.getByRole('button', { name: 'Add the note' }));
    expect(await screen.findByRole('list', { name: 'Notes on the chart' })).toHaveTextContent('Site migration');
    expect(screen.getByRole('img', { name: `Health of ${PROJECT} over time` })).toHaveAccessibleDescription(/1 note\./);
    expect(screen.getByRole('heading', { name: 'Notes in this period' })).toBeVisible();

    await user.click(screen.getByRole('button', { name: /^Remove the note of .+: Site migration$/ }));
    // The workspace's change is drawn in a render that yields (useWorkspace).
    await waitFor(() => expect(screen.queryByRole('list', { name: 'Notes on the chart' })).not.toBeInTheDocument());
  });
});

describe('the account’s health over time', () => {
  it('charts every project read on this device on the overview, and says which', async () => {
    const { user, router } = renderApp(`/projects/${PROJECT}/changes`, { prepare: addProject });
    await readProject(user);
    await act(() => router.navigate('/'));
    const chart = await screen.findByRole('img', { name: 'Health of the account over time' }, READ);
    expect(chart).toHaveAccessibleDescription(/^From 65 .+ to 73 .+, lowest 65; 3 days with runs\./);
    expect(screen.getByText(`From the project read on this device: ${PROJECT}.`)).toBeVisible();
  });
});
