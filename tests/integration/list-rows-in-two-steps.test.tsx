import { screen, waitFor, within } from '@testing-library/react';
import { clearSelection } from '../../src/features/report-list/selection';
import { renderApp } from '../helpers/render-app';

// Another sort, page or filter puts a screen's rows in at once and the rest after that frame is
// painted (issue 37: one frame replacing 100 rows was too long at 4x CPU). What must hold: the
// rows a person sees come first, the table is busy until every row is the new view's, and in the
// end no row is left from the view before.

function rowHrefs(): string[] {
  const [, ...body] = (screen.getByRole('table') as HTMLTableElement).rows;
  return body.map((row) => row.querySelector('a.report-link')?.getAttribute('href') ?? '');
}

interface Snapshot {
  hrefs: string[];
  busy: string | null;
}

/** Every state the rows pass through, as a screen reader or the next frame would find them. */
function recordRows(): Snapshot[] {
  const snapshots: Snapshot[] = [];
  const table = screen.getByRole('table');
  new MutationObserver(() => {
    snapshots.push({ hrefs: rowHrefs(), busy: table.getAttribute('aria-busy') });
  }).observe(table, { subtree: true, childList: true, attributes: true, characterData: true });
  return snapshots;
}

const windowHeight = Object.getOwnPropertyDescriptor(window, 'innerHeight');
// The selection is per tab (module state): each test starts with none.
beforeEach(() => clearSelection());
afterEach(() => {
  if (windowHeight) Object.defineProperty(window, 'innerHeight', windowHeight);
});

it('draws the first screen of a new sort at once, the other rows after it, busy until then', async () => {
  // A window of ten one-line rows (44 px each).
  Object.defineProperty(window, 'innerHeight', { configurable: true, value: 440 });
  const { user } = renderApp('/reports?per_page=50');
  await waitFor(() => expect(rowHrefs()).toHaveLength(50));
  const before = rowHrefs();
  const snapshots = recordRows();

  await user.click(screen.getByRole('button', { name: /^URL/ }));
  await waitFor(() => {
    expect(screen.getByRole('table')).toHaveAttribute('aria-busy', 'false');
    expect(rowHrefs()).not.toEqual(before);
  });
  const after = rowHrefs();
  expect(after).toHaveLength(50);
  // In the end every row is the new view's: none of the first screen's is repeated below it.
  expect(new Set(after).size).toBe(50);

  // On the way: the first ten rows already the new view's, the others still the old, and busy.
  const firstStep = snapshots.find(
    (snapshot) =>
      snapshot.hrefs.slice(0, 10).join() === after.slice(0, 10).join() && snapshot.hrefs.join() !== after.join(),
  );
  expect(firstStep).toBeDefined();
  expect(firstStep?.hrefs.slice(10)).toEqual(before.slice(10));
  expect(firstStep?.busy).toBe('true');
});

it('draws a view of no more rows than a screen holds in one step, never busy for it', async () => {
  Object.defineProperty(window, 'innerHeight', { configurable: true, value: 440 });
  const { user } = renderApp('/reports?per_page=10');
  await waitFor(() => expect(rowHrefs()).toHaveLength(10));
  const before = rowHrefs();
  const snapshots = recordRows();
  await user.click(screen.getByRole('button', { name: /^URL/ }));
  await waitFor(() => expect(rowHrefs()).not.toEqual(before));
  const after = rowHrefs();
  // Every state with new rows has all of them, and the table is not busy in any: no second step.
  const withNewRows = snapshots.filter((snapshot) => snapshot.hrefs[0] === after[0]);
  expect(withNewRows.length).toBeGreaterThan(0);
  for (const snapshot of withNewRows) {
    expect(snapshot.hrefs).toEqual(after);
    expect(snapshot.busy).toBe('false');
  }
});

it('ticks the boxes of selected reports that come in the second step', async () => {
  Object.defineProperty(window, 'innerHeight', { configurable: true, value: 440 });
  const { user } = renderApp('/reports?per_page=50');
  await waitFor(() => expect(rowHrefs()).toHaveLength(50));
  // The selection comes with its bar, once the first rows are on screen.
  await screen.findByText('No reports selected.', {}, { timeout: 8000 });
  await user.click(screen.getByRole('checkbox', { name: 'Select all reports on this page' }));
  expect(await screen.findByText('50 reports selected.')).toBeInTheDocument();
  const pages = () => screen.getByRole('navigation', { name: 'Reports pages' });

  // To page 2 (nothing of it selected) and back: page 1's rows below the first screen come in
  // the second step, each with a box of its own.
  await user.click(within(pages()).getByRole('link', { name: 'Next' }));
  await screen.findByRole('table', { name: /Reports, page 2 of/ }, { timeout: 8000 });
  await waitFor(() => expect(screen.getByRole('table')).toHaveAttribute('aria-busy', 'false'));
  await user.click(within(pages()).getByRole('link', { name: 'Previous' }));
  await screen.findByRole('table', { name: /Reports, page 1 of/ }, { timeout: 8000 });
  await waitFor(() => expect(screen.getByRole('table')).toHaveAttribute('aria-busy', 'false'));
  const [, ...rows] = (screen.getByRole('table') as HTMLTableElement).rows;
  const boxes = rows.map((row) => row.querySelector<HTMLInputElement>('input[data-select-report]')!);
  expect(boxes.filter((box) => box.checked)).toHaveLength(50);
  expect(screen.getByRole('checkbox', { name: 'Select all reports on this page' })).toBeChecked();
});
