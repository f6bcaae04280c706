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

describe('leaving while a page is analysed', () => {
  // The next page's code loads before the old page goes: compiled here, so leaving is quick.
  beforeAll(async () => {
    await Promise.all([
      import('../../src/features/project-pages/pages/projects-page'),
      import('../../src/features/report-page/pages/report-page'),
    ]);
  }, 60_000);

  it('asks nothing (the report is created anyway), does not pull the person back, and a notice leads to it', async () => {
    const { user, router, simulator } = renderApp('/reports/new', { simulator: { analysisDelayMs: 5000 } });
    await user.type(await screen.findByLabelText('Page URL'), 'example.com/left-behind');
    await user.click(screen.getByRole('button', { name: 'Analyse page' }));
    expect(screen.getByRole('button', { name: 'Analysing…' })).toBeDisabled();
    await user.click(screen.getByRole('link', { name: 'Projects' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/projects'));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await waitFor(() => expect(screen.queryByLabelText('Page URL')).not.toBeInTheDocument());
    expect(simulator.store.reports().some((r) => r.url === 'example.com/left-behind')).toBe(false);

    const notice = await screen.findByText(/^Report created for example\.com\/left-behind\./, {}, { timeout: 10_000 });
    expect(router.state.location.pathname).toBe('/projects');
    const created = simulator.store.reports().find((r) => r.url === 'example.com/left-behind');
    expect(created).toBeDefined();
    const link = within(notice).getByRole('link', { name: 'Open the report' });
    expect(link).toHaveAttribute('href', `/reports/${created?.id}`);
    await user.click(link);
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Report for example.com/left-behind' }, { timeout: 15_000 }),
    ).toBeInTheDocument();
  });

  it('a re-analysis that ends while the person is elsewhere says so, with the new score and a link', async () => {
    const { user, router, simulator } = renderApp('/reports/12', { simulator: { analysisDelayMs: 5000 } });
    const before = simulator.store.get(12)?.result;
    await screen.findByRole('heading', { level: 1 }, { timeout: 15_000 });
    await user.click(screen.getByRole('button', { name: 'Re-analyse page' }));
    expect(
      screen.getByText(/You can leave this page: a notice with a link tells you when it is done/),
    ).toBeInTheDocument();
    await user.click(screen.getByRole('link', { name: 'Projects' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/projects'));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    // The report's page is gone while the analysis is still on its way.
    await waitFor(() => expect(document.querySelector('.report-page')).toBeNull());
    expect(simulator.store.get(12)?.result).toBe(before);

    const notice = await screen.findByText(/^The new analysis of .* is done\./, {}, { timeout: 10_000 });
    const after = simulator.store.get(12);
    expect(notice).toHaveTextContent(`The score went from ${before} to ${after?.result}.`);
    await user.click(within(notice).getByRole('link', { name: 'Open the report' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/reports/12'));
    expect(await screen.findByRole('meter', {}, { timeout: 15_000 })).toHaveAttribute('value', String(after?.result));
  });

  it('a re-analysis that ends while its report is on screen needs no notice', async () => {
    const { user } = renderApp('/reports/13', { simulator: { analysisDelayMs: 300 } });
    await screen.findByRole('heading', { level: 1 }, { timeout: 15_000 });
    await user.click(screen.getByRole('button', { name: 'Re-analyse page' }));
    await screen.findByRole('region', { name: 'What changed since the previous analysis' }, { timeout: 10_000 });
    expect(screen.queryByText(/^The new analysis of/)).not.toBeInTheDocument();
  });
});
