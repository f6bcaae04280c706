import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createSimulator } from '../../src/simulator';
import { renderApp } from '../helpers/render-app';

/**
 * What the person is told when the service did the work but the answer was lost on the way back
 * (the simulator's apply-then-cut fault), and when another tab changed a report meanwhile.
 */
const PAGE_LOAD = { timeout: 8000 };
const seeded = createSimulator().store.reports();
const publicReport = seeded.find((r) => r.privacy === 0)!;

/** Opens a report and its privacy panel (folded under the toolbar's "Privacy: …" button). */
async function openReport(id: number, options: Parameters<typeof renderApp>[1] = {}) {
  const app = renderApp(`/reports/${id}`, options);
  await app.user.click(await screen.findByRole('button', { name: /^Privacy: / }, PAGE_LOAD));
  await screen.findByRole('button', { name: 'Save privacy' });
  return app;
}

describe('a write whose answer was lost', () => {
  it('a new report: created once, and the person is told it was created', async () => {
    const { user, simulator, requests, router } = renderApp('/reports/new', {
      simulator: { analysisDelayMs: 0 },
    });
    simulator.faults.next({ kind: 'apply-then-cut', method: 'POST' });
    await user.type(await screen.findByLabelText('Page URL', {}, PAGE_LOAD), 'https://www.example.org/lost');
    await user.click(screen.getByRole('button', { name: 'Analyse page' }));

    expect(
      await screen.findByText(
        /connection was lost before the service answered, but the report for example\.org\/lost was created/,
        {},
        PAGE_LOAD,
      ),
    ).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toMatch(/^\/reports\/\d+$/));
    expect(screen.queryByText(/could not be created/)).not.toBeInTheDocument();
    expect(requests.filter((r) => r.method === 'POST')).toHaveLength(1);
    expect(simulator.store.reports().filter((r) => r.url === 'example.org/lost')).toHaveLength(1);
  });

  it('a new report whose answer was lost, next to another of its page from the same request: its page names both', async () => {
    const { user, simulator, router } = renderApp('/reports/new', { simulator: { analysisDelayMs: 0 } });
    await user.type(await screen.findByLabelText('Page URL', {}, PAGE_LOAD), 'https://example.org/twice');
    // What a request sent twice leaves behind: the same page, stored a moment before the answer.
    const { id: _id, ...copy } = publicReport;
    const now = new Date().toISOString();
    const earlier = simulator.store.add({ ...copy, url: 'example.org/twice', created_at: now, generated_at: now });
    simulator.faults.next({ kind: 'apply-then-cut', method: 'POST' });
    await user.click(screen.getByRole('button', { name: 'Analyse page' }));

    const notice = await screen.findByRole('alert', {}, PAGE_LOAD);
    expect(notice).toHaveTextContent(
      /This page was stored twice\. The service holds another report of example\.org\/twice/,
    );
    expect(within(notice).getByRole('link', { name: `Open report ${earlier.id}` })).toHaveAttribute(
      'href',
      `/reports/${earlier.id}`,
    );

    // It offers to delete the extra one, through the usual confirmation; the new one is kept.
    const kept = simulator.store.reports().find((r) => r.url === 'example.org/twice' && r.id !== earlier.id)!;
    expect(router.state.location.pathname).toBe(`/reports/${kept.id}`);
    await user.click(within(notice).getByRole('button', { name: `Delete report ${earlier.id}` }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete this report?' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete report' }));
    expect(await screen.findByText(`Report ${earlier.id}, the extra one, was deleted.`, {}, PAGE_LOAD)).toBeVisible();
    expect(
      simulator.store
        .reports()
        .filter((r) => r.url === 'example.org/twice')
        .map((r) => r.id),
    ).toEqual([kept.id]);
    // The notice has done its work and goes.
    await waitFor(() => expect(screen.queryByText(/stored twice/)).not.toBeInTheDocument());
  });

  it('a new report whose outcome cannot be read: "Check again", never a second store', async () => {
    const { user, simulator, requests, router } = renderApp('/reports/new', {
      simulator: { analysisDelayMs: 0 },
    });
    simulator.faults.next({ kind: 'apply-then-cut', method: 'POST' });
    simulator.faults.next({ kind: '503', method: 'GET', times: 1000 });
    await user.type(await screen.findByLabelText('Page URL', {}, PAGE_LOAD), 'example.org/unsure');
    await user.click(screen.getByRole('button', { name: 'Analyse page' }));

    // It keeps looking for a while (the analysis limit); the notice says so.
    expect(await screen.findByText(/Checking whether the report was created/, {}, PAGE_LOAD)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Try again' })).not.toBeInTheDocument();
    expect(requests.filter((r) => r.method === 'POST')).toHaveLength(1);
    expect(router.state.location.pathname).toBe('/reports/new');
    expect(screen.getByLabelText('Page URL')).toHaveValue('example.org/unsure');
  });

  it('privacy: the form shows what the service holds, read back', async () => {
    const { user, simulator, requests } = await openReport(publicReport.id);
    simulator.faults.next({ kind: 'apply-then-cut', method: 'PATCH' });
    await user.click(screen.getByRole('radio', { name: /^Private/ }));
    await user.click(screen.getByRole('button', { name: 'Save privacy' }));

    expect(
      await screen.findByText(
        'The connection was lost before the service answered. The service holds Private.',
        {},
        PAGE_LOAD,
      ),
    ).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: /^Private/ })).toBeChecked();
    expect(screen.getByRole('button', { name: 'Save privacy' })).toBeDisabled();
    expect(screen.queryByText(/not changed/)).not.toBeInTheDocument();
    expect(requests.filter((r) => r.method === 'PATCH')).toHaveLength(1);
  });

  it('delete: the page says it was deleted and leaves, instead of "not deleted"', async () => {
    const { user, simulator, router } = await openReport(publicReport.id);
    simulator.faults.next({ kind: 'apply-then-cut', method: 'DELETE' });
    await user.click(screen.getByRole('button', { name: 'Delete report' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete this report?' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete report' }));

    expect(
      await screen.findByText(
        'The connection was lost before the service answered, but the report was deleted.',
        {},
        PAGE_LOAD,
      ),
    ).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).not.toBe(`/reports/${publicReport.id}`));
    expect(simulator.store.get(publicReport.id)).toBeUndefined();
  });

  it('re-analysis: settled by reading the report, sent once, and said so under the toolbar', async () => {
    const { user, simulator, requests } = await openReport(publicReport.id, { simulator: { analysisDelayMs: 0 } });
    const before = simulator.store.get(publicReport.id)?.generated_at;
    simulator.faults.next({ kind: 'apply-then-cut', method: 'PATCH' });
    await user.click(screen.getByRole('button', { name: 'Re-analyse page' }));

    expect(
      await screen.findByText(
        'The connection was lost before the service answered, but the page was analysed again.',
        {},
        PAGE_LOAD,
      ),
    ).toBeInTheDocument();
    expect(simulator.store.get(publicReport.id)?.generated_at).not.toBe(before);
    expect(screen.queryByText(/re-analysis failed/)).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Re-analyse page' })).toBeEnabled();
    expect(requests.filter((r) => r.method === 'PATCH')).toHaveLength(1);
  });

  it('re-analysis whose outcome cannot be read: only "Check again", never a second re-analysis', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      const { simulator, requests } = renderApp(`/reports/${publicReport.id}`, { simulator: { analysisDelayMs: 0 } });
      const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
      const reanalyse = await screen.findByRole('button', { name: 'Re-analyse page' }, PAGE_LOAD);
      // The cut answer comes after the service analysed the page; then nothing can be read.
      simulator.faults.next({ kind: 'apply-then-cut', method: 'PATCH' });
      simulator.faults.next({ kind: '503', method: 'GET', times: 1000 });
      await user.click(reanalyse);
      expect(
        await screen.findByText(/Checking whether the page was analysed again/, {}, PAGE_LOAD),
      ).toBeInTheDocument();
      // It looks for as long as an analysis may take, then says it does not know.
      await act(() => vi.advanceTimersByTimeAsync(3 * 60_000));
      const notice = await screen.findByText(/We could not find out whether the page was analysed again/);
      expect(screen.getByRole('button', { name: 'Re-analyse page' })).toBeDisabled();
      // (The runs section below may offer to try its own read again: every GET fails here.)
      expect(
        within(notice.closest('[role="alert"]') as HTMLElement).queryByRole('button', { name: 'Try again' }),
      ).not.toBeInTheDocument();

      simulator.faults.clear();
      await user.click(
        within(notice.closest('[role="alert"]') as HTMLElement).getByRole('button', { name: 'Check again' }),
      );
      expect(
        await screen.findByText(
          'The connection was lost before the service answered, but the page was analysed again.',
          {},
          PAGE_LOAD,
        ),
      ).toBeInTheDocument();
      expect(screen.getByRole('button', { name: 'Re-analyse page' })).toBeEnabled();
      expect(requests.filter((r) => r.method === 'PATCH')).toHaveLength(1);
    } finally {
      vi.useRealTimers();
    }
  });

  it('project delete: deleted, and said so', async () => {
    const project = seeded[0]!.project;
    const { user, simulator, router } = renderApp(`/projects/${encodeURIComponent(project)}/settings`);
    const remove = await screen.findByRole('button', { name: 'Delete project' }, PAGE_LOAD);
    simulator.faults.next({ kind: 'apply-then-cut', method: 'DELETE' });
    await user.click(remove);
    const dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByRole('textbox'), project);
    await user.click(within(dialog).getByRole('button', { name: 'Delete project' }));

    expect(
      await screen.findByText(/connection was lost before the service answered\. Project/, {}, PAGE_LOAD),
    ).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/projects'));
    expect(simulator.store.reports().some((r) => r.project === project)).toBe(false);
  });
});

describe('no silent overwrite', () => {
  it('says what another tab changed, sends nothing, and lets the person choose', async () => {
    const { user, simulator, requests } = await openReport(publicReport.id);
    // Another tab sets a password meanwhile.
    simulator.store.update(publicReport.id, { privacy: 2, password: true, updated_at: new Date().toISOString() });
    await user.click(screen.getByRole('radio', { name: /^Private/ }));
    await user.click(screen.getByRole('button', { name: 'Save privacy' }));

    const alert = await screen.findByText('This report was changed elsewhere since you opened it.', {}, PAGE_LOAD);
    const panel = alert.closest('[role="alert"]') as HTMLElement;
    expect(panel).toHaveTextContent('Privacy is now Password (a password is set); it was Public.');
    expect(panel).toHaveTextContent(
      'Saving your change anyway makes it Private and removes the password set elsewhere.',
    );
    expect(requests.some((r) => r.method === 'PATCH')).toBe(false);

    await user.click(within(panel).getByRole('button', { name: 'Save my change anyway' }));
    expect(await screen.findByText('Privacy saved.', {}, PAGE_LOAD)).toBeInTheDocument();
    expect(simulator.store.get(publicReport.id)?.privacy).toBe(1);
    expect(requests.filter((r) => r.method === 'PATCH')).toHaveLength(1);
  });

  it('"Keep what the service holds" puts the form on the other tab\'s value', async () => {
    const { user, simulator, requests } = await openReport(publicReport.id);
    simulator.store.update(publicReport.id, { privacy: 1, updated_at: new Date().toISOString() });
    await user.click(screen.getByRole('radio', { name: /^Password/ }));
    await user.type(screen.getByLabelText('Password'), 'mine');
    await user.click(screen.getByRole('button', { name: 'Save privacy' }));
    await user.click(await screen.findByRole('button', { name: 'Keep what the service holds' }, PAGE_LOAD));

    expect(screen.getByRole('radio', { name: /^Private/ })).toBeChecked();
    expect(screen.getByRole('button', { name: 'Save privacy' })).toBeDisabled();
    expect(requests.some((r) => r.method === 'PATCH')).toBe(false);
  });
});
