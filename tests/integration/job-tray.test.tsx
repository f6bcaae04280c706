import { act, screen, waitFor, within } from '@testing-library/react';
import { resetJobQueue } from '../../src/features/jobs/job-service';
import { renderApp } from '../helpers/render-app';

/**
 * The tray never hides the work (issue 27, docs/decisions/0068): open while a job runs, folded to
 * one line once every job is over, the space it covers kept free by the page. Where it sits on a
 * real screen is held by tests/e2e/tray-placement.spec.ts.
 */
const PAGE_LOAD = { timeout: 8000 };

afterEach(() => resetJobQueue());

async function startBulkCreate(user: ReturnType<typeof renderApp>['user'], urls: string[], { opened = false } = {}) {
  if (!opened) await user.click(await screen.findByRole('button', { name: 'Analyse a list of pages' }, PAGE_LOAD));
  await user.click(await screen.findByLabelText('Page URLs, one per line', {}, PAGE_LOAD));
  await user.paste(urls.join('\n'));
  await user.click(screen.getByRole('button', { name: `Analyse ${urls.length} pages` }));
}

describe('the job tray', () => {
  it('is open while its job runs and folds to one line, failures counted, once it is over', async () => {
    const { user, hold } = renderApp('/reports/new', {
      simulator: { analysisDelayMs: 0 },
      prepare: (simulator) => simulator.faults.next({ kind: '500', method: 'POST', path: '/api/v1/reports', times: 1 }),
    });
    const release = hold((request) => request.method === 'POST');
    await startBulkCreate(user, ['tray.example/a', 'tray.example/b']);

    const tray = await screen.findByRole('region', { name: /Background jobs/ }, PAGE_LOAD);
    expect(within(tray).getByRole('heading', { name: 'Create 2 reports' })).toBeInTheDocument();
    expect(within(tray).getByRole('button', { name: 'Hide background jobs' })).toHaveAttribute('aria-expanded', 'true');
    expect(document.documentElement.style.getPropertyValue('--job-tray-space')).toMatch(/^\d+px$/);
    // Someone about to pause it when it ends: the button goes, focus must not fall to the page's start.
    act(() => within(tray).getByRole('button', { name: 'Pause Create 2 reports' }).focus());

    release();
    const show = await within(tray).findByRole('button', { name: 'Show background jobs' }, PAGE_LOAD);
    expect(show).toHaveAttribute('aria-expanded', 'false');
    // Focus moves in an effect after the tray's change is drawn: waited for, not raced.
    await waitFor(() => expect(show).toHaveFocus());
    // One line: which job, how far, what failed; no card.
    expect(within(tray).getByText('Create 2 reports:')).toBeInTheDocument();
    expect(within(tray).getByText('2 of 2 finished · 1 failed')).toBeInTheDocument();
    expect(within(tray).queryByRole('heading', { name: 'Create 2 reports' })).not.toBeInTheDocument();
    expect(within(tray).queryByRole('button', { name: /^Retry/ })).not.toBeInTheDocument();

    // Opened by the person, it shows the card and its Retry; a retried job keeps it open.
    await user.click(show);
    expect(within(tray).getByRole('button', { name: 'Hide background jobs' })).toHaveAttribute('aria-expanded', 'true');
    await user.click(within(tray).getByRole('button', { name: 'Retry 1 not done in Create 2 reports' }));
    // Done again: folded again, all finished.
    await waitFor(() => expect(within(tray).getByText('2 of 2 finished')).toBeInTheDocument(), PAGE_LOAD);
    expect(within(tray).getByRole('button', { name: 'Show background jobs' })).toBeInTheDocument();
  });

  it('opens by itself when another job starts, and gives the page its space back when dismissed', async () => {
    const { user, hold } = renderApp('/reports/new', { simulator: { analysisDelayMs: 0 } });
    await startBulkCreate(user, ['tray.example/c', 'tray.example/d']);
    const tray = await screen.findByRole('region', { name: /Background jobs/ }, PAGE_LOAD);
    const show = await within(tray).findByRole('button', { name: 'Show background jobs' }, PAGE_LOAD);

    await user.click(screen.getByRole('button', { name: 'Add more pages' }));
    const release = hold((request) => request.method === 'POST');
    await startBulkCreate(user, ['tray.example/e', 'tray.example/f'], { opened: true });
    expect(await within(tray).findAllByRole('heading', { name: 'Create 2 reports' }, PAGE_LOAD)).toHaveLength(2);
    expect(show).toHaveAttribute('aria-expanded', 'true');
    release();
    await waitFor(() => expect(show).toHaveAttribute('aria-expanded', 'false'), PAGE_LOAD);
    // The latest leads, the other is counted.
    expect(within(tray).getByText(/1 more job/)).toBeInTheDocument();

    await user.click(show);
    for (const dismiss of within(tray).getAllByRole('button', { name: /^Dismiss/ })) await user.click(dismiss);
    await waitFor(() => expect(screen.queryByRole('region', { name: /Background jobs/ })).not.toBeInTheDocument());
    expect(document.documentElement.style.getPropertyValue('--job-tray-space')).toBe('');
  });
});
