import { act, screen, waitFor, within } from '@testing-library/react';
import { renderApp } from '../helpers/render-app';

// The table's own rows: a role query over every row, each time the list changes, takes seconds on
// a busy machine.
function bodyRows() {
  const [, ...rows] = (screen.getByRole('table') as HTMLTableElement).rows;
  return rows;
}
const rowLink = (index: number) => within(bodyRows()[index] ?? document.body).getAllByRole('link')[0];

/** The shortcuts mount once the first data is on screen: `?` works from then on. */
async function openList(path = '/reports') {
  const app = renderApp(path);
  await screen.findByRole('table');
  // Pressed again every 100 ms until it works (a waitFor that presses keys starves the timers).
  for (let tries = 0; !screen.queryByRole('dialog', { name: 'Keyboard shortcuts' }); tries += 1) {
    if (tries === 50) throw new Error('? did not open the shortcuts within 5 s');
    await act(() => new Promise((resolve) => setTimeout(resolve, 100)));
    await app.user.keyboard('?');
  }
  await app.user.click(screen.getByRole('button', { name: 'Close' }));
  expect(screen.queryByRole('dialog', { name: 'Keyboard shortcuts' })).not.toBeInTheDocument();
  return app;
}

describe('keyboard shortcuts', () => {
  it('? opens a dialog listing every shortcut', async () => {
    const { user } = await openList();
    await user.keyboard('?');
    const dialog = screen.getByRole('dialog', { name: 'Keyboard shortcuts' });
    const keys = within(dialog)
      .getAllByRole('row')
      .slice(1)
      .map((row) => within(row).getAllByRole('cell')[0]?.textContent);
    expect(keys).toEqual(['/', 'j', 'k', 'Enter', 'x', '[', ']', 'g then r', 'g then p', '?']);
  });

  it('/ focuses the search', async () => {
    const { user } = await openList();
    await user.keyboard('/');
    expect(screen.getByRole('searchbox', { name: 'Search URLs' })).toHaveFocus();
    expect(screen.getByRole('searchbox', { name: 'Search URLs' })).toHaveValue('');
  });

  it('j and k move through the rows, Enter opens the row', async () => {
    const { user, router } = await openList();
    await user.keyboard('j');
    expect(rowLink(0)).toHaveFocus();
    await user.keyboard('jj');
    expect(rowLink(2)).toHaveFocus();
    await user.keyboard('k');
    expect(rowLink(1)).toHaveFocus();
    const href = rowLink(1)?.getAttribute('href');
    await user.keyboard('{Enter}');
    await waitFor(() => expect(router.state.location.pathname).toBe(href));
  });

  it('x ticks and unticks the focused row, as a click on its checkbox would, and is harmless where rows have none', async () => {
    const { user } = await openList();
    const box = (index: number) =>
      within(bodyRows()[index] ?? document.body).getByRole('checkbox', { name: /^Select / });
    await user.keyboard('jx');
    expect(box(0)).toBeChecked();
    expect(rowLink(0)).toHaveFocus();
    expect(await screen.findByText('1 report selected.')).toBeInTheDocument();
    await user.keyboard('jx');
    expect(await screen.findByText('2 reports selected.')).toBeInTheDocument();
    await user.keyboard('kx');
    expect(box(0)).not.toBeChecked();
    expect(box(1)).toBeChecked();
    expect(await screen.findByText('1 report selected.')).toBeInTheDocument();

    // The projects list has no selection: x leaves it as it was.
    await user.keyboard('gp');
    await screen.findByRole('heading', { level: 1, name: 'Projects' });
    await screen.findByRole('table');
    await user.keyboard('jx');
    expect(screen.queryByRole('checkbox', { checked: true })).not.toBeInTheDocument();
  });

  it('] and [ go to the next and previous page', async () => {
    const { user, router } = await openList();
    await user.keyboard(']');
    await waitFor(() => expect(router.state.location.search).toBe('?page=2'));
    await screen.findByText(/^11–20 of/);
    await user.keyboard('[[');
    await waitFor(() => expect(router.state.location.search).toBe(''));
  });

  it('g p and g r go to projects and reports', async () => {
    const { user, router } = await openList();
    await user.keyboard('gp');
    await waitFor(() => expect(router.state.location.pathname).toBe('/projects'));
    await screen.findByRole('heading', { level: 1, name: 'Projects' });
    await user.keyboard('gr');
    await waitFor(() => expect(router.state.location.pathname).toBe('/reports'));
    // A lone r is nothing.
    await user.keyboard('r');
    expect(router.state.location.pathname).toBe('/reports');
  });

  it('never fires with Ctrl, Alt or Meta', async () => {
    const { user, router } = await openList();
    await user.keyboard('{Control>}j{/Control}{Alt>}j{/Alt}{Meta>}j{/Meta}');
    expect(document.activeElement?.closest('tbody')).toBeNull();
    await user.keyboard('{Control>}]{/Control}{Alt>}]{/Alt}{Meta>}]{/Meta}{Meta>}?{/Meta}{Alt>}/{/Alt}');
    expect(screen.getByRole('searchbox', { name: 'Search URLs' })).not.toHaveFocus();
    expect(screen.queryByRole('dialog', { name: 'Keyboard shortcuts' })).not.toBeInTheDocument();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(router.state.location.search).toBe('');
  });

  it('never fires while typing in a field', async () => {
    const { user, router } = await openList();
    const search = screen.getByRole('searchbox', { name: 'Search URLs' });
    await user.click(search);
    await user.keyboard('jk/x[[]gp?');
    expect(search).toHaveValue('jk/x[]gp?');
    expect(search).toHaveFocus();
    expect(screen.queryByRole('dialog', { name: 'Keyboard shortcuts' })).not.toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/reports');
    await user.click(screen.getByRole('combobox', { name: 'Project' }));
    await user.keyboard('gr]');
    expect(screen.getByRole('combobox', { name: 'Project' })).toHaveValue('gr]');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Per page' }), '25');
    await user.keyboard('j');
    expect(screen.getByRole('combobox', { name: 'Per page' })).toHaveFocus();
  });
});
