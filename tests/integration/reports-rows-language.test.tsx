import { act, screen, within } from '@testing-library/react';
import { switchLanguage } from '../../src/lib/i18n/switch-language';
import { renderApp } from '../helpers/render-app';
import { endInEnglish, PAGE_LOAD, settleShell } from '../helpers/settle-words';

/**
 * The reports list's first rows in the analyst's language (issue 39): the words of the first
 * paint (heading, column headers, rating, privacy, dates) come with the shell's catalog, so a
 * German analyst's list is German from its first rows; what the service sent stays as sent.
 */
vi.setConfig({ testTimeout: 60_000 });

afterEach(endInEnglish);

const rows = () => screen.getAllByRole('row').slice(1);

it('shows the first rows in German: headers, ratings, privacy and dates', async () => {
  await act(() => switchLanguage('de'));
  renderApp('/reports?sort_by=id&sort=desc');

  expect(await screen.findByRole('heading', { level: 1, name: 'Berichte' }, PAGE_LOAD)).toBeVisible();
  const table = await screen.findByRole('table', {}, PAGE_LOAD);
  expect(within(table).getByRole('columnheader', { name: /^Ergebnis/ })).toBeVisible();
  expect(within(table).getByRole('columnheader', { name: /^Generiert/ })).toBeVisible();
  expect(within(table).getByRole('columnheader', { name: 'Sichtbarkeit' })).toBeVisible();
  expect(within(table).getByRole('checkbox', { name: 'Alle Berichte dieser Seite auswählen' })).toBeInTheDocument();
  expect(table.querySelector('caption')).toHaveTextContent(/^Berichte, Seite 1 von \d+$/);

  await settleShell();
  const first = rows()[0]!;
  const cell = (column: string) => first.querySelector(`td[data-column="${column}"]`)!;
  // Each cell's label (a phone shows it beside the value) in German too.
  expect(cell('result')).toHaveAttribute('data-label', 'Ergebnis');
  expect(cell('result')).toHaveTextContent(/^(Gut|Mittel|Schlecht) \d+$|^Nicht bewertet$/);
  expect(cell('privacy')).toHaveTextContent(/^(Öffentlich|Privat|Passwort)$/);
  // The address as the service sent it, and German words around it.
  expect(
    within(first).getByRole('link', { name: new RegExp(`^Seite .+ öffnen \\(öffnet in einem neuen Tab\\)$`) }),
  ).toBeInTheDocument();
  // Dates by Intl for German: "vor 3 Tagen", with the exact date as German writes it.
  const created = within(first).getAllByRole('time').at(-1)!;
  const exact = new Intl.DateTimeFormat('de', { dateStyle: 'medium', timeStyle: 'short' }).format(
    Date.parse(created.getAttribute('datetime')!),
  );
  expect(created).toHaveAttribute('title', exact);
  expect(created.textContent).toMatch(
    /^(vor \d+ (Minuten|Stunden|Tagen|Wochen|Monaten|Jahren)|gestern|vorgestern|letzte Woche|letzten Monat|letztes Jahr|vor 1 (Minute|Stunde))/,
  );

  // The parts loaded after the first rows, with their own words: the paging in German, its
  // numbers as German writes them.
  const paging = await screen.findByRole('navigation', { name: 'Berichte: Seiten' }, PAGE_LOAD);
  expect(within(paging).getByText(/^Seite 1 von \d+$/)).toBeVisible();
  expect(within(paging).getByText(/^1–\d+ von \d+$/)).toBeVisible();
  expect(within(paging).getByRole('link', { name: 'Nächste' })).toBeVisible();
  expect(await within(paging).findByLabelText('Gehe zu Seite', {}, PAGE_LOAD)).toBeInTheDocument();
});

it('writes relative dates in Russian and the ratings in Russian words', async () => {
  await act(() => switchLanguage('ru'));
  renderApp('/reports');
  expect(await screen.findByRole('heading', { level: 1, name: 'Отчёты' }, PAGE_LOAD)).toBeVisible();
  await screen.findByRole('table', {}, PAGE_LOAD);
  await settleShell();
  const words = rows().map((row) => row.textContent ?? '');
  expect(words.some((text) => /(Хорошо|Средне|Плохо) \d+/.test(text))).toBe(true);
  expect(
    words.some((text) => /назад|вчера|позавчера|на прошлой неделе|в прошлом месяце|в прошлом году/.test(text)),
  ).toBe(true);
});

it('says the list in English by default, as before', async () => {
  renderApp('/reports');
  expect(await screen.findByRole('heading', { level: 1, name: 'Reports' }, PAGE_LOAD)).toBeVisible();
  const table = await screen.findByRole('table', {}, PAGE_LOAD);
  await settleShell();
  expect(within(table).getByRole('columnheader', { name: 'Privacy' })).toBeVisible();
  expect(rows().some((row) => / ago|yesterday|last (week|month|year)/.test(row.textContent ?? ''))).toBe(true);
});
