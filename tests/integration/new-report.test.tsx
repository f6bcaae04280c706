import { screen, waitFor, within } from '@testing-library/react';
import { setTransport } from '../../src/api';
import { reportQueries } from '../../src/features/reports';
import { dismissToast, toast } from '../../src/components/toast';
import { renderApp, TEST_BASE_URL, TEST_KEY } from '../helpers/render-app';

beforeEach(() => {
  const last = toast.info('');
  for (let id = 1; id <= last; id += 1) dismissToast(id);
});

const PAGE_LOAD = { timeout: 5000 };

async function openForm(options: Parameters<typeof renderApp>[1] = {}) {
  const app = renderApp('/reports/new', options);
  await screen.findByRole('heading', { level: 1, name: 'New report' }, PAGE_LOAD);
  return app;
}

const posts = (requests: ReturnType<typeof renderApp>['requests']) => requests.filter((r) => r.method === 'POST');

it('rejects what is not an http(s) address, and requires one', async () => {
  const { user, requests } = await openForm();
  const url = screen.getByLabelText('Page URL');
  await user.click(screen.getByRole('button', { name: 'Analyse page' }));
  await waitFor(() =>
    expect(url).toHaveAccessibleDescription(expect.stringContaining('Enter the address of the page to analyse.')),
  );
  for (const bad of ['javascript:alert(1)', 'ftp://example.com/file', 'not a url', 'localhostish']) {
    await user.clear(url);
    await user.type(url, bad);
    await user.click(screen.getByRole('button', { name: 'Analyse page' }));
    expect(url).toHaveAttribute('aria-invalid', 'true');
    expect(url).toHaveAccessibleDescription(expect.stringContaining('Only http and https addresses can be analysed.'));
  }
  expect(posts(requests)).toHaveLength(0);
});

it('creates a report from a bare host: pending state, one request, then its page, a toast and fresh caches', async () => {
  const { user, requests, queryClient, router, simulator } = await openForm({ simulator: { analysisDelayMs: 300 } });
  queryClient.setQueryData(reportQueries.list({}).queryKey, {
    items: [],
    currentPage: 1,
    lastPage: 1,
    perPage: 10,
    total: 0,
    from: null,
    to: null,
  });
  queryClient.setQueryData(['projects', 'list', {}], { cached: true });
  expect(screen.getByRole('radio', { name: /^Public/ })).toBeChecked();
  expect(screen.queryByLabelText('Password')).not.toBeInTheDocument();

  await user.type(screen.getByLabelText('Page URL'), 'example.com');
  await user.click(screen.getByRole('button', { name: 'Analyse page' }));
  const button = screen.getByRole('button', { name: 'Analysing…' });
  expect(button).toBeDisabled();
  // The client's real time limit for an analysis (ANALYSIS_TIMEOUT_MS), and no false alarm about leaving.
  expect(
    screen.getByText(/can take up to 2 minutes\. You can leave this page: the report is created anyway/),
  ).toBeInTheDocument();
  // Enter in the field must not start a second analysis.
  await user.type(screen.getByLabelText('Page URL'), '{Enter}');
  await user.click(button);

  const heading = await screen.findByRole('heading', { level: 1, name: 'Report for example.com' }, PAGE_LOAD);
  expect(heading).toBeInTheDocument();
  expect(posts(requests)).toHaveLength(1);
  expect(Object.fromEntries(new URLSearchParams(posts(requests)[0]?.body))).toEqual({
    url: 'https://example.com',
    privacy: '0',
  });
  const created = simulator.store.reports().at(-1);
  expect(router.state.location.pathname).toBe(`/reports/${created?.id}`);
  expect(screen.getByText('Report created for example.com.')).toBeInTheDocument();
  // The page was served from the cache the store answer filled: no GET of the new report.
  expect(requests.some((r) => r.method === 'GET' && r.url.pathname === `/api/v1/reports/${created?.id}`)).toBe(false);
  expect(queryClient.getQueryState(reportQueries.list({}).queryKey)?.isInvalidated).toBe(true);
  expect(queryClient.getQueryState(['projects', 'list', {}])?.isInvalidated).toBe(true);
});

it('asks for a password only with "password" privacy, requires it, and sends it', async () => {
  const { user, requests } = await openForm();
  await user.type(screen.getByLabelText('Page URL'), 'https://shop.example.org/new');
  await user.click(screen.getByRole('radio', { name: /^Password/ }));
  const password = screen.getByLabelText('Password');
  await user.click(screen.getByRole('button', { name: 'Analyse page' }));
  expect(password).toHaveAccessibleDescription(expect.stringContaining('Enter a password'));
  expect(posts(requests)).toHaveLength(0);
  await user.type(password, 'hunter22');
  await user.click(screen.getByRole('button', { name: 'Analyse page' }));
  await screen.findByRole('heading', { level: 1, name: 'Report for shop.example.org/new' }, PAGE_LOAD);
  expect(Object.fromEntries(new URLSearchParams(posts(requests)[0]?.body))).toEqual({
    url: 'https://shop.example.org/new',
    privacy: '2',
    password: 'hunter22',
  });
});

it("puts the service's own 422 shape ({message: {url: [...]}}) on the field and keeps the values", async () => {
  const { user, router } = await openForm();
  await user.type(screen.getByLabelText('Page URL'), 'unreachable.example/page');
  await user.click(screen.getByRole('radio', { name: /^Private/ }));
  await user.click(screen.getByRole('button', { name: 'Analyse page' }));
  const url = screen.getByLabelText('Page URL');
  await waitFor(() => expect(url).toHaveAccessibleDescription(expect.stringContaining('Could not fetch the page.')));
  expect(url).toHaveAttribute('aria-invalid', 'true');
  expect(url).toHaveValue('unreachable.example/page');
  expect(screen.getByRole('radio', { name: /^Private/ })).toBeChecked();
  expect(router.state.location.pathname).toBe('/reports/new');
});

it('shows the messages of a 422 for fields the form does not have, beside those it puts on its fields', async () => {
  const { user, simulator } = await openForm();
  // A service version with other rules may name a field this form does not show.
  setTransport({
    baseUrl: TEST_BASE_URL,
    apiKey: TEST_KEY,
    fetch: (input, init) =>
      init?.method === 'POST'
        ? Promise.resolve(
            Response.json(
              {
                message: 'The given data was invalid.',
                errors: { url: ['The url is on a blocklist.'], quota: ['You have used all your reports for today.'] },
              },
              { status: 422 },
            ),
          )
        : simulator.fetch(input, init),
  });
  await user.type(screen.getByLabelText('Page URL'), 'example.org');
  await user.click(screen.getByRole('button', { name: 'Analyse page' }));

  const alert = await screen.findByRole('alert');
  expect(alert).toHaveTextContent('The report could not be created. You have used all your reports for today.');
  const url = screen.getByLabelText('Page URL');
  expect(url).toHaveAccessibleDescription(expect.stringContaining('The url is on a blocklist.'));
  expect(url).toHaveValue('example.org');
});

it('keeps every typed value when the store fails, and retries on request', async () => {
  const { user, simulator, requests } = await openForm();
  simulator.faults.next({ kind: '500', method: 'POST' });
  await user.type(screen.getByLabelText('Page URL'), 'blog.example.net/hello');
  await user.click(screen.getByRole('radio', { name: /^Password/ }));
  await user.type(screen.getByLabelText('Password'), 'open sesame');
  await user.click(screen.getByRole('button', { name: 'Analyse page' }));

  const alert = await screen.findByRole('alert');
  expect(alert).toHaveTextContent('The report could not be created.');
  expect(alert).toHaveTextContent('An unexpected error has occurred, please try again.');
  expect(screen.getByLabelText('Page URL')).toHaveValue('blog.example.net/hello');
  expect(screen.getByRole('radio', { name: /^Password/ })).toBeChecked();
  expect(screen.getByLabelText('Password')).toHaveValue('open sesame');

  await user.click(within(alert).getByRole('button', { name: 'Try again' }));
  await screen.findByRole('heading', { level: 1, name: 'Report for blog.example.net/hello' }, PAGE_LOAD);
  expect(posts(requests)).toHaveLength(2);
  expect(simulator.store.reports().at(-1)).toMatchObject({ url: 'blog.example.net/hello', privacy: 2, password: true });
});
