import 'fake-indexeddb/auto';
import { act, cleanup, screen, waitFor, within } from '@testing-library/react';
import { JOB_STARTED_EVENT } from '../../src/features/jobs/job-events';
import type { Job } from '../../src/features/jobs/job-model';
import { connectionId, resetJobQueue, startJob } from '../../src/features/jobs/job-service';
import { indexedDbJobStore } from '../../src/features/jobs/job-store';
import { switchLanguage } from '../../src/lib/i18n/switch-language';
import { renderApp } from '../helpers/render-app';
import { settleWords } from '../helpers/settle-words';

/**
 * The jobs' words in the analyst's language (issue 39): a job keeps what it is, not its words, so
 * that its title and its items' outcomes are said in the language on screen, and follow a switch;
 * a job kept by an earlier version, with an English title, still shows it. What the service sent
 * (URLs, a project's name) stays as sent.
 */
vi.setConfig({ testTimeout: 60_000 });
const READ = { timeout: 20_000 };

/** Switched inside an act: a part of the page may come in meanwhile. */
const speak = (locale: Parameters<typeof switchLanguage>[0]) => act(() => switchLanguage(locale));

afterEach(async () => {
  await settleWords();
  cleanup();
  resetJobQueue();
  // The jobs kept on the device go with the test (the next one's tray would show them).
  const store = indexedDbJobStore();
  for (const job of await store.all()) await store.remove(job.id);
  await speak('en');
});

/** The tray, once its words are in. */
const findTray = (name: RegExp) => screen.findByRole('region', { name }, READ);

it('says a bulk create in German, its skipped page’s reason too, and follows a switch to French once over', async () => {
  await speak('de');
  const { queryClient, hold, simulator } = renderApp('/reports');
  await screen.findByRole('heading', { level: 1 }, READ);
  const release = hold((request) => request.method === 'POST');
  const existing = simulator.store.reports()[0]!;
  await act(() =>
    startJob(queryClient, { kind: 'create', privacy: 'public', existing: 'skip' }, { kind: 'create', reports: 2 }, [
      { key: existing.url, label: existing.url, url: `https://${existing.url}` },
      { key: 'neu.example/seite', label: 'neu.example/seite', url: 'https://neu.example/seite' },
    ]),
  );

  const tray = await findTray(/^Hintergrundaufträge/);
  expect(within(tray).getByRole('heading', { level: 3, name: '2 Berichte erstellen' })).toBeVisible();
  expect(within(tray).getByRole('button', { name: '2 Berichte erstellen pausieren' })).toBeVisible();
  // The page that had a report is skipped, said why in German; its URL as the service holds it.
  await waitFor(() =>
    expect(within(tray).getByText('— Sie hat bereits einen Bericht.', { exact: false })).toBeInTheDocument(),
  );
  expect(within(tray).getByText(existing.url)).toBeInTheDocument();

  await act(async () => release());
  // Its end: a toast in German, and the folded tray's line.
  expect(await screen.findByText('2 Berichte erstellen: 1 erledigt, 1 übersprungen.', undefined, READ)).toBeVisible();
  expect(await within(tray).findByText('2 Berichte erstellen:', undefined, READ)).toBeVisible();

  // No job runs: the finished job's title follows the language on screen.
  await settleWords();
  await speak('fr');
  expect(await within(tray).findByText('Créer 2 rapports:', undefined, READ)).toBeVisible();
  expect(within(tray).queryByText('2 Berichte erstellen:')).not.toBeInTheDocument();
  await act(async () => within(tray).getByRole('button', { name: 'Afficher les tâches en arrière-plan' }).click());
  expect(within(tray).getByRole('heading', { level: 3, name: 'Créer 2 rapports' })).toBeVisible();
  expect(within(tray).getByText('— Elle a déjà un rapport.', { exact: false })).toBeInTheDocument();
});

it('counts reports in a title in each Russian form', async () => {
  await speak('ru');
  const { queryClient, hold, simulator } = renderApp('/reports');
  await screen.findByRole('heading', { level: 1 }, READ);
  // The service holds every write: the jobs stay under way.
  hold((request) => request.method !== 'GET');
  const reports = simulator.store.reports();
  const items = (count: number) =>
    reports.slice(0, count).map((report) => ({ key: String(report.id), label: report.url, previousGeneratedAt: null }));
  await act(() => startJob(queryClient, { kind: 'reanalyse' }, { kind: 'reanalyse', reports: 1 }, items(1)));
  await act(() => startJob(queryClient, { kind: 'reanalyse' }, { kind: 'reanalyse', reports: 3 }, items(3)));
  await act(() => startJob(queryClient, { kind: 'delete' }, { kind: 'delete', reports: 5 }, items(5)));

  const tray = await findTray(/^Фоновые задачи/);
  for (const title of [
    'Повторно проанализировать 1 отчёт',
    'Повторно проанализировать 3 отчёта',
    'Удалить 5 отчётов',
  ]) {
    expect(await within(tray).findByRole('heading', { level: 3, name: title }, READ)).toBeVisible();
  }
});

it('still shows a job kept by an earlier version with its English title, in a German tray', async () => {
  await speak('de');
  renderApp('/reports');
  await screen.findByRole('heading', { level: 1 }, READ);
  // The list's later parts come in before the store is written (which awaits outside React).
  await settleWords();
  // As the code before jobs had names wrote it: an English title, its items' reasons in words.
  const kept: Job = {
    id: 'kept-before-names',
    spec: { kind: 'delete' },
    title: 'Delete 2 reports',
    connection: connectionId(),
    createdAt: Date.now() - 60_000,
    state: 'finished',
    items: [
      { key: '1', label: 'alt.example/a', status: 'done', sentAt: Date.now() - 50_000, reportId: '1' },
      { key: '2', label: 'alt.example/b', status: 'failed', reason: 'The report does not exist.' },
    ],
  };
  await act(() => indexedDbJobStore().save(kept));
  // The tray comes for jobs kept on the device (as on a reload), and reads them back.
  // Its code comes in inside the act: React counts a lazy part that arrives outside one against the test.
  await act(async () => {
    window.dispatchEvent(new Event(JOB_STARTED_EVENT));
    await import('../../src/features/job-tray/job-tray');
  });
  await settleWords();
  const tray = await findTray(/^Hintergrundaufträge/);
  expect(await within(tray).findByText('Delete 2 reports:', undefined, READ)).toBeVisible();
  expect(within(tray).getByText('2 von 2 abgeschlossen · 1 fehlgeschlagen')).toBeVisible();
  await act(async () => within(tray).getByRole('button', { name: 'Hintergrundaufträge anzeigen' }).click());
  expect(within(tray).getByRole('heading', { level: 3, name: 'Delete 2 reports' })).toBeVisible();
  expect(within(tray).getByText('— The report does not exist.', { exact: false })).toBeInTheDocument();
});
