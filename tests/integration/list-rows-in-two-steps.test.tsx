import { screen, waitFor } from '@testing-library/react';
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

it('draws a view of no more rows than a screen holds in one step', async () => {
  Object.defineProperty(window, 'innerHeight', { configurable: true, value: 440 });
  const { user } = renderApp('/reports?per_page=10');
  await waitFor(() => expect(rowHrefs()).toHaveLength(10));
  const snapshots = recordRows();
  await user.click(screen.getByRole('button', { name: /^URL/ }));
  await waitFor(() => expect(screen.getByRole('table')).toHaveAttribute('aria-busy', 'false'));
  const after = rowHrefs();
  await waitFor(() => expect(snapshots.at(-1)?.hrefs).toEqual(after));
  // Every state with new rows has all of them: there was no second step.
  for (const snapshot of snapshots.filter((s) => s.hrefs[0] === after[0])) expect(snapshot.hrefs).toEqual(after);
});
