import { act, screen, waitFor, within } from '@testing-library/react';
import { resetJobQueue } from '../../src/features/jobs/job-service';
import { clearSelection } from '../../src/features/report-list/selection';
import { useFakeClock } from '../helpers/fake-clock';
import { renderApp } from '../helpers/render-app';

/** Selection in the reports list: across pages and sorts, "all in this view", and Undo of a delete. */
const PAGE_LOAD = { timeout: 8000 };

// The selection and the queue are per tab (module state): each test starts with none.
beforeEach(() => {
  clearSelection();
  resetJobQueue();
});

const rowBoxes = () =>
  within(screen.getByRole('table'))
    .getAllByRole('checkbox')
    .filter((box) => box.getAttribute('aria-label') !== 'Select all reports on this page');

describe('selecting reports', () => {
  it('keeps the selection across pages and sorts of one view, and a new filter empties it', async () => {
    const { user, router } = renderApp('/reports');
    await screen.findByRole('table', { name: /Reports, page 1 of/ }, PAGE_LOAD);
    // The selection comes with its bar, once the first rows are on screen.
    await screen.findByText('No reports selected.', {}, PAGE_LOAD);
    const [first, second, third] = rowBoxes();
    expect(first).toHaveAccessibleName(/^Select \S+/);
    await user.click(first!);
    // Shift-click selects the range from the last one clicked.
    await user.keyboard('{Shift>}');
    await user.click(third!);
    await user.keyboard('{/Shift}');
    expect(second).toBeChecked();
    expect(await screen.findByText('3 reports selected.', {}, PAGE_LOAD)).toBeInTheDocument();

    await user.click(
      within(screen.getByRole('navigation', { name: 'Reports pages' })).getByRole('link', { name: 'Next' }),
    );
    await screen.findByRole('table', { name: /Reports, page 2 of/ }, PAGE_LOAD);
    await user.click(rowBoxes()[0]!);
    expect(screen.getByText('4 reports selected.')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: /^URL/ }));
    await waitFor(() => expect(router.state.location.search).toContain('sort_by=url'));
    expect(screen.getByText('4 reports selected.')).toBeInTheDocument();

    await act(() => router.navigate('/reports?result=good'));
    expect(await screen.findByText('No reports selected.', {}, PAGE_LOAD)).toBeInTheDocument();
  });

  it('"select all N in this view" reads the view in pages of 100', async () => {
    const { user, listRequests, simulator } = renderApp('/reports?result=bad');
    await screen.findByRole('table', { name: /Reports, page 1 of/ }, PAGE_LOAD);
    const total = simulator.store.reports().filter((r) => (r.result ?? 0) < 49).length;
    // The list reads its next page ahead (per_page 10): counted before, not as one of the reads.
    await waitFor(() => expect(listRequests('reports').some((params) => params.get('page') === '2')).toBe(true));
    const before = listRequests('reports').length;
    await user.click(await screen.findByRole('button', { name: `Select all ${total} in this view` }, PAGE_LOAD));
    expect(await screen.findByText(`${total} reports selected.`, {}, PAGE_LOAD)).toBeInTheDocument();
    const reads = listRequests('reports').slice(before);
    expect(reads).toHaveLength(Math.ceil(total / 100));
    expect(reads.every((params) => params.get('per_page') === '100' && params.get('result') === 'bad')).toBe(true);
  });

  it('Undo of a bulk delete sends nothing', async () => {
    const { requests } = renderApp('/reports');
    // The selection comes with its bar, once the first rows are on screen.
    await screen.findByText('No reports selected.', {}, PAGE_LOAD);
    // The Undo window is waited out on a fake clock, once the list is on screen.
    const { user, pass } = useFakeClock();
    await user.click(rowBoxes()[0]!);
    await user.click(rowBoxes()[1]!);
    await user.click(await screen.findByRole('button', { name: 'Delete' }, PAGE_LOAD));
    const dialog = await screen.findByRole('dialog', { name: 'Delete 2 reports?' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete 2' }));
    await user.click(await screen.findByRole('button', { name: 'Undo' }));
    expect(await screen.findByText('Nothing was deleted: the 2 reports stay.')).toBeInTheDocument();
    // Past the 5 seconds of the Undo window.
    await pass(6_000);
    expect(requests.filter((r) => r.method === 'DELETE')).toHaveLength(0);
  });

  it('without Undo, the delete goes through the queue after the wait', async () => {
    const { requests } = renderApp('/reports');
    // The selection comes with its bar, once the first rows are on screen.
    await screen.findByText('No reports selected.', {}, PAGE_LOAD);
    // The Undo window is waited out on a fake clock, once the list is on screen.
    const { user, pass } = useFakeClock();
    await user.click(rowBoxes()[0]!);
    await user.click(await screen.findByRole('button', { name: 'Delete' }, PAGE_LOAD));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Delete 1' }));
    // The dialog promised 5 seconds to undo: nothing is sent before they are over.
    await pass(4_800);
    expect(requests.filter((r) => r.method === 'DELETE')).toHaveLength(0);
    await pass(400);
    await waitFor(() => expect(requests.filter((r) => r.method === 'DELETE')).toHaveLength(1));
    const tray = await screen.findByRole('region', { name: /Background jobs/ }, PAGE_LOAD);
    // Over at once here: the tray has folded to its line (docs/decisions/0068).
    expect(await within(tray).findByText('Delete 1 report:', {}, PAGE_LOAD)).toBeInTheDocument();
  });
});
