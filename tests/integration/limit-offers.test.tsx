import { screen, waitFor, within } from '@testing-library/react';
import { dismissToast, toast } from '../../src/components/toast';
import { resetJobQueue } from '../../src/features/jobs/job-service';
import { clearSelection } from '../../src/features/report-list/selection';
import { createSimulator } from '../../src/simulator';
import { useFakeClock } from '../helpers/fake-clock';
import { renderApp, type SeenRequest } from '../helpers/render-app';

/**
 * What a person sees when the service answers "not now" (its limit, a 429): a job's items wait
 * in the tray with their words and go again by themselves; a form says when its write can be
 * sent and offers to send it then, keeping every value (docs/decisions/0066, 0067).
 */
const PAGE_LOAD = { timeout: 15_000 };

beforeAll(async () => {
  await import('../../src/features/report-page/pages/report-page');
}, 60_000);

beforeEach(() => {
  clearSelection();
  resetJobQueue();
  const last = toast.info('');
  for (let id = 1; id <= last; id += 1) dismissToast(id);
});

const sent = (requests: SeenRequest[], method: string) => requests.filter((r) => r.method === method);

/** The tray's line of the item that waits (its label, what became of it), as a person reads it. */
function waitingLine(): string {
  const tray = screen.getByRole('region', { name: /Background jobs/ });
  const lines = within(tray)
    .getAllByRole('listitem')
    .filter((item) => within(item).queryAllByRole('listitem').length === 0);
  return lines.map((line) => line.textContent ?? '').find((text) => text.includes('Waiting for')) ?? '';
}

describe('jobs that meet the service’s limit', () => {
  it('bulk create: the tray says the item waits and when it goes again, and the job finishes by itself', async () => {
    const { user: realUser, simulator, requests } = renderApp('/reports/new', { simulator: { analysisDelayMs: 0 } });
    await realUser.click(await screen.findByRole('button', { name: 'Analyse a list of pages' }, PAGE_LOAD));
    const box = await screen.findByLabelText('Page URLs, one per line', {}, PAGE_LOAD);
    const { user, pass } = useFakeClock();
    await user.click(box);
    await user.paste(['limit-bulk.example/a', 'limit-bulk.example/b', 'limit-bulk.example/c'].join('\n'));
    simulator.faults.next({ kind: '429', method: 'POST', times: 1, retryAfterSeconds: 40 });
    await user.click(screen.getByRole('button', { name: 'Analyse 3 pages' }));

    const tray = await screen.findByRole('region', { name: /Background jobs/ }, PAGE_LOAD);
    await waitFor(() => expect(within(tray).getByText(/2 of 3 finished · 1 waiting for the service\./)).toBeVisible());
    expect(waitingLine()).toMatch(
      /^limit-bulk\.example\/\w: Waiting for the service’s limit — next try in 4[01] s \(try 2 of 6\)$/,
    );
    // Nothing failed, and nothing asks the person to press Retry.
    expect(within(tray).queryByRole('button', { name: /Retry/ })).not.toBeInTheDocument();

    await pass(20_000);
    expect(waitingLine()).toMatch(/next try in 2[01] s/);
    expect(sent(requests, 'POST')).toHaveLength(3);
    await pass(22_000);
    await waitFor(() => expect(within(tray).getByText(/3 of 3 finished(?! ·)/)).toBeVisible(), PAGE_LOAD);
    expect(sent(requests, 'POST')).toHaveLength(4);
    expect(
      simulator.store
        .reports()
        .filter((report) => report.project === 'limit-bulk.example')
        .map((report) => report.url)
        .sort(),
    ).toEqual(['limit-bulk.example/a', 'limit-bulk.example/b', 'limit-bulk.example/c']);
  });

  it('bulk privacy: an item answered 429 waits in the tray, goes again, and every report ends private', async () => {
    const { simulator, requests } = renderApp('/reports');
    await screen.findByText('No reports selected.', {}, PAGE_LOAD);
    const table = screen.getByRole('table');
    const boxes = within(table)
      .getAllByRole('checkbox')
      .filter((box) => box.getAttribute('aria-label') !== 'Select all reports on this page');
    const { user, pass } = useFakeClock();
    await user.click(boxes[0]!);
    await user.click(boxes[1]!);
    simulator.faults.next({ kind: '429', method: 'PATCH', times: 1 });
    await user.click(await screen.findByRole('button', { name: 'Set privacy' }, PAGE_LOAD));
    const dialog = await screen.findByRole('dialog', { name: 'Privacy of 2 reports' });
    await user.click(within(dialog).getByRole('button', { name: 'Set privacy' }));

    const tray = await screen.findByRole('region', { name: /Background jobs/ }, PAGE_LOAD);
    await waitFor(() => expect(within(tray).getByText(/1 of 2 finished · 1 waiting for the service\./)).toBeVisible());
    // Retry-After 1 s: the item still waits 20 s, so that six tries take ten minutes at least.
    expect(waitingLine()).toMatch(/: Waiting for the service’s limit — next try in (20|19) s \(try 2 of 6\)$/);

    await pass(21_000);
    await waitFor(() => expect(within(tray).getByText(/2 of 2 finished(?! ·)/)).toBeVisible(), PAGE_LOAD);
    const patches = sent(requests, 'PATCH');
    expect(patches).toHaveLength(3);
    const ids = [...new Set(patches.map((patch) => Number(patch.url.pathname.split('/').pop())))];
    expect(ids.map((id) => simulator.store.get(id)?.privacy)).toEqual([1, 1]);
  });
});

describe('a form whose write meets the service’s limit', () => {
  /** The form filled in and sent, answered 429; the fake clock starts once the page is there. */
  async function meetLimitOnNewReport(startClock: () => ReturnType<typeof useFakeClock>) {
    const app = renderApp('/reports/new');
    await screen.findByRole('heading', { level: 1, name: 'New report' }, PAGE_LOAD);
    const clock = startClock();
    app.simulator.faults.next({ kind: '429', method: 'POST', retryAfterSeconds: 40 });
    await clock.user.type(screen.getByLabelText('Page URL'), 'limit-form.example/page');
    await clock.user.click(screen.getByRole('radio', { name: /^Private/ }));
    await clock.user.click(screen.getByRole('button', { name: 'Analyse page' }));
    const notice = await screen.findByRole('alert');
    expect(notice).toHaveTextContent(
      /^The report was not created yet\. The service’s limit was reached\. It can be sent in 4[01] s\. Everything you entered is kept\./,
    );
    // Every value is still there.
    expect(screen.getByLabelText('Page URL')).toHaveValue('limit-form.example/page');
    expect(screen.getByRole('radio', { name: /^Private/ })).toBeChecked();
    return { ...app, ...clock, notice };
  }

  it('new report: "Send when possible" sends the same values by itself when the wait is over', async () => {
    const { user, pass, requests, notice, simulator } = await meetLimitOnNewReport(() => useFakeClock());
    await user.click(within(notice).getByRole('button', { name: 'Send when possible' }));
    expect(within(notice).getByRole('button', { name: 'Don’t send it by itself' })).toHaveFocus();
    expect(notice).toHaveTextContent(/It will be sent by itself in \d+ s\./);

    await pass(37_000);
    expect(sent(requests, 'POST')).toHaveLength(1);
    await pass(5_000);
    await screen.findByRole('heading', { level: 1, name: /limit-form\.example\/page/ }, PAGE_LOAD);
    const posts = sent(requests, 'POST');
    expect(posts).toHaveLength(2);
    expect(new URLSearchParams(posts[1]!.body).get('url')).toBe('https://limit-form.example/page');
    expect(new URLSearchParams(posts[1]!.body).get('privacy')).toBe('1');
    expect(simulator.store.reports().filter((report) => report.url === 'limit-form.example/page')).toHaveLength(1);
  });

  it('new report: called off, nothing is sent; once the wait is over it can be sent now', async () => {
    const { user, pass, requests, notice } = await meetLimitOnNewReport(() => useFakeClock());
    await user.click(within(notice).getByRole('button', { name: 'Send when possible' }));
    await user.click(within(notice).getByRole('button', { name: 'Don’t send it by itself' }));
    await pass(60_000);
    expect(sent(requests, 'POST')).toHaveLength(1);
    expect(notice).toHaveTextContent('It can be sent now.');
    expect(screen.getByLabelText('Page URL')).toHaveValue('limit-form.example/page');

    await user.click(within(notice).getByRole('button', { name: 'Send now' }));
    await screen.findByRole('heading', { level: 1, name: /limit-form\.example\/page/ }, PAGE_LOAD);
    expect(sent(requests, 'POST')).toHaveLength(2);
  });

  it('privacy: the choice is kept, and "Send when possible" saves it when the wait is over', async () => {
    const record = createSimulator()
      .store.reports()
      .find((report) => report.privacy === 0)!;
    const { simulator, requests } = renderApp(`/reports/${record.id}`);
    await screen.findByRole('heading', { level: 1 }, PAGE_LOAD);
    const { user, pass } = useFakeClock();
    await user.click(screen.getByRole('button', { name: /^Privacy: / }));
    await screen.findByRole('button', { name: 'Save privacy' }, PAGE_LOAD);
    simulator.faults.next({ kind: '429', method: 'PATCH', retryAfterSeconds: 25 });
    await user.click(screen.getByRole('radio', { name: /^Private/ }));
    await user.click(screen.getByRole('button', { name: 'Save privacy' }));

    const form = screen.getByRole('form', { name: 'Privacy and password' });
    const notice = await within(form).findByRole('alert');
    expect(notice).toHaveTextContent(
      /^The privacy was not changed yet\. The service’s limit was reached\. It can be sent in 2[56] s\./,
    );
    expect(screen.getByRole('radio', { name: /^Private/ })).toBeChecked();
    expect(simulator.store.get(record.id)?.privacy).toBe(0);

    await user.click(within(notice).getByRole('button', { name: 'Send when possible' }));
    await pass(27_000);
    expect(await screen.findByText('Privacy saved.', {}, PAGE_LOAD)).toBeInTheDocument();
    expect(simulator.store.get(record.id)?.privacy).toBe(1);
    expect(sent(requests, 'PATCH')).toHaveLength(2);
  });
  it('re-analysis: "Send when possible" analyses the page again when the wait is over', async () => {
    const record = createSimulator().store.reports()[4]!;
    const { simulator, requests } = renderApp(`/reports/${record.id}`);
    await screen.findByRole('heading', { level: 1 }, PAGE_LOAD);
    const { user, pass } = useFakeClock();
    simulator.faults.next({ kind: '429', method: 'PATCH', retryAfterSeconds: 30 });
    await user.click(screen.getByRole('button', { name: 'Re-analyse page' }));
    const notice = await screen.findByRole('alert');
    expect(notice).toHaveTextContent(
      /^The page was not analysed again yet\. The service’s limit was reached\. It can be sent in 3[12] s\./,
    );
    await user.click(within(notice).getByRole('button', { name: 'Send when possible' }));
    await pass(29_000);
    expect(sent(requests, 'PATCH')).toHaveLength(1);
    await pass(4_000);
    expect(
      await screen.findByRole('region', { name: 'What changed since the previous analysis' }, PAGE_LOAD),
    ).toBeInTheDocument();
    expect(sent(requests, 'PATCH')).toHaveLength(2);
  });

  it('delete: the dialog stays open with the offer; "Send when possible" deletes when the wait is over', async () => {
    const record = createSimulator().store.reports()[6]!;
    const { simulator, requests } = renderApp(`/reports/${record.id}`);
    await screen.findByRole('heading', { level: 1 }, PAGE_LOAD);
    const { user, pass } = useFakeClock();
    simulator.faults.next({ kind: '429', method: 'DELETE', retryAfterSeconds: 30 });
    await user.click(screen.getByRole('button', { name: 'Delete report' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete this report?' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete report' }));
    const notice = await within(dialog).findByRole('alert');
    expect(notice).toHaveTextContent(
      /^It was not deleted yet\. The service’s limit was reached\. It can be sent in 3[12] s\./,
    );
    expect(simulator.store.get(record.id)).toBeDefined();
    await user.click(within(notice).getByRole('button', { name: 'Send when possible' }));
    await pass(33_000);
    await screen.findByText('Report deleted', {}, PAGE_LOAD);
    expect(simulator.store.get(record.id)).toBeUndefined();
    expect(sent(requests, 'DELETE')).toHaveLength(2);
  });
});
