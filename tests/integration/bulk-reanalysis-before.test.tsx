import 'fake-indexeddb/auto';
import { act, screen, waitFor, within } from '@testing-library/react';
import { IDBFactory } from 'fake-indexeddb';
import { resetJobQueue } from '../../src/features/jobs/job-service';
import { clearSelection } from '../../src/features/report-list/selection';
import { forgetWorkspaceInMemory } from '../../src/features/workspace/store';
import { renderApp } from '../helpers/render-app';

// Pages analysed again from the list keep the results they had, as a report's page does: opened
// afterwards, a report says what changed since its previous analysis (issue 38: the dashboard holds
// the only "before" there is).

vi.setConfig({ testTimeout: 30_000 });
const READ = { timeout: 10_000 };

beforeEach(() => {
  globalThis.indexedDB = new IDBFactory();
  localStorage.clear();
  clearSelection();
  resetJobQueue();
});
afterEach(() => forgetWorkspaceInMemory());

it('a report analysed again from the list says what changed since its previous analysis', async () => {
  const { user, router, simulator } = renderApp('/reports', { simulator: { analysisDelayMs: 0 } });
  const table = await screen.findByRole('table', { name: /Reports, page 1 of/ }, READ);
  const [first] = within(table)
    .getAllByRole('checkbox')
    .filter((box) => box.getAttribute('aria-label') !== 'Select all reports on this page');
  const row = first!.closest('tr')!;
  const id = within(row).getAllByRole('link')[0]!.getAttribute('href')!.split('/').pop()!;
  const analysedBefore = simulator.store.get(Number(id))!.generated_at;
  await user.click(first!);
  expect(await screen.findByText('1 report selected.', {}, READ)).toBeInTheDocument();

  await user.click(screen.getByRole('button', { name: 'Analyse again' }));
  const dialog = await screen.findByRole('dialog', { name: 'Analyse 1 page again?' });
  await user.click(within(dialog).getByRole('button', { name: 'Analyse again' }));
  await waitFor(() => expect(simulator.store.get(Number(id))!.generated_at).not.toBe(analysedBefore), READ);

  await act(() => router.navigate(`/reports/${id}`));
  expect(await screen.findByText(/^Since the previous analysis/, {}, READ)).toBeInTheDocument();
});
