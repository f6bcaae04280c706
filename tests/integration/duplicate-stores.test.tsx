import { act, screen, waitFor, within } from '@testing-library/react';
import { dismissToast, toast } from '../../src/components/toast';
import { resetJobQueue } from '../../src/features/jobs/job-service';
import { renderApp } from '../helpers/render-app';

/**
 * A store the browser sent twice behind the dashboard's back (the simulator's apply-then-resend:
 * the service creates the report, the connection closes before the answer, and the request
 * arrives again): the dashboard sees one success, looks once for a second report of the page,
 * and says so where the person is, with the way to delete it (decision 64).
 */
const PAGE_LOAD = { timeout: 8000 };

beforeEach(() => {
  const last = toast.info('');
  for (let id = 1; id <= last; id += 1) dismissToast(id);
});
afterEach(() => resetJobQueue());

type App = ReturnType<typeof renderApp>;
const reportsOf = (app: App, url: string) =>
  app.simulator.store
    .reports()
    .filter((r) => r.url === url)
    .map((r) => String(r.id));
/** The list reads that looked for reports of one page (the look for a second one, a bulk create's "existing"). */
const pageReads = (app: App, stored: string) =>
  app.listRequests('reports').filter((params) => params.get('search') === stored);

async function createOne(url: string, prepare?: (app: App) => void) {
  const app = renderApp('/reports/new', { simulator: { analysisDelayMs: 0 } });
  await app.user.type(await screen.findByLabelText('Page URL', {}, PAGE_LOAD), url);
  prepare?.(app);
  await app.user.click(screen.getByRole('button', { name: 'Analyse page' }));
  await screen.findByRole('heading', { level: 1, name: /^Report for/ }, PAGE_LOAD);
  return app;
}

describe('the single form', () => {
  it('a store sent twice: the report page names both, and deleting the extra one leaves one', async () => {
    const app = await createOne('https://example.org/twice', ({ simulator }) =>
      simulator.faults.next({ kind: 'apply-then-resend', method: 'POST' }),
    );
    const [older, newer] = reportsOf(app, 'example.org/twice');
    expect(newer).toBeDefined();
    // The person is on the report the answer named, and it says which one is kept.
    expect(app.router.state.location.pathname).toBe(`/reports/${newer}`);
    expect(app.requests.filter((r) => r.method === 'POST')).toHaveLength(1);
    const notice = await screen.findByRole('alert', {}, PAGE_LOAD);
    expect(notice).toHaveTextContent('This page was stored twice.');
    expect(notice).toHaveTextContent(`This report, ${newer}, is kept`);
    expect(within(notice).getByRole('link', { name: `Open report ${older}` })).toHaveAttribute(
      'href',
      `/reports/${older}`,
    );
    expect(pageReads(app, 'example.org/twice')).toHaveLength(1);

    // The browser sends the delete again too: its 404 means the report is gone, said as done.
    app.simulator.faults.next({ kind: 'apply-then-resend', method: 'DELETE' });
    await app.user.click(within(notice).getByRole('button', { name: `Delete report ${older}` }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete this report?' });
    await app.user.click(within(dialog).getByRole('button', { name: 'Delete report' }));
    expect(await screen.findByText(`Report ${older}, the extra one, was deleted.`, {}, PAGE_LOAD)).toBeVisible();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.queryByText(/could not|not deleted/i)).not.toBeInTheDocument();
    expect(reportsOf(app, 'example.org/twice')).toEqual([newer]);
  });

  it('a store answered once: no notice, and the one list read is all it cost', async () => {
    const app = await createOne('https://example.org/once');
    await waitFor(() => expect(screen.getByText('Report created for example.org/once.')).toBeInTheDocument());
    expect(pageReads(app, 'example.org/once')).toHaveLength(1);
    expect(screen.queryByText(/stored twice/)).not.toBeInTheDocument();
    expect(screen.queryByText(/could not check/)).not.toBeInTheDocument();
  });

  it('the look failing leaves the store done: the report page says quietly it could not check', async () => {
    const app = await createOne('https://example.org/unread', ({ simulator }) =>
      simulator.faults.next({ kind: '500', method: 'GET', path: '/api/v1/reports' }),
    );
    expect(screen.getByText('Report created for example.org/unread.')).toBeInTheDocument();
    expect(screen.queryByText(/could not be created/)).not.toBeInTheDocument();
    expect(app.simulator.faults.count('500')).toBe(1);
    expect(
      screen.getByText(/could not check whether the service holds a second report of this page/),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Reports of this page' })).toHaveAttribute(
      'href',
      expect.stringContaining('search=example.org%2Funread'),
    );
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('a person who left before the answer is told by the notice that leads to the report, which names both', async () => {
    const app = renderApp('/reports/new', { simulator: { analysisDelayMs: 0 } });
    await app.user.type(await screen.findByLabelText('Page URL', {}, PAGE_LOAD), 'https://example.org/away');
    const release = app.hold((r) => r.method === 'POST');
    app.simulator.faults.next({ kind: 'apply-then-resend', method: 'POST' });
    await app.user.click(screen.getByRole('button', { name: 'Analyse page' }));
    await act(() => app.router.navigate('/reports'));
    release();

    expect(await screen.findByText(/The service holds it twice/, {}, PAGE_LOAD)).toBeInTheDocument();
    const [older, newer] = reportsOf(app, 'example.org/away');
    await app.user.click(screen.getByRole('link', { name: 'Open the report' }));
    await waitFor(() => expect(app.router.state.location.pathname).toBe(`/reports/${newer}`));
    const notice = await screen.findByRole('alert', {}, PAGE_LOAD);
    expect(within(notice).getByRole('link', { name: `Open report ${older}` })).toBeInTheDocument();
  });
});

describe('a bulk create', () => {
  async function runBulk(urls: string[], prepare: (app: App) => void, existing?: string) {
    const app = renderApp('/reports/new', { simulator: { analysisDelayMs: 0 } });
    await app.user.click(await screen.findByRole('button', { name: 'Analyse a list of pages' }, PAGE_LOAD));
    await app.user.click(await screen.findByLabelText('Page URLs, one per line', {}, PAGE_LOAD));
    await app.user.paste(urls.join('\n'));
    if (existing) await app.user.selectOptions(screen.getByLabelText('Pages that already have a report'), existing);
    prepare(app);
    const pages = `${urls.length} ${urls.length === 1 ? 'page' : 'pages'}`;
    await app.user.click(screen.getByRole('button', { name: `Analyse ${pages}` }));
    await waitFor(() => expect(screen.getByText(/^Finished\./)).toBeInTheDocument(), PAGE_LOAD);
    const progress = screen.getByText(/^Finished\./).closest('.bulk-create__progress') as HTMLElement;
    return { app, progress };
  }
  const itemOf = (progress: HTMLElement, url: string) =>
    within(progress)
      .getAllByRole('listitem')
      .find((item) => item.textContent?.startsWith(url)) as HTMLElement;

  it('an item sent twice says so in its result, with the link and the delete; the others say nothing', async () => {
    const { app, progress } = await runBulk(['bulk.example/twice', 'bulk.example/once'], ({ simulator }) =>
      simulator.faults.next({ kind: 'apply-then-resend', method: 'POST' }),
    );
    // The first store sent is the one sent twice: find which page it was.
    const twice = reportsOf(app, 'bulk.example/twice').length === 2 ? 'bulk.example/twice' : 'bulk.example/once';
    const once = twice === 'bulk.example/twice' ? 'bulk.example/once' : 'bulk.example/twice';
    const [older, newer] = reportsOf(app, twice);
    const item = itemOf(progress, twice);
    expect(item).toHaveTextContent(
      `stored twice: the service also holds report ${older} of this page, from the same request. Report ${newer} is kept.`,
    );
    expect(within(item).getByRole('link', { name: `Open report ${older}` })).toHaveAttribute(
      'href',
      `/reports/${older}`,
    );
    expect(itemOf(progress, once)).not.toHaveTextContent(/twice|could not check/);
    // Its page was read once, for an existing report before the store; the look for second
    // reports was one read of the newest reports for both stores, once they were over.
    expect(pageReads(app, twice)).toHaveLength(1);
    const newestReads = app
      .listRequests('reports')
      .filter(
        (params) => params.get('search') === null && params.get('sort_by') === 'id' && params.get('per_page') === '100',
      );
    expect(newestReads).toHaveLength(1);

    // The kept report's page, reached from the item, names both too.
    await app.user.click(within(item).getByRole('link', { name: twice }));
    await waitFor(() => expect(app.router.state.location.pathname).toBe(`/reports/${newer}`));
    const notice = await screen.findByRole('alert', {}, PAGE_LOAD);
    expect(within(notice).getByRole('link', { name: `Open report ${older}` })).toBeInTheDocument();

    // The tray follows the job on every page: its item deletes the extra one, and the page's notice goes.
    const tray = screen.getByRole('region', { name: /Background jobs/ });
    // The job is over, so the tray has folded to its line (decision 68): open it.
    await app.user.click(within(tray).getByRole('button', { name: 'Show background jobs' }));
    await app.user.click(within(tray).getByText('Each item'));
    const trayItem = itemOf(tray, twice);
    await app.user.click(within(trayItem).getByRole('button', { name: `Delete report ${older}` }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete this report?' });
    await app.user.click(within(dialog).getByRole('button', { name: 'Delete report' }));
    await waitFor(() => expect(itemOf(tray, twice)).toHaveTextContent(`Report ${older}, the extra one, was deleted.`));
    expect(within(itemOf(tray, twice)).queryByRole('button', { name: `Delete report ${older}` })).toBeNull();
    await waitFor(() => expect(screen.queryByRole('alert')).not.toBeInTheDocument());
    expect(reportsOf(app, twice)).toEqual([newer]);
  });

  it('the look failing leaves the item done, and its result says it could not check', async () => {
    const { app, progress } = await runBulk(
      ['bulk.example/unread'],
      ({ simulator }) => simulator.faults.next({ kind: '500', method: 'GET', path: '/api/v1/reports' }),
      'create',
    );
    const item = itemOf(progress, 'bulk.example/unread');
    expect(item).toHaveTextContent('bulk.example/unread: Done — could not check for a second report of this page.');
    expect(app.simulator.faults.count('500')).toBe(1);
    expect(reportsOf(app, 'bulk.example/unread')).toHaveLength(1);
  });
});
