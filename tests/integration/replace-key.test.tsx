import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { setupServer } from 'msw/node';
import { createMemoryRouter } from 'react-router';
import { App } from '../../src/app/app';
import { followOtherTabs, syncConnection } from '../../src/app/connection-sync';
import { firstDataOnScreen } from '../../src/app/first-data';
import { createRoutes } from '../../src/app/router';
import { getConnection } from '../../src/features/connection';
import { saveConnection } from '../../src/features/connection/connection-changes';
import { openTabChannel } from '../../src/lib/tab-messages';
import { createSimulator, type Simulator } from '../../src/simulator';
import { createMswHandlers } from '../../src/simulator/msw';
import { createTestQueryClient } from '../helpers/render-app';

// The service rejects the key in the middle of an edit: a new key is given on the same page,
// and the edit goes on, with nothing typed lost and without leaving the page.

const BASE = 'http://api.test';
const OLD_KEY = 'revoked-key';
const NEW_KEY = 'fresh-key';
const PAGE_LOAD = { timeout: 5000 };

const server = setupServer();
let simulator: Simulator;
let keysSent: string[] = [];
let stopSync: (() => void) | undefined;

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterAll(() => server.close());
beforeEach(() => {
  simulator = createSimulator({ validKeys: [OLD_KEY, NEW_KEY] });
  server.resetHandlers(...createMswHandlers(simulator));
  keysSent = [];
  server.events.removeAllListeners();
  server.events.on('request:start', ({ request }) => {
    keysSent.push(`${request.method} ${request.headers.get('Authorization') ?? ''}`);
  });
});
afterEach(() => {
  stopSync?.();
  stopSync = undefined;
});

function openReportPage(id: number) {
  saveConnection({ baseUrl: BASE, apiKey: OLD_KEY, remember: true });
  const queryClient = createTestQueryClient();
  const stopConnection = syncConnection(queryClient);
  const router = createMemoryRouter(createRoutes(queryClient), { initialEntries: [`/reports/${id}`] });
  const firstData = firstDataOnScreen(queryClient, router);
  const channel = openTabChannel(`replace-key-${Math.random()}`);
  const stopFollowing = followOtherTabs({ after: firstData.whenShown, channel });
  stopSync = () => {
    stopFollowing();
    stopConnection();
  };
  render(<App queryClient={queryClient} router={router} firstData={firstData} />);
  return { user: userEvent.setup(), queryClient, router };
}

it('replaces a rejected key in a dialog on the page, keeping what was typed, and the edit goes on', async () => {
  const { user, queryClient, router } = openReportPage(3);
  const record = simulator.store.get(3);
  await screen.findByRole('heading', { level: 1, name: `Report for ${record?.url}` }, PAGE_LOAD);
  await user.click(screen.getByRole('button', { name: /^Privacy: / }));
  await screen.findByRole('button', { name: 'Save privacy' });
  await user.click(screen.getByRole('radio', { name: /^Password/ }));
  await user.click(screen.getByLabelText('Password'));
  await user.paste('typed-before');

  // The key is revoked on the service; the save is refused.
  simulator.options.validKeys = [NEW_KEY];
  await user.click(screen.getByRole('button', { name: 'Save privacy' }));
  const banner = (await screen.findByText('The service rejected the API key.')).closest('[role="alert"]');
  // A refetch meanwhile (the person went to get a key and came back) fails too; the page stays.
  await queryClient.refetchQueries();
  expect(screen.getByLabelText('Password')).toHaveValue('typed-before');

  await user.click(within(banner as HTMLElement).getByRole('button', { name: 'Replace key' }));
  const dialog = await screen.findByRole('dialog', { name: 'Replace the API key' });
  const keyField = within(dialog).getByLabelText('New API key');
  expect(keyField).toHaveAttribute('type', 'password');
  await user.click(within(dialog).getByRole('button', { name: 'Show key' }));
  expect(keyField).toHaveAttribute('type', 'text');

  // Test says whether a key works before it is saved.
  await user.click(keyField);
  await user.paste('wrong-key');
  await user.click(within(dialog).getByRole('button', { name: 'Test key' }));
  expect(await within(dialog).findByText(/The service rejected this API key/)).toBeInTheDocument();
  await user.clear(keyField);
  await user.paste(NEW_KEY);
  await user.click(within(dialog).getByRole('button', { name: 'Test key' }));
  expect(await within(dialog).findByText(/The key works/)).toBeInTheDocument();

  const beforeSave = keysSent.length;
  await user.click(within(dialog).getByRole('button', { name: 'Save key' }));
  await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  expect(screen.queryByText('The service rejected the API key.')).not.toBeInTheDocument();
  // Same page, same service, the new key; what was typed is still there.
  expect(router.state.location.pathname).toBe('/reports/3');
  expect(getConnection()).toEqual({ mode: 'service', baseUrl: BASE, apiKey: NEW_KEY, remember: true });
  expect(screen.getByRole('radio', { name: /^Password/ })).toBeChecked();
  expect(screen.getByLabelText('Password')).toHaveValue('typed-before');
  // The page is read again with the new key.
  await waitFor(() => expect(keysSent.slice(beforeSave)).toContain(`GET Bearer ${NEW_KEY}`));

  await user.click(screen.getByRole('button', { name: 'Save privacy' }));
  expect(await screen.findByText('Privacy saved.')).toBeInTheDocument();
  // The refused save never wrote: its read of the report before writing (to catch someone
  // else's change) was the request the service refused; the save went once, with the new key.
  expect(keysSent.filter((sent) => sent.startsWith('PATCH'))).toEqual([`PATCH Bearer ${NEW_KEY}`]);
  expect(simulator.store.get(3)?.privacy).toBe(2);
}, 40_000);

it('asks for a key before saving, and Cancel leaves everything as it was', async () => {
  const { user } = openReportPage(3);
  await screen.findByRole('heading', { level: 1, name: /^Report for/ }, PAGE_LOAD);
  simulator.options.validKeys = [NEW_KEY];
  await user.click(screen.getByRole('button', { name: /^Privacy: / }));
  await screen.findByRole('button', { name: 'Save privacy' });
  // A privacy other than the report's own, so that there is something to save.
  const other = simulator.store.get(3)?.privacy === 0 ? /^Private/ : /^Public/;
  await user.click(screen.getByRole('radio', { name: other }));
  await user.click(screen.getByRole('button', { name: 'Save privacy' }));
  await user.click(await screen.findByRole('button', { name: 'Replace key' }));
  const dialog = await screen.findByRole('dialog', { name: 'Replace the API key' });
  await user.click(within(dialog).getByRole('button', { name: 'Save key' }));
  expect(within(dialog).getByText('Enter the new API key from your account on the service.')).toBeInTheDocument();
  expect(getConnection()).toMatchObject({ apiKey: OLD_KEY });

  await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
  expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  expect(screen.getByText('The service rejected the API key.')).toBeInTheDocument();
  expect(screen.getByRole('radio', { name: other })).toBeChecked();
});
