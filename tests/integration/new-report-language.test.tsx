import { act, screen, within } from '@testing-library/react';
import { switchLanguage } from '../../src/lib/i18n/switch-language';
import { createSimulator } from '../../src/simulator';
import { renderApp } from '../helpers/render-app';
import { endInEnglish, PAGE_LOAD, settleShell } from '../helpers/settle-words';

/**
 * The new report form, two reports compared and the keyboard shortcuts in the analyst's language
 * (issue 39): headings, labels, validation errors, counted words and dates in German, French and
 * Russian, while what was typed or sent (URLs, keys) stays as it is.
 */
vi.setConfig({ testTimeout: 60_000 });

const dateTime = (locale: string, iso: string) =>
  new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' }).format(Date.parse(iso));

/** An element of that tag whose whole text is `text` (the typed or sent part in an element of its own). */
const saying = (tag: string, text: string) => (_: string, element: Element | null) =>
  element?.tagName === tag && element.textContent === text;

// The seed is deterministic: a simulator made here holds the same reports as the one renderApp makes.
const [first, second] = createSimulator().store.reports();

afterEach(endInEnglish);

it('says the new report form in German, with German validation errors', async () => {
  await act(() => switchLanguage('de'));
  const { user, requests } = renderApp('/reports/new');

  expect(await screen.findByRole('heading', { level: 1, name: 'Neuer Bericht' }, PAGE_LOAD)).toBeVisible();
  await settleShell();
  expect(document.documentElement).toHaveAttribute('lang', 'de');
  expect(screen.getByRole('link', { name: '← Alle Berichte' })).toBeVisible();
  expect(screen.getByRole('link', { name: 'Abbrechen' })).toBeVisible();
  const url = screen.getByLabelText('URL der Seite');
  expect(url).toHaveAccessibleDescription(expect.stringContaining('Ohne Angabe wird https:// ergänzt.'));

  await user.click(screen.getByRole('button', { name: 'Seite analysieren' }));
  await vi.waitFor(() =>
    expect(url).toHaveAccessibleDescription(
      expect.stringContaining('Geben Sie die Adresse der zu analysierenden Seite ein.'),
    ),
  );
  await user.type(url, 'javascript:alert(1)');
  await user.click(screen.getByRole('button', { name: 'Seite analysieren' }));
  expect(url).toHaveAttribute('aria-invalid', 'true');
  expect(url).toHaveAccessibleDescription(
    expect.stringContaining('Nur http- und https-Adressen können analysiert werden.'),
  );
  expect(requests.filter((request) => request.method === 'POST')).toHaveLength(0);

  // Many pages at once: counted words, and the typed line as typed.
  expect(screen.getByRole('heading', { level: 2, name: 'Viele Seiten auf einmal' })).toBeVisible();
  await user.click(screen.getByRole('button', { name: 'Eine Liste von Seiten analysieren' }));
  const box = await screen.findByLabelText('URLs der Seiten, eine pro Zeile', {}, PAGE_LOAD);
  await user.click(box);
  await user.paste(['sprache.example/a', 'www.sprache.example/a/', 'sprache.example/b', 'mailto:<b>x</b>'].join('\n'));
  expect(screen.getByText('2 Seiten bereit, 1 Duplikat ausgelassen, 1 keine Webadresse.')).toBeVisible();
  expect(screen.getByText('Diese Zeile ist keine Webadresse und wird ausgelassen.')).toBeVisible();
  expect(screen.getByLabelText('Zeile 4')).toHaveValue('mailto:<b>x</b>');
  expect(screen.getByRole('button', { name: 'Hinzufügen Zeile 4' })).toBeDisabled();
  expect(
    screen.getByText(saying('LI', 'Zeile 2: www.sprache.example/a/ (dieselbe Seite wie Zeile 1)')),
  ).toBeInTheDocument();
  expect(screen.getByRole('combobox', { name: 'Seiten, die bereits einen Bericht haben' })).toHaveDisplayValue(
    'Überspringen',
  );
  expect(screen.getByRole('button', { name: '2 Seiten analysieren' })).toBeEnabled();
});

it('counts pages ready in Russian in the right form for 1, 2 and 5', async () => {
  await act(() => switchLanguage('ru'));
  const { user } = renderApp('/reports/new');
  await settleShell();
  await user.click(await screen.findByRole('button', { name: 'Проанализировать список страниц' }, PAGE_LOAD));
  const box = await screen.findByLabelText('URL страниц, по одному на строку', {}, PAGE_LOAD);
  const said: Record<number, [summary: string, button: string]> = {
    1: ['1 страница готова.', 'Проанализировать 1 страницу'],
    2: ['2 страницы готовы.', 'Проанализировать 2 страницы'],
    5: ['5 страниц готово.', 'Проанализировать 5 страниц'],
  };
  for (const count of [1, 2, 5] as const) {
    await user.clear(box);
    await user.click(box);
    await user.paste(Array.from({ length: count }, (_, index) => `ru.example/${index}`).join('\n'));
    const [summary, button] = said[count]!;
    expect(screen.getByText(summary)).toBeVisible();
    expect(screen.getByRole('button', { name: button })).toBeEnabled();
  }
});

it('compares two reports in German, with German dates and the URLs as sent', async () => {
  await act(() => switchLanguage('de'));
  renderApp(`/compare?a=${first!.id}&b=${second!.id}`);

  expect(await screen.findByRole('heading', { level: 1, name: 'Zwei Berichte im Vergleich' }, PAGE_LOAD)).toBeVisible();
  expect(screen.getByRole('link', { name: 'A und B tauschen' })).toBeVisible();
  const sideA = screen.getByRole('region', { name: 'Bericht A' });
  expect(await within(sideA).findByText(first!.url, {}, PAGE_LOAD)).toBeVisible();
  expect(
    within(sideA)
      .getAllByRole('term')
      .map((term) => term.textContent),
  ).toEqual(['Projekt', 'Analysiert']);
  const analysed = dateTime('de', first!.generated_at);
  expect(analysed).toMatch(/^\d\d\.\d\d\.\d{4}, \d\d:\d\d$/);
  expect(within(sideA).getByText(analysed)).toBeVisible();
  expect(within(sideA).getByRole('link', { name: 'Bericht A öffnen' })).toBeVisible();
  expect(screen.getByRole('region', { name: 'Bericht B' })).toBeVisible();
  expect(await screen.findByRole('heading', { level: 2, name: 'Prüfung für Prüfung' }, PAGE_LOAD)).toBeVisible();
});

it('says what is wrong with a comparison’s address in German, the address’s text as it is', async () => {
  await act(() => switchLanguage('de'));
  renderApp(`/compare?a=${encodeURIComponent('<b>7</b>')}&b=${second!.id}`);
  expect(
    await screen.findByRole('heading', { level: 2, name: 'Bericht A ist keine Berichts-ID' }, PAGE_LOAD),
  ).toBeVisible();
  expect(
    screen.getByText(
      saying(
        'P',
        'Die Adresse gibt für Bericht A „<b>7</b>“ an, was keine Berichts-ID sein kann. Der Link wurde unterwegs vielleicht gekürzt oder verändert.',
      ),
    ),
  ).toBeVisible();
  expect(screen.getByRole('link', { name: 'Zwei Berichte auswählen' })).toHaveAttribute('href', '/reports');
});

it('lists the keyboard shortcuts in French, the keys as the keyboard names them', async () => {
  await act(() => switchLanguage('fr'));
  const { user } = renderApp('/reports');
  await screen.findByRole('table', {}, PAGE_LOAD);
  // The shortcuts mount once the first data is on screen, with the shell's other later parts:
  // all in, with their words, before a key is pressed (one coming during the key's synchronous
  // act would suspend inside it, which React reports as an error).
  await settleShell();
  await user.keyboard('?');
  const dialog = await screen.findByRole('dialog', { name: 'Raccourcis clavier' });
  expect(within(dialog).getByText('Sauf pendant la saisie dans un champ.')).toBeVisible();
  expect(
    within(dialog)
      .getAllByRole('columnheader')
      .map((cell) => cell.textContent),
  ).toEqual(['Touches', 'Action']);
  const rows = within(dialog)
    .getAllByRole('row')
    .slice(1)
    .map((row) =>
      within(row)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    );
  expect(rows).toEqual([
    ['/', 'Aller à la recherche'],
    ['j', 'Ligne suivante'],
    ['k', 'Ligne précédente'],
    ['Enter', 'Ouvrir la ligne'],
    ['x', 'Sélectionner la ligne (là où les lignes peuvent l’être)'],
    ['[', 'Page précédente'],
    [']', 'Page suivante'],
    ['g puis r', 'Aller aux rapports'],
    ['g puis p', 'Aller aux projets'],
    ['?', 'Afficher ces raccourcis'],
  ]);
});
