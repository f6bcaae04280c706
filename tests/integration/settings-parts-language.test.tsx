import 'fake-indexeddb/auto';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import { clear, createStore, set } from 'idb-keyval';
import { createMemoryRouter, RouterProvider } from 'react-router';
import type { Report } from '../../src/api';
import { aggregateProjectAudit } from '../../src/features/audit/aggregate';
import { saveSnapshot } from '../../src/features/audit/device-store';
import { KEPT_CHANNEL } from '../../src/features/device-storage/kept-changes';
import { forgetCheckInThisPage, MARKER_KEY } from '../../src/features/device-storage/marker';
import { getConnection } from '../../src/features/connection/connection';
import { KeptOnDevice, KeptRemovedNotice } from '../../src/features/kept-on-device';
import { forgetWorkspaceInMemory } from '../../src/features/workspace/store';
import { connectionIdOf } from '../../src/lib/connection-key';
import { switchLanguage } from '../../src/lib/i18n/switch-language';
import { renderApp } from '../helpers/render-app';
import { settleWords } from '../helpers/settle-words';

/**
 * The settings page's parts from other folders (the team, what is kept on this device, the
 * workspace as a file) and the shell's notice, in the analyst's language (issue 39): each part's
 * own catalog is loaded with it, and a switch says them again at once.
 */
vi.setConfig({ testTimeout: 30_000 });
const SLOW = { timeout: 10_000 };

const auditStore = () => createStore('seo-dashboard-audit', 'projects');
const resultStore = () => createStore('seo-dashboard-previous-results', 'results');
const markerStore = () => createStore('seo-dashboard-kept-marker', 'marker');

beforeEach(async () => {
  await Promise.all([clear(auditStore()), clear(resultStore()), clear(markerStore())]);
  localStorage.clear();
  forgetCheckInThisPage();
});
afterEach(async () => {
  await settleWords();
  forgetWorkspaceInMemory();
  // The language is the page's, not the test's: back to English for the next one.
  await act(() => switchLanguage('en'));
});

it('shows the Team, Kept on this device and workspace file parts in German once switched', async () => {
  renderApp('/settings');
  // English first: each part has loaded with its English words.
  await screen.findByRole('heading', { name: 'Kept on this device' }, SLOW);
  await screen.findByRole('region', { name: 'Your workspace as a file' }, SLOW);
  await screen.findByLabelText('Team token', {}, SLOW);

  await act(() => switchLanguage('de'));

  expect(await screen.findByRole('heading', { level: 1, name: 'Einstellungen' })).toBeInTheDocument();
  // The Team part.
  const team = screen.getByRole('form', { name: 'Team' });
  expect(within(team).getByLabelText('Adresse des Synchronisierungsservers')).toBeInTheDocument();
  expect(within(team).getByLabelText('Team-Token')).toBeInTheDocument();
  expect(within(team).getByRole('button', { name: 'Beitreten' })).toBeInTheDocument();
  expect(within(team).getByRole('button', { name: 'Token anzeigen' })).toBeInTheDocument();
  expect(within(team).getByText(/^Teilen Sie den Arbeitsbereich dieses Kontos/)).toBeInTheDocument();
  // Kept on this device, with its retention rules.
  const kept = screen.getByRole('region', { name: 'Auf diesem Gerät gespeichert' });
  expect(within(kept).getByRole('heading', { name: 'Aufbewahrungsregeln' })).toBeInTheDocument();
  expect(within(kept).getByLabelText('Zu behaltende Durchläufe pro Seite')).toBeInTheDocument();
  expect(within(kept).getByLabelText('Entfernen, was älter ist als (Monate)')).toBeInTheDocument();
  expect(within(kept).getByRole('button', { name: 'Vorschau: was entfernt würde' })).toBeInTheDocument();
  // The workspace as a file.
  const file = screen.getByRole('region', { name: 'Ihr Arbeitsbereich als Datei' });
  expect(within(file).getByRole('button', { name: 'Arbeitsbereich exportieren' })).toBeInTheDocument();
  expect(within(file).getByLabelText('Eine Arbeitsbereichsdatei importieren')).toBeInTheDocument();
  // None of their English is left.
  for (const english of ['Kept on this device', 'Your workspace as a file', 'Retention rules', 'Team token', 'Join'])
    expect(screen.queryByText(english)).not.toBeInTheDocument();

  // And back: the same parts say it in English again, without a reload.
  await act(() => switchLanguage('en'));
  expect(await screen.findByRole('button', { name: 'Export workspace' })).toBeInTheDocument();
  expect(screen.getByRole('heading', { name: 'Kept on this device' })).toBeInTheDocument();
  expect(screen.getByLabelText('Team token')).toBeInTheDocument();
});

it('says the retention rules’ problems in German', async () => {
  await act(() => switchLanguage('de'));
  const { user } = renderApp('/settings');
  const runs = await screen.findByLabelText('Zu behaltende Durchläufe pro Seite', {}, SLOW);
  await user.clear(runs);
  await user.type(runs, '0');
  await user.click(screen.getByRole('button', { name: 'Vorschau: was entfernt würde' }));
  expect(
    await screen.findByText('Geben Sie eine ganze Zahl von Durchläufen zwischen 1 und 100 ein.'),
  ).toBeInTheDocument();
});

const report = (id: string, url: string): Report => ({
  id,
  url,
  project: 'example.com',
  score: 50,
  rating: null,
  checks: [],
  privacy: 'public',
  hasPassword: false,
  generatedAt: '2026-10-01T10:00:00Z',
  createdAt: '2026-10-01T10:00:00Z',
  updatedAt: '2026-10-01T10:00:00Z',
});
const keepResults = (...ids: string[]) =>
  Promise.all(
    ids.map((id) =>
      set(
        ['demo', id],
        { report: report(id, `https://example.com/${id}`), keptAt: new Date().toISOString() },
        resultStore(),
      ),
    ),
  );
const row = (name: string) => screen.getByRole('row', { name: new RegExp(`^${name}`) });

it('counts what is kept in Russian with the form each number takes (1, 2, 5)', async () => {
  await saveSnapshot(
    'demo',
    { project: 'one.example', readAt: new Date().toISOString(), total: 0, reports: [] },
    aggregateProjectAudit([], Date.now()),
  );
  await keepResults('r1', 'r2');
  await act(() => switchLanguage('ru'));
  render(<KeptOnDevice />);
  await screen.findByRole('heading', { name: 'Хранится на этом устройстве' }, SLOW);

  await waitFor(() => expect(row('Сохранённые аудиты')).toHaveTextContent('1 проект'));
  expect(row('Результаты до повторного анализа')).toHaveTextContent('2 отчёта');
  expect(row('Задачи в очереди или в работе')).toHaveTextContent('0 задач');

  // Three more results, kept by another tab: the figures follow, in the form five takes.
  await keepResults('r3', 'r4', 'r5');
  const otherTab = new BroadcastChannel(KEPT_CHANNEL);
  otherTab.postMessage('changed');
  otherTab.close();
  await waitFor(() => expect(row('Результаты до повторного анализа')).toHaveTextContent('5 отчётов'));
});

it('says in German, in the shell, that the browser removed what was kept', async () => {
  // Of the connection in use (an earlier test of this file connected to the simulator).
  const connection = connectionIdOf(getConnection());
  const lastVisit = { connection, at: '2026-11-20T10:00:00.000Z', counts: { audits: 2 }, wroteBoth: true };
  localStorage.setItem(MARKER_KEY, JSON.stringify(lastVisit));
  await set(MARKER_KEY, lastVisit, markerStore());
  await act(() => switchLanguage('de'));
  const router = createMemoryRouter([{ path: '*', element: <KeptRemovedNotice /> }], { initialEntries: ['/reports'] });
  render(<RouterProvider router={router} />);
  const line = await screen.findByText(
    /^Seit Ihrem letzten Besuch hat der Browser entfernt, was das Dashboard auf diesem Gerät gespeichert hatte\./,
    {},
    SLOW,
  );
  expect(within(line).getByRole('link', { name: 'Gespeichertes ansehen' })).toHaveAttribute('href', '/settings');
  expect(within(line).getByRole('button', { name: 'Ausblenden' })).toBeInTheDocument();
});
