import 'fake-indexeddb/auto';
import { act, cleanup, screen, waitFor, within } from '@testing-library/react';
import { forgetInMemory } from '../../src/features/audit/project-reader';
import { resetJobQueue, startJob } from '../../src/features/jobs/job-service';
import { forgetWorkspaceInMemory } from '../../src/features/workspace/store';
import { switchLanguage } from '../../src/lib/i18n/switch-language';
import type { CheckResults, Simulator } from '../../src/simulator';
import { renderApp } from '../helpers/render-app';
import { settleWords } from '../helpers/settle-words';

/**
 * What changed on a site, and the tray of background jobs, in the analyst's language (issue 39):
 * headings, labels, counted words and the days compared in German, a count in Russian in each of
 * its forms, while what the service sent (the project's name, URLs) stays as sent.
 */
vi.setConfig({ testTimeout: 60_000 });
const READ = { timeout: 20_000 };

const DAY = 24 * 3600 * 1000;
const NOW = Date.now();
const daysAgo = (days: number) => new Date(NOW - days * DAY).toISOString();
/** A day as the range in the address gives it ("2026-11-26"), in this machine's time zone. */
const dayString = (days: number) => {
  const date = new Date(NOW - days * DAY);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
};
const dayIn = (locale: string, days: number) => {
  const date = new Date(NOW - days * DAY);
  return new Intl.DateTimeFormat(locale, { dateStyle: 'medium' }).format(
    new Date(date.getFullYear(), date.getMonth(), date.getDate()),
  );
};

/** Runs of a project's pages: [path, days ago, score, failing checks]. */
function addRuns(simulator: Simulator, project: string, runs: [string, number, number, string[]][]) {
  const { id: _id, ...template } = simulator.store.reports()[0]!;
  const results = (failing: string[]): CheckResults => {
    const all: CheckResults = {};
    for (const [name, check] of Object.entries(template.results)) all[name] = { ...check, passed: true, errors: {} };
    for (const name of failing)
      all[name] = { passed: false, importance: 'high', value: null, errors: { failed: null } };
    return all;
  };
  for (const [path, days, result, failing] of runs)
    simulator.store.add({
      ...template,
      url: `${project}${path}`,
      project,
      result,
      results: results(failing),
      generated_at: daysAgo(days),
      created_at: daysAgo(days),
      updated_at: daysAgo(days),
    });
}

/**
 * Switched inside an act: the code of a part of the last test's page (the shell's, loaded when the
 * browser is idle) may come in meanwhile, and React counts that against the test outside one.
 */
const speak = (locale: Parameters<typeof switchLanguage>[0]) => act(() => switchLanguage(locale));

afterEach(async () => {
  await settleWords();
  cleanup();
  act(() => forgetInMemory());
  forgetWorkspaceInMemory();
  resetJobQueue();
  // The language is the page's, not the test's: back to English for the next one.
  await speak('en');
});

/** Opens a project's change report between two days, reading the project first. */
async function openChanges(project: string, from: number, to: number, prepare: (simulator: Simulator) => void) {
  const view = renderApp(`/projects/${project}/changes?from=${dayString(from)}&to=${dayString(to)}`, { prepare });
  const read = await screen.findByRole('button', { name: /^(Projekt einlesen|Прочитать проект)$/ }, READ);
  // Pressed in an act that is awaited: a part of the shell that comes in meanwhile (those loaded when
  // the browser is idle) may wait for its words, in the language on screen, inside it.
  await act(async () => read.click());
  return view;
}

it('says what changed on a site in German, with German days and counts, the project as sent', async () => {
  await speak('de');
  const project = 'wandel.example';
  await openChanges(project, 20, 0, (simulator) =>
    addRuns(simulator, project, [
      ['/alt', 30, 50, ['title']],
      ['/alt', 2, 80, []],
      ['/neu', 2, 70, ['meta_description']],
    ]),
  );

  expect(
    await screen.findByRole('heading', { level: 1, name: `Was sich auf ${project} geändert hat` }, READ),
  ).toBeVisible();
  expect(document.documentElement).toHaveAttribute('lang', 'de');
  const from = dayIn('de', 20);
  const to = dayIn('de', 0);
  expect(from).toMatch(/^\d\d\.\d\d\.\d{4}$/);
  expect(
    await screen.findByText(
      `Vom ${from} bis zum ${to}: jede Seite so, wie ihre letzte Analyse am oder vor dem jeweiligen Datum sie zeigt.`,
    ),
  ).toBeVisible();
  expect(screen.getByRole('link', { name: `← Audit von ${project}` })).toBeVisible();
  const range = screen.getByRole('form', { name: 'Zu vergleichende Daten' });
  expect(within(range).getByLabelText('Erstes Datum')).toBeVisible();
  expect(within(range).getByRole('button', { name: 'Vergleichen' })).toBeVisible();

  // The summary: each day's health with its pages counted, the difference in points.
  const summary = await screen.findByText(`Gesundheit am ${from}`, undefined, READ);
  const list = summary.closest('dl') as HTMLElement;
  expect(
    within(list)
      .getAllByRole('term')
      .map((term) => term.textContent),
  ).toEqual([`Gesundheit am ${from}`, `Gesundheit am ${to}`, 'Unterschied', 'Seiten']);
  expect(within(list).getByText('1 Seite')).toBeVisible();
  expect(within(list).getByText('2 Seiten')).toBeVisible();
  expect(within(list).getByText('+25 Punkte')).toBeVisible();
  expect(within(list).getByText('1 neu, 0 entfallen, 1 geändert')).toBeVisible();

  expect(screen.getByRole('heading', { level: 2, name: 'Nach Prüfung' })).toBeVisible();
  const checks = screen.getByRole('table', {
    name: 'Prüfungen, die an einem der Daten nicht erfüllt sind, die wichtigsten zuerst',
  });
  expect(
    within(checks)
      .getAllByRole('columnheader')
      .map((cell) => cell.textContent),
  ).toEqual([
    'Prüfung',
    'Wichtigkeit',
    'Neu nicht erfüllt',
    'Behoben',
    'Weiterhin nicht erfüllt',
    'Auf neuen Seiten',
    'Unklar',
  ]);
  expect(within(checks).getByRole('button', { name: /^.+: auf 1 Seite behoben$/ })).toBeVisible();
  expect(screen.getByRole('heading', { level: 2, name: 'Geänderte Seiten (1)' })).toBeVisible();
  expect(screen.getByRole('heading', { level: 2, name: 'Neue Seiten (1)' })).toBeVisible();
  expect(screen.getByRole('heading', { level: 2, name: 'Entfallene Seiten (0)' })).toBeVisible();
  expect(screen.getByRole('img', { name: `Gesundheit von ${project} im Zeitverlauf` })).toBeInTheDocument();
  expect(screen.getByRole('form', { name: 'Notiz zur Zeitleiste hinzufügen' })).toBeVisible();
  // The shell around it speaks German too.
  expect(await screen.findByRole('navigation', { name: 'Gespeicherte Ansichten' }, READ)).toBeInTheDocument();
});

it('counts the pages of a day in Russian in the right form for 1, 2 and 5', async () => {
  await speak('ru');
  const said: Record<number, string> = { 1: '1 страница', 2: '2 страницы', 5: '5 страниц' };
  for (const count of [1, 2, 5] as const) {
    const project = `pages-${count}.example`;
    const runs = Array.from({ length: count }, (_, index): [string, number, number, string[]] => [
      `/p${index}`,
      2,
      80,
      [],
    ]);
    await openChanges(project, 20, 0, (simulator) => addRuns(simulator, project, runs));
    const summary = await screen.findByText(`Здоровье на ${dayIn('ru', 0)}`, undefined, READ);
    const health = summary.parentElement as HTMLElement;
    expect(within(health).getByText(said[count]!)).toBeVisible();
    expect(
      screen.getByText(`К ${dayIn('ru', 20)} ни одна страница ещё не была проанализирована: все страницы новые.`),
    ).toBeVisible();
    await settleWords();
    cleanup();
    act(() => forgetInMemory());
  }
});

it('shows the tray of background jobs in German', async () => {
  await speak('de');
  const { queryClient, hold, simulator } = renderApp('/reports');
  await screen.findByRole('heading', { level: 1 }, READ);
  // The service holds every write: the job stays under way.
  hold((request) => request.method !== 'GET');
  const reports = simulator.store.reports().slice(0, 2);
  await act(() =>
    startJob(
      queryClient,
      { kind: 'reanalyse' },
      'Testauftrag',
      reports.map((report) => ({ key: String(report.id), label: report.url, previousGeneratedAt: null })),
    ),
  );

  const tray = await screen.findByRole('region', { name: /^Hintergrundaufträge/ }, READ);
  expect(within(tray).getByRole('heading', { level: 2 })).toHaveTextContent('Hintergrundaufträge (1 läuft)');
  expect(within(tray).getByRole('button', { name: 'Hintergrundaufträge ausblenden' })).toHaveAttribute(
    'aria-expanded',
    'true',
  );
  expect(within(tray).getByRole('heading', { level: 3, name: 'Testauftrag' })).toBeVisible();
  expect(within(tray).getByText(/^0 von 2 abgeschlossen\. Noch (wenige Sekunden|etwa .+)\.$/)).toBeVisible();
  expect(within(tray).getByRole('button', { name: 'Testauftrag pausieren' })).toBeVisible();
  expect(within(tray).getByRole('button', { name: 'Testauftrag abbrechen' })).toBeVisible();
  expect(within(tray).getByText('Einzelne Einträge')).toBeVisible();
  await waitFor(() => expect(within(tray).getAllByText(/: In Bearbeitung$/)).toHaveLength(2));
});
