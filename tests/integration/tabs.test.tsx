import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { setupServer } from 'msw/node';
import { createMemoryRouter } from 'react-router';
import { setRequestLimit } from '../../src/api';
import { App } from '../../src/app/app';
import { followOtherTabs, syncConnection } from '../../src/app/connection-sync';
import { firstDataOnScreen } from '../../src/app/first-data';
import { createRoutes } from '../../src/app/router';
import { reloadConnectionFromStorage } from '../../src/features/connection/connection';
import { saveConnection } from '../../src/features/connection/connection-changes';
import { openTabChannel, type SharedConnection, type TabChannel, type TabMessage } from '../../src/lib/tab-messages';
import { createSimulator, type Simulator } from '../../src/simulator';
import { createMswHandlers } from '../../src/simulator/msw';
import { createTestQueryClient } from '../helpers/render-app';

// This page is one tab; "the other tab" is a second BroadcastChannel on the same name, sending
// and receiving what another tab of the dashboard would (src/lib/tab-channel.ts).

const OLD = { baseUrl: 'http://old.test', apiKey: 'old-key', remember: true } satisfies SharedConnection;
const NEW = { baseUrl: 'http://new.test', apiKey: 'new-key', remember: true } satisfies SharedConnection;
const STORAGE_KEY = 'seo-dashboard.connection';
const PAGE_LOAD = { timeout: 5000 };

interface Sent {
  method: string;
  origin: string;
  path: string;
  key: string;
}

const server = setupServer();
let sent: Sent[] = [];
let simulator: Simulator;
let channelName = '';
let otherTab: TabChannel;
let heard: TabMessage[] = [];
let stopSync: (() => void) | undefined;

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterAll(() => server.close());
beforeEach(() => {
  simulator = createSimulator({ validKeys: [OLD.apiKey, NEW.apiKey, 'replaced-key'] });
  // The tests below choose "Private" on report 3: it starts public, whatever the demo seed says.
  simulator.store.update(3, { privacy: 0, password: false });
  server.resetHandlers(...createMswHandlers(simulator));
  sent = [];
  server.events.removeAllListeners();
  server.events.on('request:start', ({ request }) => {
    const url = new URL(request.url);
    sent.push({
      method: request.method,
      origin: url.origin,
      path: url.pathname,
      key: request.headers.get('Authorization') ?? '',
    });
  });
  channelName = `tabs-test-${Math.random()}`;
  otherTab = openTabChannel(channelName);
  heard = [];
  otherTab.subscribe((message) => heard.push(message));
});
afterEach(() => {
  stopSync?.();
  stopSync = undefined;
  otherTab.close();
  setRequestLimit(undefined);
});

/** This tab, on `path`, connected as `connection` (saved before the app starts). */
function openTab(path: string, connection: SharedConnection | null = OLD) {
  if (connection) saveConnection(connection);
  else reloadConnectionFromStorage();
  const queryClient = createTestQueryClient();
  const stopConnection = syncConnection(queryClient);
  const router = createMemoryRouter(createRoutes(queryClient), { initialEntries: [path] });
  const firstData = firstDataOnScreen(queryClient, router);
  const stopFollowing = followOtherTabs({ after: firstData.whenShown, channel: openTabChannel(channelName) });
  stopSync = () => {
    stopFollowing();
    stopConnection();
  };
  render(<App queryClient={queryClient} router={router} firstData={firstData} />);
  return { user: userEvent.setup(), queryClient };
}

/** What another tab does when its person saves (or, with null, forgets) a key. */
function otherTabSaves(connection: SharedConnection | null, reason: 'saved' | 'replaced-key' = 'saved') {
  if (connection?.remember) localStorage.setItem(STORAGE_KEY, JSON.stringify(connection));
  else localStorage.removeItem(STORAGE_KEY);
  otherTab.post({ topic: 'connection', connection, reason });
}

/** The privacy form, folded under the toolbar's "Privacy: …" button; a remounted page folds it again. */
async function openPrivacy(user: ReturnType<typeof userEvent.setup>) {
  const button = screen.getByRole('button', { name: /^Privacy: / });
  if (button.getAttribute('aria-expanded') !== 'true') await user.click(button);
  // The form's code loads when the page is idle or at the first opening.
  await screen.findByRole('button', { name: 'Save privacy' });
}

async function openReport(id: number) {
  const record = simulator.store.get(id);
  if (!record) throw new Error('no such seeded report');
  await screen.findByRole('heading', { level: 1, name: `Report for ${record.url}` }, PAGE_LOAD);
  return record;
}

it('drops the old report and the form filled under it when another tab saves another key, and reads again with that key', async () => {
  const { user } = openTab('/reports/3');
  const record = await openReport(3);
  await openPrivacy(user);
  await user.click(screen.getByRole('radio', { name: /^Private/ }));
  const changeAt = sent.length;

  otherTabSaves(NEW);

  // At once: nothing of the old connection stays on screen, and the person is told why.
  expect(await screen.findByText('The connection was changed in another tab.')).toBeInTheDocument();
  expect(screen.getByText(/now shows the service at http:\/\/new\.test/)).toBeInTheDocument();
  // The page is read again, from the new service, with its key; the form starts from what it holds.
  await openReport(3);
  await openPrivacy(user);
  expect(screen.getByRole('radio', { name: /^Private/ })).not.toBeChecked();
  const after = sent.slice(changeAt);
  expect(after.length).toBeGreaterThan(0);
  expect(after.every((request) => request.origin === NEW.baseUrl && request.key === `Bearer ${NEW.apiKey}`)).toBe(true);

  // The next save, made under the new connection, goes to it, and only to it.
  await user.click(screen.getByRole('radio', { name: /^Private/ }));
  await user.click(screen.getByRole('button', { name: 'Save privacy' }));
  expect(await screen.findByText('Privacy saved.')).toBeInTheDocument();
  const writes = sent.filter((request) => request.method !== 'GET');
  expect(writes).toEqual([
    { method: 'PATCH', origin: NEW.baseUrl, path: `/api/v1/reports/${record.id}`, key: `Bearer ${NEW.apiKey}` },
  ]);
});

it('never sends a save that was waiting for its turn when another tab changed the key', async () => {
  const { user } = openTab('/reports/3');
  await openReport(3);
  await openPrivacy(user);
  // The budget for this minute is spent: the save waits for a slot.
  setRequestLimit(1);
  await user.click(screen.getByRole('radio', { name: /^Private/ }));
  await user.click(screen.getByRole('button', { name: 'Save privacy' }));
  expect(await screen.findByText(/1 request is waiting/)).toBeInTheDocument();

  otherTabSaves(NEW);
  expect(await screen.findByText('The connection was changed in another tab.')).toBeInTheDocument();
  setRequestLimit(undefined);
  await openReport(3);
  // Inside act: the page reads what this device kept of the report meanwhile (IndexedDB).
  await act(() => new Promise((resolve) => setTimeout(resolve, 100)));
  expect(sent.filter((request) => request.method !== 'GET')).toEqual([]);
  expect(simulator.store.get(3)?.privacy).toBe(0);
});

it('goes back to the demo when another tab forgets the key', async () => {
  openTab('/reports/3');
  await openReport(3);
  const changeAt = sent.length;

  otherTabSaves(null);

  expect(await screen.findByText('The connection was changed in another tab.')).toBeInTheDocument();
  expect(screen.getByText(/now shows the demo data/)).toBeInTheDocument();
  expect(await screen.findByRole('note', { name: 'Demo data' })).toBeInTheDocument();
  // The demo runs in the page: its report is read there, and nothing more goes to the service.
  await screen.findByRole('heading', { level: 1, name: /^Report for/ }, PAGE_LOAD);
  expect(sent.slice(changeAt)).toEqual([]);
});

it('keeps what was typed when another tab replaces a rejected key for the same service', async () => {
  const { user } = openTab('/reports/3');
  await openReport(3);
  await openPrivacy(user);
  await user.click(screen.getByRole('radio', { name: /^Password/ }));
  await user.type(screen.getByLabelText('Password'), 'typed before');
  const changeAt = sent.length;

  otherTabSaves({ ...OLD, apiKey: 'replaced-key' }, 'replaced-key');

  expect(await screen.findByText('The API key was replaced in another tab.')).toBeInTheDocument();
  expect(screen.getByLabelText('Password')).toHaveValue('typed before');
  await waitFor(() => expect(sent.length).toBeGreaterThan(changeAt));
  expect(sent.slice(changeAt).every((request) => request.key === 'Bearer replaced-key')).toBe(true);
});

it('tells the other tabs when a key is saved or forgotten here', async () => {
  const { user } = openTab('/settings', null);
  await user.type(await screen.findByLabelText('API base URL', {}, PAGE_LOAD), NEW.baseUrl);
  await user.type(screen.getByLabelText('API key'), NEW.apiKey);
  await user.click(screen.getByLabelText(/Only while the dashboard is open/));
  await user.click(screen.getByRole('button', { name: 'Save' }));
  // A key kept out of localStorage still reaches the open tabs: in memory, over BroadcastChannel.
  await waitFor(() =>
    expect(heard).toContainEqual({ topic: 'connection', connection: { ...NEW, remember: false }, reason: 'saved' }),
  );
  expect(localStorage.getItem(STORAGE_KEY)).toBeNull();

  await user.click(screen.getByRole('button', { name: 'Forget key' }));
  await waitFor(() => expect(heard).toContainEqual({ topic: 'connection', connection: null, reason: 'saved' }));
});

it('gives way to another tab’s save when its own key was kept for the open tabs only', async () => {
  openTab('/reports/3', { ...OLD, remember: false });
  await openReport(3);
  expect(sessionStorage.getItem(STORAGE_KEY)).toContain(OLD.apiKey);
  otherTabSaves(NEW);
  expect(await screen.findByText('The connection was changed in another tab.')).toBeInTheDocument();
  // Reloaded, this tab must not come back with the key it had.
  expect(sessionStorage.getItem(STORAGE_KEY)).toBeNull();
});

it('takes, when opened without a stored connection, the key the open tabs keep out of storage', async () => {
  otherTab.subscribe((message) => {
    if (message.topic === 'connection-wanted')
      otherTab.post({ topic: 'connection', connection: { ...NEW, remember: false }, reason: 'answered' });
  });
  openTab('/reports/3', null);
  await openReport(3);
  expect(screen.queryByRole('note', { name: 'Demo data' })).not.toBeInTheDocument();
  // Joining is not news: nothing to explain.
  expect(screen.queryByText('The connection was changed in another tab.')).not.toBeInTheDocument();
  expect(sent.at(-1)).toMatchObject({ origin: NEW.baseUrl, key: `Bearer ${NEW.apiKey}` });
  expect(sessionStorage.getItem(STORAGE_KEY)).toContain(NEW.apiKey);
  expect(localStorage.getItem(STORAGE_KEY)).toBeNull();
});

// A tab with a stored connection loads the code that follows the other tabs once its first
// rows are on screen (docs/decisions/0027); nothing the other tabs say meanwhile may be lost.
it('takes another tab’s save made while its own first page was still loading', async () => {
  openTab('/reports/3');
  otherTabSaves(NEW);
  expect(await screen.findByText('The connection was changed in another tab.', {}, PAGE_LOAD)).toBeInTheDocument();
  await openReport(3);
  expect(sent.at(-1)).toMatchObject({ origin: NEW.baseUrl, key: `Bearer ${NEW.apiKey}` });
});

it('answers a new tab that asked for the connection while its own first page was still loading', async () => {
  openTab('/reports/3', { ...OLD, remember: false });
  otherTab.post({ topic: 'connection-wanted' });
  await openReport(3);
  await waitFor(() =>
    expect(heard).toContainEqual({ topic: 'connection', connection: { ...OLD, remember: false }, reason: 'answered' }),
  );
});
