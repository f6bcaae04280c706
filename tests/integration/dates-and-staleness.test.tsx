import { act, screen, waitFor, within } from '@testing-library/react';
import { saveDisplayPrefs } from '../../src/lib/display-prefs';
import { isStale } from '../../src/lib/staleness';
import { formatDateTime, formatRelative } from '../../src/lib/format';
import { renderApp } from '../helpers/render-app';

// The table's own rows and cells: role queries over 50 rows, each time the list changes, took
// seconds on a busy machine, past the time limit.
function bodyRows() {
  const [, ...rows] = (screen.getByRole('table') as HTMLTableElement).rows;
  return rows;
}
const generatedCell = (row: HTMLTableRowElement) => [...row.cells].at(-3);

afterEach(async () => {
  // The shell's later parts (the attention count works its list out in slices) may still be
  // drawing when a test's last look is done: they finish inside act, not after it (a CI run
  // failed on AttentionNav's update outside act).
  await act(() => new Promise((done) => setTimeout(done, 300)));
  act(() => saveDisplayPrefs({ dates: 'relative', staleDays: 30 }));
  localStorage.clear();
});

describe('exact dates', () => {
  it('shows relative dates by default and exact ones once chosen in the settings, remembered', async () => {
    const { user } = renderApp('/settings');
    const dates = await screen.findByRole('combobox', { name: 'Dates' }, { timeout: 10_000 });
    expect(dates).toHaveValue('relative');
    await user.selectOptions(dates, 'Exact date and time');
    expect(JSON.parse(localStorage.getItem('seo-dashboard:display') ?? '{}')).toMatchObject({ dates: 'exact' });
    await user.click(screen.getByRole('link', { name: 'Reports' }));
    await screen.findByRole('table');
    const time = bodyRows()[0]?.querySelector('time');
    const iso = time?.getAttribute('dateTime') ?? '';
    expect(time).toHaveTextContent(formatDateTime(iso));
    expect(time?.textContent).not.toContain(formatRelative(iso));
  });

  it('relative dates keep the exact time for screen readers', async () => {
    renderApp('/reports');
    await screen.findByRole('table');
    const time = bodyRows()[0]?.querySelector('time');
    const iso = time?.getAttribute('dateTime') ?? '';
    expect(time).toHaveTextContent(`${formatRelative(iso)} (${formatDateTime(iso)})`);
  });
});

describe('staleness', () => {
  it('marks the reports older than the chosen age, and the stale view is one click away', async () => {
    const { user, router, listRequests } = renderApp('/reports?per_page=50');
    await waitFor(() => expect(bodyRows()).toHaveLength(50));
    // An age that splits the rows (the seed's dates are relative to a fixed "now", not today's).
    const ages = bodyRows()
      .map((row) => (Date.now() - Date.parse(row.querySelector('time')?.getAttribute('dateTime') ?? '')) / 86_400_000)
      .sort((a, b) => a - b);
    const days = Math.ceil(ages[25] ?? 30);
    act(() => saveDisplayPrefs({ staleDays: days }));
    // The marker's code loads apart from the first rows, and the rows may show markers for the age
    // before (30 days) until they draw again with the new one: each row as the new age says, in time.
    let marked = 0;
    await waitFor(
      () => {
        marked = 0;
        for (const row of bodyRows()) {
          const iso = row.querySelector('time')?.getAttribute('dateTime') ?? null;
          const stale = isStale(iso, days);
          marked += stale ? 1 : 0;
          if (stale) expect(within(generatedCell(row) ?? row).getByText('Stale')).toBeInTheDocument();
          else expect(within(row).queryByText('Stale')).not.toBeInTheDocument();
        }
      },
      { timeout: 10_000 },
    );
    expect(marked).toBeGreaterThan(0);
    expect(marked).toBeLessThan(50);

    // (Looked for in its navigation: a role query over the whole page, 50 rows of links, takes
    // seconds on a busy machine, past the time limit.)
    const views = await screen.findByRole('navigation', { name: 'Saved views' });
    await user.click(within(views).getByRole('link', { name: 'Stale first' }));
    await waitFor(() => expect(router.state.location.search).toBe('?sort_by=generated_at&sort=asc'));
    await waitFor(() =>
      expect(listRequests('reports').map((p) => p.toString())).toContain('sort_by=generated_at&sort=asc'),
    );
    await waitFor(() => expect(within(bodyRows()[0] ?? document.body).getByText('Stale')).toBeInTheDocument());
  });
});
