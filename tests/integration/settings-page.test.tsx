import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { setupServer } from 'msw/node';
import { http, HttpResponse } from 'msw';
import { createMemoryRouter } from 'react-router';
import { App } from '../../src/app/app';
import { syncConnection } from '../../src/app/connection-sync';
import { firstDataOnScreen } from '../../src/app/first-data';
import { createRoutes } from '../../src/app/router';
import { getConnection } from '../../src/features/connection';
import { reloadConnectionFromStorage } from '../../src/features/connection/connection';
import { createSimulator } from '../../src/simulator';
import { createMswHandlers } from '../../src/simulator/msw';
import { createTestQueryClient } from '../helpers/render-app';

const BASE = 'http://api.test';
const KEY = 'right-key';
const server = setupServer();
let stopSync: (() => void) | undefined;

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterAll(() => server.close());
beforeEach(() => {
  server.resetHandlers(...createMswHandlers(createSimulator({ validKeys: [KEY] })));
  localStorage.clear();
  sessionStorage.clear();
  reloadConnectionFromStorage();
});
afterEach(() => {
  server.events.removeAllListeners();
  stopSync?.();
  stopSync = undefined;
});

function renderSettings(path = '/settings') {
  const queryClient = createTestQueryClient();
  stopSync = syncConnection(queryClient);
  const router = createMemoryRouter(createRoutes(queryClient), { initialEntries: [path] });
  render(<App queryClient={queryClient} router={router} firstData={firstDataOnScreen(queryClient, router)} />);
  return { user: userEvent.setup(), queryClient };
}

async function fillIn(user: ReturnType<typeof userEvent.setup>, baseUrl: string, key: string) {
  const base = await screen.findByLabelText('API base URL');
  await user.clear(base);
  if (baseUrl) await user.type(base, baseUrl);
  const keyField = screen.getByLabelText('API key');
  await user.clear(keyField);
  await user.type(keyField, key);
}

it('starts on the demo, with the marker visible', async () => {
  renderSettings();
  expect(await screen.findByText(/built-in demo service/)).toBeInTheDocument();
  // The banner's code loads with the demo.
  expect(await screen.findByRole('note', { name: 'Demo data' })).toBeInTheDocument();
});

it('masks the key and shows it on request', async () => {
  const { user } = renderSettings();
  await fillIn(user, BASE, 'abc');
  const keyField = screen.getByLabelText('API key');
  expect(keyField).toHaveAttribute('type', 'password');
  await user.click(screen.getByRole('button', { name: 'Show key' }));
  expect(keyField).toHaveAttribute('type', 'text');
  expect(screen.getByRole('button', { name: 'Hide key' })).toHaveAttribute('aria-pressed', 'true');
});

it('validates the base URL and requires a key', async () => {
  const { user } = renderSettings();
  await user.type(await screen.findByLabelText('API base URL'), 'javascript:alert(1)');
  await user.click(screen.getByRole('button', { name: 'Save' }));
  expect(screen.getByLabelText('API base URL')).toHaveAccessibleDescription(
    expect.stringMatching(/starting with https:\/\//),
  );
  expect(screen.getByLabelText('API key')).toHaveAttribute('aria-invalid', 'true');
  expect(getConnection()).toEqual({ mode: 'demo' });
});

it('saves the connection on this device by default', async () => {
  const { user } = renderSettings();
  await fillIn(user, `${BASE}/`, KEY);
  await user.click(screen.getByRole('button', { name: 'Save' }));
  expect(getConnection()).toEqual({ mode: 'service', baseUrl: BASE, apiKey: KEY, remember: true });
  expect(localStorage.getItem('seo-dashboard.connection')).toContain(KEY);
  expect(sessionStorage.getItem('seo-dashboard.connection')).toBeNull();
  expect(await screen.findByText('Connection saved on this device.')).toBeInTheDocument();
  expect(screen.queryByRole('note', { name: 'Demo data' })).not.toBeInTheDocument();
});

it('keeps a key that is not remembered out of localStorage', async () => {
  const { user } = renderSettings();
  await fillIn(user, BASE, KEY);
  await user.click(screen.getByLabelText(/Only while the dashboard is open/));
  await user.click(screen.getByRole('button', { name: 'Save' }));
  expect(localStorage.getItem('seo-dashboard.connection')).toBeNull();
  expect(sessionStorage.getItem('seo-dashboard.connection')).toContain(KEY);
  expect(getConnection()).toMatchObject({ mode: 'service', remember: false });
});

it('uses this tab’s own key over one remembered on the device', async () => {
  // The device remembers a key (saved in another tab); this tab was given its own, for it only.
  localStorage.setItem('seo-dashboard.connection', JSON.stringify({ baseUrl: BASE, apiKey: 'remembered-key' }));
  sessionStorage.setItem('seo-dashboard.connection', JSON.stringify({ baseUrl: BASE, apiKey: KEY }));
  reloadConnectionFromStorage();
  const sent: (string | null)[] = [];
  server.events.on('request:start', ({ request }) => sent.push(request.headers.get('authorization')));
  renderSettings('/reports');
  expect(await screen.findByRole('table')).toBeInTheDocument();
  expect(sent.length).toBeGreaterThan(0);
  expect(new Set(sent)).toEqual(new Set([`Bearer ${KEY}`]));

  // Another tab remembers yet another key: this tab keeps its own.
  localStorage.setItem('seo-dashboard.connection', JSON.stringify({ baseUrl: BASE, apiKey: 'newer-remembered-key' }));
  window.dispatchEvent(new StorageEvent('storage', { key: 'seo-dashboard.connection' }));
  expect(getConnection()).toEqual({ mode: 'service', baseUrl: BASE, apiKey: KEY, remember: false });
});

it('tests a working connection', async () => {
  const { user } = renderSettings();
  await fillIn(user, BASE, KEY);
  await user.click(screen.getByRole('button', { name: 'Test connection' }));
  expect(await screen.findByText(/The connection works: the service holds \d+ reports/)).toBeInTheDocument();
});

it('says plainly when the key is rejected, without echoing it', async () => {
  const { user } = renderSettings();
  await fillIn(user, BASE, 'bad-key-123');
  await user.click(screen.getByRole('button', { name: 'Test connection' }));
  const message = await screen.findByText(/rejected this API key/);
  expect(message.textContent).not.toContain('bad-key-123');
});

it('explains a network failure with the CORS and proxy hint', async () => {
  server.use(http.get(`${BASE}/api/v1/reports`, () => HttpResponse.error()));
  const { user } = renderSettings();
  await fillIn(user, BASE, KEY);
  await user.click(screen.getByRole('button', { name: 'Test connection' }));
  expect(
    await screen.findByText(/Could not reach the service at http:\/\/api\.test.*reverse proxy of \/api\//),
  ).toBeInTheDocument();
});

it('forget removes the key and clears every cached response', async () => {
  localStorage.setItem('seo-dashboard.connection', JSON.stringify({ baseUrl: BASE, apiKey: KEY }));
  reloadConnectionFromStorage();
  const { user, queryClient } = renderSettings();
  queryClient.setQueryData(['reports', 'list', {}], { cached: true });
  const form = (await screen.findByLabelText('API key')).closest('form');
  if (!form) throw new Error('no form');
  expect(screen.getByLabelText('API key')).toHaveValue(KEY);
  await user.click(within(form).getByRole('button', { name: 'Forget key' }));
  expect(localStorage.getItem('seo-dashboard.connection')).toBeNull();
  expect(getConnection()).toEqual({ mode: 'demo' });
  expect(queryClient.getQueryCache().getAll()).toHaveLength(0);
  expect(screen.getByLabelText('API key')).toHaveValue('');
});

describe('the settings form trims what is typed', () => {
  it('trims base URL and key when saving, and shows them trimmed', async () => {
    const { user } = renderSettings();
    const base = await screen.findByLabelText('API base URL');
    await user.type(base, `  ${BASE}/  `);
    await user.type(screen.getByLabelText('API key'), `  ${KEY}  `);
    await user.click(screen.getByRole('button', { name: 'Test connection' }));
    expect(await screen.findByText(/The connection works/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(getConnection()).toEqual({ mode: 'service', baseUrl: BASE, apiKey: KEY, remember: true });
    expect(screen.getByLabelText('API base URL')).toHaveValue(`${BASE}/`);
    expect(screen.getByLabelText('API key')).toHaveValue(KEY);
    expect(screen.queryByText('You have unsaved changes.')).not.toBeInTheDocument();
  });

  it('a key of spaces is no key; a base URL of spaces is empty', async () => {
    const { user } = renderSettings();
    await user.type(await screen.findByLabelText('API base URL'), '   ');
    await user.type(screen.getByLabelText('API key'), '   ');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(screen.getByLabelText('API key')).toHaveAccessibleDescription(
      expect.stringContaining('Enter the API key from your account on the service.'),
    );
    expect(screen.getByLabelText('API base URL')).not.toHaveAttribute('aria-invalid', 'true');
    expect(getConnection()).toEqual({ mode: 'demo' });
    await user.type(screen.getByLabelText('API key'), KEY);
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(getConnection()).toEqual({ mode: 'service', baseUrl: '', apiKey: KEY, remember: true });
  });
});
