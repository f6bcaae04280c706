import 'fake-indexeddb/auto';
import { act, cleanup, screen, waitFor, within } from '@testing-library/react';
import { forgetInMemory } from '../../src/features/audit/project-reader';
import { forgetWorkspaceInMemory } from '../../src/features/workspace/store';
import { addSegment } from '../../src/features/workspace/segment-actions';
import type { CheckResults, Simulator } from '../../src/simulator';
import { captureDownloads } from '../helpers/downloads';
import { renderApp } from '../helpers/render-app';

/** Reading and aggregating a project takes a few steps; this machine may be busy. */
const READ = { timeout: 20_000 };
vi.setConfig({ testTimeout: 60_000 });

const PROJECT = 'segments.example';
const DAY = 24 * 3600 * 1000;
const daysAgo = (days: number) => new Date(Date.now() - days * DAY).toISOString();

/**
 * By hand: the blog is /blog/one (80, fails Title) and /blog/two/ (60, fails Title and Meta
 * description, stored with its scheme, www. and trailing slash); /products/shoe (40, fails Load
 * time) and /about (100) are not. Blog: 2 pages, health 70, 2 issues; the project: 4 pages, 4
 * runs... and /blog/one had an earlier run (50) 40 days ago, so the blog's health was 50 then.
 */
function addProject(simulator: Simulator, project = PROJECT) {
  const { id: _id, ...template } = simulator.store.reports()[0]!;
  const results = (failing: Record<string, 'high' | 'medium' | 'low'>): CheckResults => {
    const all: CheckResults = {};
    for (const [name, check] of Object.entries(template.results)) all[name] = { ...check, passed: true, errors: {} };
    for (const [name, importance] of Object.entries(failing))
      all[name] = { passed: false, importance, value: null, errors: { failed: null } };
    return all;
  };
  const add = (url: string, days: number, result: number, failing: Record<string, 'high' | 'medium' | 'low'>) =>
    simulator.store.add({
      ...template,
      url,
      project,
      result,
      results: results(failing),
      generated_at: daysAgo(days),
      created_at: daysAgo(days),
      updated_at: daysAgo(days),
    });
  add(`${project}/blog/one`, 40, 50, { title: 'high', meta_description: 'high' });
  add(`${project}/blog/one`, 5, 80, { title: 'high' });
  add(`https://www.${project}/blog/two/`, 5, 60, { title: 'high', meta_description: 'high' });
  add(`${project}/products/shoe`, 5, 40, { load_time: 'medium' });
  add(`${project}/about`, 5, 100, {});
}

function reload(path: string) {
  cleanup();
  act(() => forgetInMemory());
  forgetWorkspaceInMemory();
  return renderApp(path, { prepare: (simulator) => addProject(simulator) });
}

afterEach(() => {
  act(() => forgetInMemory());
  forgetWorkspaceInMemory();
});

const issuesTable = (project = PROJECT) =>
  screen.findByRole('table', { name: `Issues of ${project}, highest impact first` }, READ);
const issuesCount = () => screen.getByText(/issues?, on \d+ pages?$/);
/** Goes to a part of the project's page by its link in the page's navigation. */
const partLink = (name: string) =>
  within(screen.getByRole('navigation', { name: 'Parts of the project' })).getByRole('link', { name });
const pagesFigure = () => screen.getByText(/^\d+ pages?$/, { selector: '.health__figures a' });

describe('segments of a project', () => {
  it('defines a segment, narrows the audit to it, and keeps both across a reload', async () => {
    const { user, router } = renderApp(`/projects/${PROJECT}`, { prepare: (simulator) => addProject(simulator) });
    await issuesTable();
    expect(issuesCount()).toHaveTextContent('3 issues, on 4 pages');

    await user.click(partLink('Segments'));
    const add = await screen.findByRole('form', { name: 'Add a segment' }, READ);
    const pattern = within(add).getByRole('textbox', { name: /^Pattern/ });
    await user.type(within(add).getByRole('textbox', { name: 'Name' }), 'Blog');
    // The live count, and words for a pattern that takes nothing or cannot be read.
    await user.type(pattern, '/blgo/');
    expect(within(add).getByText(/^Matches no page of the 4 pages read/)).toBeInTheDocument();
    await user.clear(pattern);
    await user.type(pattern, 'blog/');
    expect(within(add).getByText(/^Start a path with \//)).toBeInTheDocument();
    await user.click(within(add).getByRole('button', { name: 'Add segment' }));
    expect(within(add).getByRole('textbox', { name: /^Pattern/ })).toHaveAccessibleDescription(
      expect.stringMatching(/Start a path with \//),
    );
    await user.clear(pattern);
    await user.type(pattern, '/BLOG/*');
    expect(within(add).getByText('Matches 2 of 4 pages.')).toBeInTheDocument();
    await user.click(within(add).getByRole('button', { name: 'Add segment' }));
    await within(add).findByText(/^Added Blog/);

    // Its own health in the segments' table.
    const table = await screen.findByRole('table', { name: `Segments of ${PROJECT}: pages and health of each` });
    const row = within(table).getByRole('link', { name: 'Audit of the segment Blog' }).closest('tr')!;
    expect(
      within(row)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['Blog', '/BLOG/*', '2', 'Decent 70', '2', 'What changed']);

    // The filter narrows health, issues and pages. Its select loads after the page, with its words
    // (features/segments/segment-select.tsx), once the project has a segment.
    await user.selectOptions(
      await screen.findByRole('combobox', { name: 'Segment' }, { timeout: 15_000 }),
      'Blog (/BLOG/*)',
    );
    await waitFor(() => expect(pagesFigure()).toHaveTextContent('2 pages'));
    const segmentId = router.state.location.search.match(/segment=([a-z0-9]+)/)?.[1];
    expect(segmentId).toBeTruthy();
    await user.click(partLink('Pages'));
    const pages = await screen.findByRole('table', { name: 'Pages in the segment Blog, page 1 of 1' }, READ);
    expect(
      within(pages)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual([`https://www.${PROJECT}/blog/two/`, `${PROJECT}/blog/one`]);
    await user.click(partLink('Issues'));
    expect(router.state.location.search).toBe(`?segment=${segmentId}`);
    await waitFor(() => expect(issuesCount()).toHaveTextContent('2 issues, on 2 pages'));
    expect(within(await issuesTable()).queryByRole('link', { name: 'Load time' })).toBeNull();
    // The health's link to the pages stays in the segment.
    expect(pagesFigure()).toHaveAttribute(
      'href',
      `/projects/${encodeURIComponent(PROJECT)}/pages?latest=1&segment=${segmentId}#project-parts`,
    );

    // A reload finds the segment and the filter as they were.
    const path = `${router.state.location.pathname}${router.state.location.search}`;
    reload(path);
    await waitFor(
      () => expect(screen.getByRole('combobox', { name: 'Segment' })).toHaveDisplayValue('Blog (/BLOG/*)'),
      READ,
    );
    await issuesTable();
    await waitFor(() => expect(issuesCount()).toHaveTextContent('2 issues, on 2 pages'));

    // An issue's pages and the change report follow the segment, and so do the CSVs' names.
    const next = reload(path);
    const downloads = captureDownloads();
    await user.click(await screen.findByRole('button', { name: 'Download all issues (CSV)' }, READ));
    await user.click(within(await issuesTable()).getByRole('link', { name: 'Meta description' }));
    expect(next.router.state.location.search).toBe(`?segment=${segmentId}`);
    expect(await screen.findByText(/^Fails on 1 of 2 pages of Blog/, undefined, READ)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Download these pages (CSV)' }));
    await user.click(screen.getByRole('link', { name: `← Audit of ${PROJECT}` }));
    await user.click(await screen.findByRole('link', { name: 'What changed in the last 30 days' }, READ));
    expect(next.router.state.location.search).toBe(`?segment=${segmentId}`);
    const checks = await screen.findByRole(
      'table',
      { name: 'Checks that fail on either date, most important first' },
      READ,
    );
    expect(
      within(checks)
        .getAllByRole('rowheader')
        .map((cell) => cell.textContent),
    ).toEqual(['Title', 'Meta description']);
    await user.click(screen.getByRole('button', { name: 'Download as CSV' }));
    expect(downloads.names()).toEqual([
      `${PROJECT}-Blog-issues.csv`,
      `${PROJECT}-Blog-meta_description-pages.csv`,
      expect.stringMatching(new RegExp(`^${PROJECT}-Blog-changes-[\\d-]+\\.csv$`)),
    ]);
  });

  it('has words for a segment in the address that is not one, and shows every page', async () => {
    // Another project: this device keeps no segment of it.
    const project = 'no-segments.example';
    renderApp(`/projects/${project}?segment=%3Cscript%3Ealert(1)%3C%2Fscript%3E`, {
      prepare: (simulator) => addProject(simulator, project),
    });
    expect(
      await screen.findByText(
        /^The address asks for a segment, “<script>alert\(1\)<\/script>”, but this project has none on this device: every page is shown\.$/,
        undefined,
        READ,
      ),
    ).toBeInTheDocument();
    await issuesTable(project);
    expect(issuesCount()).toHaveTextContent('3 issues, on 4 pages');
  });

  it('renames and removes a segment, and refuses a second of the same name', async () => {
    const project = 'managed.example';
    const { user } = renderApp(`/projects/${project}`, { prepare: (simulator) => addProject(simulator, project) });
    await issuesTable(project);
    await user.click(partLink('Segments'));
    await act(() => addSegment(project, { name: 'Blog', pattern: '/blog/' }));
    await act(() => addSegment(project, { name: 'Shop', pattern: '/products/' }));
    const table = await screen.findByRole('table', { name: `Segments of ${project}: pages and health of each` });
    const names = () =>
      within(table)
        .getAllByRole('link', { name: /^Audit of the segment / })
        .map((link) => link.textContent);
    expect(names()).toEqual(['Blog', 'Shop']);

    const add = await screen.findByRole('form', { name: 'Add a segment' });
    await user.type(within(add).getByRole('textbox', { name: 'Name' }), 'SHOP');
    await user.type(within(add).getByRole('textbox', { name: /^Pattern/ }), '/shop/');
    await user.click(within(add).getByRole('button', { name: 'Add segment' }));
    expect(await within(add).findByText('Another segment of this project has this name.')).toBeInTheDocument();

    const blog = screen.getByRole('textbox', { name: 'Name of Blog (/blog/)' });
    await user.clear(blog);
    await user.type(blog, 'shop');
    await user.click(
      within(screen.getByRole('form', { name: 'Segment Blog' })).getByRole('button', { name: 'Rename' }),
    );
    expect(
      await within(screen.getByRole('form', { name: 'Segment Blog' })).findByText(
        'Another segment of this project has this name.',
      ),
    ).toBeInTheDocument();
    await user.clear(blog);
    await user.type(blog, 'Articles');
    await user.click(
      within(screen.getByRole('form', { name: 'Segment Blog' })).getByRole('button', { name: 'Rename' }),
    );
    await waitFor(() => expect(names()).toEqual(['Articles', 'Shop']));
    // The name it had is listed under it (as a concurrent rename that lost would be), not lost.
    await user.click(await screen.findByText(/^Earlier names \(1\)/));
    expect(
      within(screen.getByRole('list', { name: 'Earlier names of Articles' }))
        .getAllByRole('listitem')
        .map((item) => item.firstChild?.textContent),
    ).toEqual(['Blog']);
    expect(screen.queryByText(/^Earlier names/, { selector: 'summary' })).toHaveTextContent('Earlier names (1)');

    await user.click(screen.getByRole('button', { name: 'Remove Shop' }));
    await waitFor(() => expect(names()).toEqual(['Articles']));
  });
});
