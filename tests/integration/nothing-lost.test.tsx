import { act, screen, waitFor, within } from '@testing-library/react';
import { renderApp } from '../helpers/render-app';

/** Typed work survives a wandering click, a closing tab and a failing service. */
describe.each([
  { page: '/reports/new', field: 'Page URL', value: 'example.com/draft' },
  { page: '/settings', field: 'API key', value: 'half-typed-key' },
])('unsaved work on $page', ({ page, field, value }) => {
  it('asks before an in-app navigation, and keeps everything when the person stays', async () => {
    const { user, router } = renderApp(page);
    const input = await screen.findByLabelText(field);
    await user.clear(input);
    await user.type(input, value);
    await user.click(screen.getByRole('link', { name: 'Projects' }));
    const dialog = await screen.findByRole('dialog', { name: 'Leave without saving?' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(router.state.location.pathname).toBe(page);
    expect(screen.getByLabelText(field)).toHaveValue(value);

    await user.click(screen.getByRole('link', { name: 'Projects' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Leave without saving' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/projects'));
  });

  it('asks the browser to confirm before the tab closes', async () => {
    const { user } = renderApp(page);
    const input = await screen.findByLabelText(field);
    const clean = new Event('beforeunload', { cancelable: true });
    act(() => {
      window.dispatchEvent(clean);
    });
    expect(clean.defaultPrevented).toBe(false);
    await user.type(input, 'x');
    const dirty = new Event('beforeunload', { cancelable: true });
    act(() => {
      window.dispatchEvent(dirty);
    });
    expect(dirty.defaultPrevented).toBe(true);
  });
});

it('a create that fails keeps every value and offers a retry that works', async () => {
  const { user, simulator, router } = renderApp('/reports/new', {
    prepare: (sim) => sim.faults.next({ kind: '503', method: 'POST' }),
  });
  await user.type(await screen.findByLabelText('Page URL'), 'example.com/kept');
  await user.click(screen.getByRole('radio', { name: /Password/ }));
  await user.type(screen.getByLabelText(/^Password/, { selector: 'input[type="password"]' }), 'pw-kept');
  await user.click(screen.getByRole('button', { name: 'Analyse page' }));
  const alert = await screen.findByRole('alert');
  expect(alert).toHaveTextContent('The report could not be created.');
  expect(screen.getByLabelText('Page URL')).toHaveValue('example.com/kept');
  expect(screen.getByRole('radio', { name: /Password/ })).toBeChecked();
  expect(screen.getByLabelText(/^Password/, { selector: 'input[type="password"]' })).toHaveValue('pw-kept');
  // Not retried behind the user's back: one POST so far.
  expect(simulator.faults.count('503')).toBe(1);
  await user.click(within(alert).getByRole('button', { name: /Try again/ }));
  await waitFor(() => expect(router.state.location.pathname).toMatch(/^\/reports\/\d+$/));
  expect(simulator.store.reports().some((r) => r.url === 'example.com/kept' && r.privacy === 2)).toBe(true);
});

it('someone who leaves while a page is analysed is not pulled back when it is done', async () => {
  const { user, router, simulator } = renderApp('/reports/new', { simulator: { analysisDelayMs: 300 } });
  await user.type(await screen.findByLabelText('Page URL'), 'example.com/left-behind');
  await user.click(screen.getByRole('button', { name: 'Analyse page' }));
  await user.click(screen.getByRole('link', { name: 'Projects' }));
  await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Leave without saving' }));
  await waitFor(() => expect(router.state.location.pathname).toBe('/projects'));
  expect(await screen.findByText('Report created for example.com/left-behind.')).toBeInTheDocument();
  expect(router.state.location.pathname).toBe('/projects');
  expect(simulator.store.reports().some((r) => r.url === 'example.com/left-behind')).toBe(true);
});
