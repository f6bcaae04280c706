import { act, screen, waitFor, within } from '@testing-library/react';
import { createSimulator } from '../../src/simulator';
import { renderApp } from '../helpers/render-app';

const pages = () => screen.getByRole('navigation', { name: 'Reports pages' });

// The table's own rows: a role query over every row, each time the list changes, takes seconds on
// a busy machine.
function bodyRows() {
  const [, ...rows] = (screen.getByRole('table') as HTMLTableElement).rows;
  return rows;
}

describe('paging', () => {
  it('says "Page N of M" where everyone sees it, and jumps to a page', async () => {
    const { user, router, listRequests, simulator } = renderApp('/reports');
    // The pages come once the first rows are on screen.
    await screen.findByRole('navigation', { name: 'Reports pages' });
    const last = Math.ceil(simulator.store.reports().length / 10);
    expect(within(pages()).getByText(`Page 1 of ${last}`)).toBeVisible();
    // The jump comes once the first rows are on screen.
    const jump = await within(pages()).findByRole('spinbutton', { name: 'Go to page' }, { timeout: 5_000 });
    await user.clear(jump);
    await user.type(jump, '3{Enter}');
    await waitFor(() => expect(router.state.location.search).toBe('?page=3'));
    await waitFor(() => expect(listRequests('reports').map((p) => p.get('page'))).toContain('3'));
    expect(await within(pages()).findByText(`Page 3 of ${last}`)).toBeInTheDocument();
    expect(screen.getByText(/^21–30 of/)).toBeInTheDocument();
    // A page that does not exist is not asked for.
    await user.clear(within(pages()).getByRole('spinbutton', { name: 'Go to page' }));
    await user.type(within(pages()).getByRole('spinbutton', { name: 'Go to page' }), `${last + 5}`);
    await user.click(within(pages()).getByRole('button', { name: 'Go' }));
    expect(router.state.location.search).toBe('?page=3');
  });

  it('has one tab stop per row, and a skip link past the rows to the pagination', async () => {
    const { user } = renderApp('/reports?per_page=25');
    await waitFor(() => expect(bodyRows()).toHaveLength(25));
    for (const row of bodyRows()) {
      // Links and the selection box: only the report's link is reached by Tab (`x` ticks the box).
      const stops = [...within(row).getAllByRole('link'), ...within(row).getAllByRole('checkbox')].filter(
        (element) => element.tabIndex >= 0,
      );
      expect(stops).toHaveLength(1);
      expect(stops[0]).toHaveClass('report-link');
    }
    // The link comes with the selection bar, loaded once the first rows are on screen.
    await user.click(await screen.findByRole('link', { name: 'Skip to pagination' }, { timeout: 5_000 }));
    expect(pages()).toHaveFocus();
  });
});

describe('focus', () => {
  it('leaves a freshly opened list where it is, also in development (effects run twice on mount)', async () => {
    renderApp('/reports', { strictMode: true });
    await screen.findByRole('table');
    // The focus keeper comes with the extras, as the selection bar does: once the first rows are on screen.
    await screen.findByText('No reports selected.');
    await act(() => new Promise((resolve) => setTimeout(resolve, 200)));
    expect(document.activeElement).toBe(document.body);
  });

  it('Next onto the last page puts focus on where the page is said, not on <body>', async () => {
    const { user, simulator } = renderApp('/reports');
    await screen.findByRole('navigation', { name: 'Reports pages' });
    const last = Math.ceil(simulator.store.reports().length / 10);
    await user.click(within(pages()).getByRole('link', { name: 'Last' }));
    await within(pages()).findByText(`Page ${last} of ${last}`);
    await user.click(within(pages()).getByRole('link', { name: 'Previous' }));
    await within(pages()).findByText(`Page ${last - 1} of ${last}`);
    within(pages()).getByRole('link', { name: 'Next' }).focus();
    await user.keyboard('{Enter}');
    await within(pages()).findByText(`Page ${last} of ${last}`);
    await waitFor(() => expect(document.activeElement).not.toBe(document.body));
    expect(within(pages()).getByText(`Page ${last} of ${last}`).closest('p')).toHaveFocus();
  });

  it('going back to the list puts focus on the row that was opened', async () => {
    const { user, router } = renderApp('/reports?per_page=25');
    await waitFor(() => expect(bodyRows()).toHaveLength(25));
    const link = within(bodyRows()[4] ?? document.body).getAllByRole('link')[0];
    if (!link) throw new Error('no row link');
    const href = link.getAttribute('href');
    link.focus();
    await user.keyboard('{Enter}');
    await screen.findByRole('heading', { level: 1, name: /^Report for/ }, { timeout: 10_000 });
    await act(() => router.navigate(-1));
    await waitFor(() => expect(document.activeElement?.getAttribute('href')).toBe(href));
    expect(document.activeElement?.closest('tr')).toBe(bodyRows()[4]);
  });

  it('Back to the list puts focus on the row even when the report was opened before the focus keeper came', async () => {
    // The keeper loads once the first data is on screen: here it first sees the report page, and
    // the list is in the history from before.
    const newest = createSimulator()
      .store.reports()
      .toSorted((a, b) => b.created_at.localeCompare(a.created_at))[0];
    if (!newest) throw new Error('no report');
    const { router } = renderApp(`/reports/${newest.id}`, { before: ['/reports'] });
    await screen.findByRole('heading', { level: 1, name: /^Report for/ }, { timeout: 10_000 });
    await screen.findByRole('button', { name: /^Privacy:/ });
    await act(() => new Promise((resolve) => setTimeout(resolve, 200)));
    await act(() => router.navigate(-1));
    await waitFor(() => expect(document.activeElement?.getAttribute('href')).toBe(`/reports/${newest.id}`));
  });

  it("the project page's link back to the list also returns focus to the project that was opened", async () => {
    const { user } = renderApp('/projects');
    const table = await screen.findByRole('table', { name: /^Projects, page/ });
    const link = within(table).getAllByRole('link')[2];
    if (!link) throw new Error('no project link');
    const name = link.textContent ?? '';
    await user.click(link);
    await screen.findByRole('heading', { level: 1, name });
    await user.click(screen.getByRole('link', { name: '← All projects' }));
    await waitFor(() =>
      expect(within(screen.getByRole('table', { name: /^Projects, page/ })).getByRole('link', { name })).toHaveFocus(),
    );
  });
});
