import { act, cleanup, screen, within } from '@testing-library/react';
import { switchLanguage } from '../../src/lib/i18n/switch-language';
import { createSimulator, type CheckResults, type Simulator } from '../../src/simulator';
import { renderApp } from '../helpers/render-app';
import { endInEnglish, PAGE_LOAD, settleWords } from '../helpers/settle-words';

/**
 * A report's page in the analyst's language (issue 39, item 4): its headings, labels, counted
 * words and dates in German and Russian, while what the service sent (the URL, the project) stays
 * as sent.
 */
vi.setConfig({ testTimeout: 60_000 });

const PROJECT = 'sprache.example';
const PAGE = `${PROJECT}/seite`;
const DAY = 24 * 3600 * 1000;
// One now for every simulator of the file, so that each holds the same dates.
const NOW = Date.now();
const daysAgo = (days: number) => new Date(NOW - days * DAY).toISOString();
const dateTime = (locale: string, iso: string) =>
  new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' }).format(Date.parse(iso));

/**
 * Three runs of one page (20, 10 and 2 days ago; the newest fails two checks), and one report of
 * another page each failing 1, 2 and 5 checks, all of high importance. Returns their ids, which
 * are the same in every simulator made from the same seed.
 */
function addReports(simulator: Simulator) {
  const { id: _id, ...template } = simulator.store.reports()[0]!;
  const names = Object.keys(template.results);
  const results = (failing: number): CheckResults => {
    const all: CheckResults = {};
    names.forEach((name, index) => {
      all[name] =
        index < failing
          ? { passed: false, importance: 'high', value: null, errors: { failed: null } }
          : { ...template.results[name]!, passed: true, errors: {} };
    });
    return all;
  };
  const add = (url: string, days: number, result: number, failing: number) =>
    simulator.store.add({
      ...template,
      url,
      project: PROJECT,
      privacy: 0,
      result,
      results: results(failing),
      generated_at: daysAgo(days),
      created_at: daysAgo(days),
      updated_at: daysAgo(days),
    }).id;
  const runs = [add(PAGE, 20, 55, 4), add(PAGE, 10, 70, 3), add(PAGE, 2, 85, 2)];
  const failing = {
    1: add(`${PROJECT}/eins`, 1, 90, 1),
    2: add(`${PROJECT}/zwei`, 1, 80, 2),
    5: add(`${PROJECT}/fuenf`, 1, 60, 5),
  };
  return { runs, failing };
}
const probe = createSimulator();
const ids = addReports(probe);
const generatedAt = (id: number) => probe.store.reports().find((report) => report.id === id)!.generated_at;

afterEach(endInEnglish);

it('says the report page in German, with German dates, the URL and project as sent', async () => {
  await act(() => switchLanguage('de'));
  const newest = ids.runs[2]!;
  renderApp(`/reports/${newest}`, { prepare: addReports });

  expect(await screen.findByRole('heading', { level: 1, name: `Bericht für ${PAGE}` }, PAGE_LOAD)).toBeVisible();
  expect(document.documentElement).toHaveAttribute('lang', 'de');
  expect(screen.getByRole('heading', { level: 2, name: 'Wichtigste Probleme (2)' })).toBeVisible();
  expect(screen.getByText('2 nicht erfüllte Prüfungen (Wichtigkeit: 2 hoch), die wichtigsten zuerst.')).toBeVisible();
  const issues = screen.getByRole('list', { name: 'Nicht erfüllte Prüfungen, die wichtigsten zuerst' });
  expect(issues).toBeVisible();
  // The failed checks' (the passed ones, folded, come after the first paint).
  expect(within(issues).getAllByText('Hohe Wichtigkeit')).toHaveLength(2);
  const summary = screen.getByRole('region', { name: 'Zusammenfassung' });
  expect(
    within(summary)
      .getAllByRole('term')
      .map((term) => term.textContent),
  ).toEqual(['Projekt', 'Sichtbarkeit', 'Generiert', 'Erstellt', 'Aktualisiert']);
  expect(within(summary).getByRole('link', { name: PROJECT })).toBeVisible();
  expect(within(summary).getByRole('meter')).toHaveAccessibleName(/^Gut 85 von 100$/);
  expect(within(summary).getByText(/^\d+ nicht erfüllt · \d+ erfüllt$/)).toBeVisible();
  const actions = screen.getByRole('group', { name: 'Aktionen für den Bericht' });
  expect(within(actions).getByRole('button', { name: 'Seite erneut analysieren' })).toBeVisible();
  expect(within(actions).getByRole('button', { name: 'Drucken / als PDF speichern' })).toBeInTheDocument();

  // The runs of this page: a counted caption, German headers and German dates and times.
  const runs = await screen.findByRole(
    'table',
    { name: '3 Berichte zu dieser Adresse, die neuesten zuerst' },
    PAGE_LOAD,
  );
  expect(
    within(runs)
      .getAllByRole('columnheader')
      .map((cell) => cell.textContent),
  ).toEqual(['Analysiert', 'Ergebnis']);
  const oldest = dateTime('de', generatedAt(ids.runs[0]!));
  expect(oldest).toMatch(/^\d\d\.\d\d\.\d{4}, \d\d:\d\d$/);
  expect(within(runs).getByRole('link', { name: oldest })).toBeVisible();
  expect(runs).toHaveTextContent(`${dateTime('de', generatedAt(newest))} (dieser Bericht)`);
  expect(screen.getByRole('heading', { level: 2, name: 'Analysen dieser Seite' })).toBeVisible();
  expect(screen.getByRole('combobox', { name: 'Diesen Bericht vergleichen mit' })).toHaveDisplayValue(
    `Der Analyse vom ${dateTime('de', generatedAt(ids.runs[1]!))}, Bewertung 70`,
  );
  expect(screen.getByRole('img', { name: /^Bewertung jeder Analyse, die älteste zuerst: 55 am / })).toBeInTheDocument();
  expect(screen.getByText(/^Von 55 \(.+\) auf 85 \(.+\) in 3 Analysen\.$/)).toBeInTheDocument();
});

it('counts failed checks in Russian in the right form for 1, 2 and 5', async () => {
  await act(() => switchLanguage('ru'));
  const said: Record<number, string> = {
    1: '1 проверка не пройдена (1 высокой важности), сначала самые важные.',
    2: '2 проверки не пройдены (2 высокой важности), сначала самые важные.',
    5: '5 проверок не пройдено (5 высокой важности), сначала самые важные.',
  };
  for (const count of [1, 2, 5] as const) {
    renderApp(`/reports/${ids.failing[count]}`, { prepare: addReports });
    // The page and its later parts, each with its Russian words, come inside act.
    await settleWords();
    expect(
      await screen.findByRole('heading', { level: 2, name: `Главные проблемы (${count})` }, PAGE_LOAD),
    ).toBeVisible();
    expect(screen.getByText(said[count]!)).toBeVisible();
    // The page's later parts come before the next page: none renders after its page is gone.
    await settleWords();
    cleanup();
  }
});

it('says “Report not found” in the language on screen', async () => {
  await act(() => switchLanguage('fr'));
  renderApp('/reports/999999');
  expect(await screen.findByRole('heading', { level: 1, name: 'Rapport introuvable' }, PAGE_LOAD)).toBeVisible();
  expect(screen.getByRole('link', { name: 'Retour à tous les rapports' })).toBeVisible();
});
