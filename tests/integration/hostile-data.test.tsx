import { act, screen, within } from '@testing-library/react';
import { createSimulator, HOSTILE, HOSTILE_PROJECTS, type Simulator } from '../../src/simulator';
import { renderApp } from '../helpers/render-app';

/**
 * A hostile service (or a hostile page it analysed) must not be able to put anything live in
 * the dashboard: markup and `javascript:` URLs in any field show as text, huge strings and odd
 * shapes do not break a page. The records are the simulator's opt-in hostile seed. Whether a
 * payload would *run* cannot be seen here (jsdom runs no inline handlers or scripts): that is
 * tests/e2e/hostile.spec.ts, in Chromium. Here: no element and no link comes from the data.
 */
const hostileReports = createSimulator({ seed: 'hostile' }).store.reports();

function expectInert(container: HTMLElement) {
  expect(container.querySelector('script, img, svg, iframe, object, embed')).toBeNull();
  for (const link of container.querySelectorAll('a[href]')) {
    const href = link.getAttribute('href') ?? '';
    expect(href).not.toMatch(/^\s*(javascript|data|vbscript):/i);
  }
}

const render = (path: string) => renderApp(path, { simulator: { seed: 'hostile' } });

describe('hostile data', () => {
  it('is inert in the reports list', async () => {
    const { container } = render('/reports?per_page=25');
    await screen.findByRole('table');
    expect(screen.getAllByText(HOSTILE.javascriptUrl).length).toBeGreaterThan(0);
    expect(screen.getAllByText(HOSTILE.script).length).toBeGreaterThan(0);
    expect(screen.getAllByText(HOSTILE.imgOnerror).length).toBeGreaterThan(0);
    expectInert(container);
  });

  it.each(hostileReports.map((report) => [report.id, report.url.slice(0, 40)]))(
    'is inert on the page of hostile report %i (%s)',
    async (id) => {
      const { container, router } = render('/settings');
      await act(() => router.navigate(`/reports/${id}`));
      // The findings (failed checks first) are on the page.
      expect(await screen.findByRole('heading', { level: 2, name: /^Top issues/ })).toBeInTheDocument();
      expectInert(container);
    },
  );

  it('is inert in the projects list and on a hostile project page', async () => {
    const list = render('/projects?per_page=25');
    await screen.findByRole('table');
    expect(screen.getAllByText(HOSTILE_PROJECTS.script).length).toBeGreaterThan(0);
    expectInert(list.container);
    list.unmount();
    const page = render(`/projects/${encodeURIComponent(HOSTILE_PROJECTS.imgOnerror)}`);
    expect(await screen.findByRole('heading', { level: 1, name: HOSTILE_PROJECTS.imgOnerror })).toBeInTheDocument();
    await screen.findByRole('table');
    expectInert(page.container);
  });
});

describe('a broken row', () => {
  // Report 2 of the believable seed with a privacy code the API does not have.
  const breakReport = (simulator: Simulator) => simulator.store.update(2, { privacy: 9 as unknown as 0 });
  // A report without a project: the projects list then has a row whose name is null.
  const breakProject = (simulator: Simulator) => simulator.store.update(2, { project: null as unknown as string });

  it('is shown as unreadable in the reports list, and the rest of the page works', async () => {
    const { user } = renderApp('/reports?sort_by=id&sort=asc', { prepare: breakReport });
    const table = await screen.findByRole('table');
    const unreadable = await screen.findByRole('list', { name: 'Unreadable rows' });
    expect(unreadable).toHaveTextContent(
      /Unreadable row 2 on this page \(id 2\): data\[1\]\.privacy: expected a privacy code/,
    );
    // The other nine rows are there, and usable.
    expect(within(table).getAllByRole('row')).toHaveLength(1 + 9);
    await user.click(within(table).getAllByRole('link')[0]!);
    expect(await screen.findByRole('heading', { level: 1, name: /^Report for/ })).toBeInTheDocument();
  });

  it('does not blank the projects list', async () => {
    renderApp('/projects?per_page=100', { prepare: breakProject });
    const table = await screen.findByRole('table');
    expect(screen.getByRole('list', { name: 'Unreadable rows' })).toHaveTextContent(/Unreadable row \d+ on this page/);
    expect(within(table).getAllByRole('row').length).toBeGreaterThan(1);
  });
});
