import { act, cleanup, screen, waitFor, within } from '@testing-library/react';
import { forgetInMemory } from '../../src/features/audit/project-reader';
import { forgetWorkspaceInMemory, workspaceStore } from '../../src/features/workspace/store';
import { DEFAULT_WATCH } from '../../src/features/workspace/model';
import { switchLanguage } from '../../src/lib/i18n/switch-language';
import type { Simulator } from '../../src/simulator';
import { renderApp } from '../helpers/render-app';
import { settleWords } from '../helpers/settle-words';

/**
 * The account overview in the analyst's language (issue 39): its headings, tables, counted words,
 * Needs attention and the re-analysis plans with their dates in German, the reports counted in
 * Russian in the right form, while what the service sent (the projects' names) stays as sent.
 */
vi.setConfig({ testTimeout: 60_000 });
const READ = { timeout: 20_000 };

const PROJECT = 'docs.contoso.com';
const DAY = 24 * 3600 * 1000;
const dateTime = (locale: string, time: number) =>
  new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' }).format(time);
const date = (locale: string, time: number) => new Intl.DateTimeFormat(locale, { dateStyle: 'medium' }).format(time);

afterEach(async () => {
  // The shell's later parts and the account's chart (their code, then their words) come after the
  // first data: in act, so that none arriving after the test's last look is said outside it (or
  // in the next test).
  await act(() => new Promise((done) => setTimeout(done, 1000)));
  await settleWords();
  cleanup();
  act(() => forgetInMemory());
  forgetWorkspaceInMemory();
  // The language is the page's, not the test's: back to English for the next one.
  await act(() => switchLanguage('en'));
});

const region = (name: string) => screen.getByRole('region', { name });

it('says the overview in German: headings, a target missed, a plan with its dates, the projects as sent', async () => {
  await act(() => switchLanguage('de'));
  // The project read on this device first (its page reads it), then the overview.
  const { router, simulator } = renderApp(`/projects/${PROJECT}`);
  await screen.findByRole('table', { name: new RegExp(PROJECT.replace(/\./g, '\\.')) }, READ);
  const lastLooked = Date.now() - 400 * DAY;
  const lastStarted = Date.now() - 3 * DAY;
  await act(() =>
    workspaceStore().change((draft) => {
      draft.marks = { lastLookedAt: new Date(lastLooked).toISOString(), seen: [] };
      draft.projects = [
        {
          project: PROJECT,
          watch: { ...DEFAULT_WATCH, target: 100 },
          plan: {
            cadence: 'weekly',
            scope: { kind: 'every-page' },
            privacy: 'private',
            automatic: false,
            paused: false,
            lastStartedAt: new Date(lastStarted).toISOString(),
          },
        },
      ];
    }),
  );
  await act(() => router.navigate('/'));

  expect(await screen.findByRole('heading', { level: 1, name: 'Übersicht' }, READ)).toBeVisible();
  expect(document.documentElement).toHaveAttribute('lang', 'de');
  for (const name of [
    'Braucht Aufmerksamkeit',
    'Gesundheit im Zeitverlauf',
    'Berichte nach Einstufung',
    'Zuletzt generiert',
    'Projekte nach Gesundheit',
    'Häufigste Probleme',
    'Pläne für erneute Analysen',
  ])
    expect(screen.getByRole('heading', { level: 2, name })).toBeVisible();

  // Needs attention: since the last look (a German date and time), the project as sent.
  const item = await waitFor(
    () =>
      within(region('Braucht Aufmerksamkeit')).getByRole('article', {
        name: new RegExp(`^${PROJECT.replace(/\./g, '\\.')}: Gesundheit \\d+, unter dem Ziel von 100$`),
      }),
    READ,
  );
  const when = dateTime('de', lastLooked);
  expect(when).toMatch(/^\d\d\.\d\d\.\d{4}, \d\d:\d\d$/);
  expect(
    within(region('Braucht Aufmerksamkeit')).getByText(
      `Seit Sie zuletzt nachgesehen haben (${when}), über das auf diesem Gerät eingelesene Projekt:`,
      { exact: false },
    ),
  ).toHaveTextContent(
    `Seit Sie zuletzt nachgesehen haben (${when}), über das auf diesem Gerät eingelesene Projekt: ${PROJECT}. Nicht hier eingelesene Projekte sind nicht erfasst.`,
  );
  expect(within(item).getByRole('link', { name: PROJECT })).toHaveAttribute('href', `/projects/${PROJECT}`);
  expect(within(item).getByRole('button', { name: /^Als gesehen markieren: / })).toBeVisible();
  expect(screen.getByRole('list', { name: 'Neue Einträge, die Aufmerksamkeit brauchen' })).toBeVisible();
  expect(screen.getByRole('button', { name: 'Alles als gesehen markieren' })).toBeVisible();
  // The navigation's count, once its part is in.
  expect(await screen.findByText('1 neuer Eintrag braucht Aufmerksamkeit', undefined, READ)).toBeInTheDocument();

  // The plan: what it does, when it last started and when it runs next, in German.
  const plans = region('Pläne für erneute Analysen');
  expect(within(plans).getByText(/^: wöchentlich, jede Seite\./)).toHaveTextContent(
    `${PROJECT}: wöchentlich, jede Seite. Zuletzt gestartet: ${dateTime('de', lastStarted)}.`,
  );
  expect(within(plans).getByText(`Nächster Lauf am ${date('de', lastStarted + 7 * DAY)}.`)).toBeVisible();

  // Projects by health: a German caption, headers and a counted label.
  const table = within(region('Projekte nach Gesundheit')).getByRole('table', {
    name: 'Projekte nach Gesundheit, die niedrigste zuerst',
  });
  expect(
    within(table)
      .getAllByRole('columnheader')
      .map((cell) => cell.textContent),
  ).toEqual(['Projekt', 'Gesundheit', 'Berichte']);
  const reports = simulator.store.reports();
  const docs = reports.filter((report) => report.project === PROJECT).length;
  expect(within(table).getByRole('link', { name: `${docs} Berichte von ${PROJECT}` })).toBeVisible();
  expect(
    within(region('Berichte nach Einstufung')).getByRole('link', { name: `${reports.length} Berichte` }),
  ).toBeVisible();
  expect(
    within(region('Häufigste Probleme')).getByText(/^Über das auf diesem Gerät eingelesene Projekt: /),
  ).toBeVisible();
  // The account's chart (another folder's part) in, before the test ends.
  await waitFor(() => expect(within(region('Gesundheit im Zeitverlauf')).queryByRole('status')).toBeNull(), READ);
});

/** Three projects of 1, 2 and 5 reports, each with the lowest score: first in Projects by health. */
function addProjects(simulator: Simulator) {
  const { id: _id, ...template } = simulator.store.reports()[0]!;
  for (const count of [1, 2, 5]) {
    for (let page = 0; page < count; page += 1) {
      simulator.store.add({
        ...template,
        project: `zaehlen-${count}.example`,
        url: `zaehlen-${count}.example/${page}`,
        result: 1,
      });
    }
  }
}

it('counts the reports of a project in Russian in the right form for 1, 2 and 5', async () => {
  await act(() => switchLanguage('ru'));
  // The background read of a fresh device waits.
  renderApp('/', {
    prepare: (simulator, hold) => {
      addProjects(simulator);
      void hold((request) => request.url.searchParams.has('project'));
    },
  });
  expect(await screen.findByRole('heading', { level: 1, name: 'Обзор' }, READ)).toBeVisible();
  const table = await within(region('Проекты по здоровью')).findByRole(
    'table',
    { name: 'Проекты по здоровью, сначала с самым низким' },
    READ,
  );
  for (const [count, said] of [
    [1, '1 отчёт'],
    [2, '2 отчёта'],
    [5, '5 отчётов'],
  ] as const)
    expect(within(table).getByRole('link', { name: `${said} проекта zaehlen-${count}.example` })).toHaveTextContent(
      String(count),
    );
  expect(
    await screen.findByText(/^Читаем проекты этого аккаунта в фоне: 0 из \d+ проект(а|ов), 0 из \d+ отчёт(а|ов)$/),
  ).toBeVisible();
});
