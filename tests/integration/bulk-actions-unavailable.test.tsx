import { screen, within } from '@testing-library/react';
import { resetJobQueue } from '../../src/features/jobs/job-service';
import { clearSelection } from '../../src/features/report-list/selection';
import { renderApp } from '../helpers/render-app';

// The bulk actions' code out of reach, as when the connection is lost or a newer deployment
// removed the file: its import fails.
vi.mock('../../src/features/report-list/bulk-actions', () => {
  throw new Error('Failed to fetch dynamically imported module');
});

const PAGE_LOAD = { timeout: 8000 };

beforeEach(() => {
  clearSelection();
  resetJobQueue();
});

describe('bulk actions whose code cannot be loaded', () => {
  it('say that nothing was done, keep the dialog and the selection, and send nothing', async () => {
    const { user, requests } = renderApp('/reports');
    await screen.findByRole('table', { name: /Reports, page 1 of/ }, PAGE_LOAD);
    const sent = requests.length;
    const [first] = within(screen.getByRole('table'))
      .getAllByRole('checkbox')
      .filter((box) => box.getAttribute('aria-label') !== 'Select all reports on this page');
    await user.click(first!);
    expect(await screen.findByText('1 report selected.', {}, PAGE_LOAD)).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Analyse again' }));
    const dialog = await screen.findByRole('dialog', { name: 'Analyse 1 page again?' });
    await user.click(within(dialog).getByRole('button', { name: 'Analyse again' }));
    expect(
      await screen.findByText(/Nothing was analysed again: the code for it could not be loaded/, {}, PAGE_LOAD),
    ).toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'Analyse 1 page again?' })).toBeInTheDocument();
    expect(screen.getByText('1 report selected.')).toBeInTheDocument();

    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Cancel' }));
    await user.click(screen.getByRole('button', { name: /^Export/ }));
    expect(
      await screen.findByText(/Nothing was exported: the code for it could not be loaded/, {}, PAGE_LOAD),
    ).toBeInTheDocument();
    expect(requests.slice(sent).filter((request) => request.method !== 'GET')).toEqual([]);
  });
});
