import { screen, waitFor, within } from '@testing-library/react';
import { forgetWorkspaceInMemory, workspaceStore } from '../../src/features/workspace/store';
import { renderApp } from '../helpers/render-app';

// The views are kept in the account's workspace; the earlier versions kept them in localStorage,
// under KEY: what a test puts there is moved into the workspace when the page opens.
const KEY = 'seo-dashboard:saved-views';
const stored = () => (workspaceStore().readViews() ?? []) as { name: string; href: string }[];
const savedNav = () => screen.getByRole('navigation', { name: 'Saved views' });

// No IndexedDB here: each test is a fresh page, its workspace in memory.
afterEach(() => {
  localStorage.removeItem(KEY);
  forgetWorkspaceInMemory();
});

describe('saved views', () => {
  it('saves the list view under a name, lists it in the navigation and opens it again', async () => {
    const view = '/reports?result=bad&sort_by=url&sort=asc';
    const { user, router } = renderApp(view);
    await screen.findByRole('table');
    await user.click(await screen.findByRole('button', { name: 'Save view' }, { timeout: 5000 }));
    await user.type(screen.getByRole('textbox', { name: 'Name' }), 'Worst pages A–Z{Enter}');
    await waitFor(() => expect(stored()).toEqual([expect.objectContaining({ name: 'Worst pages A–Z', href: view })]));
    const link = await within(savedNav()).findByRole('link', { name: 'Worst pages A–Z' });
    expect(link).toHaveAttribute('href', view);
    expect(link).toHaveAttribute('aria-current', 'page');

    await user.click(screen.getByRole('link', { name: 'Projects' }));
    await screen.findByRole('heading', { level: 1, name: 'Projects' });
    await user.click(within(savedNav()).getByRole('link', { name: 'Worst pages A–Z' }));
    await waitFor(() => expect(`${router.state.location.pathname}${router.state.location.search}`).toBe(view));
    // The list shows the saved view (from the cache, or asked again).
    expect(await screen.findByRole('combobox', { name: 'Result' })).toHaveValue('bad');
    expect(screen.getByRole('combobox', { name: 'Sort' })).toHaveValue('url:asc');
  });

  it('renames, reorders and deletes saved views on the settings page', async () => {
    localStorage.setItem(
      KEY,
      JSON.stringify([
        { id: 'a', name: 'Bad', href: '/reports?result=bad' },
        { id: 'b', name: 'Shops', href: '/projects?search=shop' },
      ]),
    );
    const { user } = renderApp('/settings');
    const section = await screen.findByRole('region', { name: 'Saved views' }, { timeout: 10_000 });
    await user.click(within(section).getByRole('button', { name: 'Rename Bad' }));
    const field = within(section).getByRole('textbox', { name: 'New name' });
    await user.clear(field);
    await user.type(field, 'Bad results{Enter}');
    await waitFor(() => expect(stored().map((v) => v.name)).toEqual(['Bad results', 'Shops']));
    expect(await within(savedNav()).findByRole('link', { name: 'Bad results' })).toBeInTheDocument();

    await user.click(within(section).getByRole('button', { name: 'Move Shops up' }));
    await waitFor(() => expect(stored().map((v) => v.name)).toEqual(['Shops', 'Bad results']));
    const navNames = within(savedNav())
      .getAllByRole('link')
      .map((l) => l.textContent);
    expect(navNames.slice(0, 2)).toEqual(['Shops', 'Bad results']);
    await waitFor(() => expect(within(section).getByRole('button', { name: 'Move Shops up' })).toBeDisabled());
    await user.click(within(section).getByRole('button', { name: 'Move Shops down' }));
    await waitFor(() => expect(stored().map((v) => v.name)).toEqual(['Bad results', 'Shops']));

    await user.click(within(section).getByRole('button', { name: 'Delete Bad results' }));
    await waitFor(() =>
      expect(stored()).toEqual([expect.objectContaining({ name: 'Shops', href: '/projects?search=shop' })]),
    );
    await waitFor(() =>
      expect(within(savedNav()).queryByRole('link', { name: 'Bad results' })).not.toBeInTheDocument(),
    );
    // Moved into the workspace: the old list is gone from localStorage.
    expect(localStorage.getItem(KEY)).toBeNull();
  });

  it('shows a saved view that no longer parses, and deletes it without touching the others', async () => {
    localStorage.setItem(
      KEY,
      JSON.stringify([
        { id: 'old', name: 'Great ones', href: '/reports?result=great' },
        { id: 'ok', name: 'Bad', href: '/reports?result=bad' },
        { id: 'gone', name: 'Elsewhere', href: '/admin/users' },
        42,
      ]),
    );
    const { user } = renderApp('/settings');
    const section = await screen.findByRole('region', { name: 'Saved views' }, { timeout: 10_000 });
    expect(
      await within(section).findByText(/Cannot be opened: The list no longer understands the filter result=great\./),
    ).toBeVisible();
    expect(within(section).getByText(/Cannot be opened: “\/admin\/users” is not a list/)).toBeVisible();
    expect(within(section).getByText(/Cannot be opened: It has no address/)).toBeVisible();
    // The navigation's saved views mount in an idle moment once the page is shown.
    await screen.findByRole('navigation', { name: 'Saved views' });
    expect(within(savedNav()).getByRole('link', { name: 'Great ones (cannot be opened)' })).toHaveAttribute(
      'href',
      '/settings#saved-views',
    );
    expect(within(savedNav()).getByRole('link', { name: 'Bad' })).toHaveAttribute('href', '/reports?result=bad');

    await user.click(within(section).getByRole('button', { name: 'Delete Saved view 4' }));
    await waitFor(() => expect(stored()).toHaveLength(3));
    await user.click(within(section).getByRole('button', { name: 'Delete Great ones' }));
    await waitFor(() =>
      expect(stored()).toEqual([
        { id: 'ok', name: 'Bad', href: '/reports?result=bad' },
        { id: 'gone', name: 'Elsewhere', href: '/admin/users' },
      ]),
    );
  });

  it('leaves an earlier list that is not JSON where it is, and the settings page says so', async () => {
    localStorage.setItem(KEY, '{not json');
    renderApp('/settings');
    const section = await screen.findByRole('region', { name: 'Saved views' }, { timeout: 10_000 });
    expect(
      await screen.findByText(/could not be moved into this version: the saved views kept by the earlier version/),
    ).toBeVisible();
    expect(within(section).getByText(/No saved views yet/)).toBeVisible();
    expect(localStorage.getItem(KEY)).toBe('{not json');
  });

  it('are listed on the overview too, a broken one named with the way to its management', async () => {
    localStorage.setItem(
      KEY,
      JSON.stringify([
        { id: 'a', name: 'Bad', href: '/reports?result=bad' },
        { id: 'b', name: 'Gone', href: '/nowhere?x=1' },
      ]),
    );
    const { user, router } = renderApp('/');
    const card = await screen.findByRole('region', { name: 'Saved views' }, { timeout: 10_000 });
    expect(within(card).getByText(/^Gone/)).toHaveTextContent(/cannot be opened/);
    expect(within(card).queryByRole('link', { name: 'Gone' })).not.toBeInTheDocument();
    await user.click(within(card).getByRole('link', { name: 'Bad' }));
    await waitFor(() =>
      expect(`${router.state.location.pathname}${router.state.location.search}`).toBe('/reports?result=bad'),
    );
  });
});
