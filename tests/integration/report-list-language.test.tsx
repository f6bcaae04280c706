import { act, screen, within } from '@testing-library/react';
import { resetJobQueue } from '../../src/features/jobs/job-service';
import { clearSelection } from '../../src/features/report-list/selection';
import { switchLanguage } from '../../src/lib/i18n/switch-language';
import { renderApp } from '../helpers/render-app';
import { endInEnglish, PAGE_LOAD, settleShell } from '../helpers/settle-words';

/**
 * The reports list's later parts in the analyst's language (issue 39): the filters, the sort's
 * options, the selection bar and its confirm dialogs, loaded after the first rows with their own
 * catalog (`report-list`); counted words in each language's plural forms.
 */
vi.setConfig({ testTimeout: 60_000 });

// The selection and the queue are per tab (module state): each test starts with none.
beforeEach(() => {
  clearSelection();
  resetJobQueue();
});

afterEach(endInEnglish);

/** The rows' checkboxes, without the page's own (its name is in the list's language). */
const rowBoxes = (pageBoxName: string) =>
  within(screen.getByRole('table'))
    .getAllByRole('checkbox')
    .filter((box) => box.getAttribute('aria-label') !== pageBoxName);

it('says the filters, the selection bar and a bulk dialog in German', async () => {
  await act(() => switchLanguage('de'));
  const { user, simulator } = renderApp('/reports');
  await screen.findByRole('table', {}, PAGE_LOAD);
  await settleShell();

  // The filters, loaded after the first rows.
  const filters = await screen.findByRole('search', { name: 'Berichte filtern' }, PAGE_LOAD);
  expect(within(filters).getByLabelText('URLs durchsuchen')).toHaveAttribute('placeholder', 'z. B. /blog');
  expect(await within(filters).findByRole('combobox', { name: 'Projekt' }, PAGE_LOAD)).toHaveAttribute(
    'placeholder',
    'Alle Projekte',
  );
  const result = within(filters).getByRole('combobox', { name: 'Ergebnis' });
  expect(within(result).getByRole('option', { name: 'Alle Ergebnisse' })).toBeInTheDocument();
  const sort = within(filters).getByRole('combobox', { name: 'Sortierung' });
  expect(within(sort).getByRole('option', { name: 'URL: A bis Z' })).toBeInTheDocument();
  expect(within(sort).getByRole('option', { name: 'Ergebnis: beste zuerst' })).toBeInTheDocument();

  // The selection bar, after a row is ticked.
  expect(await screen.findByText('Keine Berichte ausgewählt.', {}, PAGE_LOAD)).toBeInTheDocument();
  const total = simulator.store.reports().length;
  expect(screen.getByRole('button', { name: `Alle ${total} in dieser Ansicht auswählen` })).toBeVisible();
  await user.click(rowBoxes('Alle Berichte dieser Seite auswählen')[0]!);
  expect(await screen.findByText('1 Bericht ausgewählt.', {}, PAGE_LOAD)).toBeInTheDocument();
  const actions = screen.getByRole('group', { name: 'Aktionen für die ausgewählten Berichte' });
  expect(
    within(actions)
      .getAllByRole('button')
      .map((button) => button.textContent),
  ).toEqual(['Erneut analysieren', 'Sichtbarkeit festlegen', 'Löschen']);
  expect(screen.getByRole('button', { name: 'Auswahl aufheben' })).toBeVisible();

  // A bulk confirm dialog: its title and its button.
  await user.click(within(actions).getByRole('button', { name: 'Löschen' }));
  const dialog = await screen.findByRole('dialog', { name: '1 Bericht löschen?' }, PAGE_LOAD);
  expect(within(dialog).getByRole('button', { name: '1 löschen' })).toBeVisible();
  expect(
    within(dialog).getByText(
      'Der Dienst löscht sie endgültig. Sie haben 5 Sekunden Zeit, das rückgängig zu machen, bevor etwas gesendet wird.',
    ),
  ).toBeVisible();
});

it('counts the selected reports in Russian in the right form for 1, 2 and 5', async () => {
  await act(() => switchLanguage('ru'));
  const { user } = renderApp('/reports');
  await screen.findByRole('table', {}, PAGE_LOAD);
  await settleShell();
  expect(await screen.findByText('Отчёты не выбраны.', {}, PAGE_LOAD)).toBeInTheDocument();
  const boxes = rowBoxes('Выбрать все отчёты на этой странице');
  await user.click(boxes[0]!);
  expect(await screen.findByText('Выбран 1 отчёт.', {}, PAGE_LOAD)).toBeInTheDocument();
  await user.click(boxes[1]!);
  expect(await screen.findByText('Выбрано 2 отчёта.', {}, PAGE_LOAD)).toBeInTheDocument();
  await user.click(screen.getByRole('button', { name: 'Удалить' }));
  expect(await screen.findByRole('dialog', { name: 'Удалить 2 отчёта?' }, PAGE_LOAD)).toBeVisible();
  await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Отмена' }));

  for (const box of boxes.slice(2, 5)) await user.click(box);
  expect(await screen.findByText('Выбрано 5 отчётов.', {}, PAGE_LOAD)).toBeInTheDocument();
  expect(screen.getByText('Экспорт', { selector: 'summary' })).toBeInTheDocument();
});

it('says the selection bar in English by default, as before', async () => {
  const { user } = renderApp('/reports');
  await screen.findByRole('table', {}, PAGE_LOAD);
  await settleShell();
  expect(await screen.findByText('No reports selected.', {}, PAGE_LOAD)).toBeInTheDocument();
  await user.click(rowBoxes('Select all reports on this page')[0]!);
  expect(await screen.findByText('1 report selected.', {}, PAGE_LOAD)).toBeInTheDocument();
  expect(await screen.findByRole('search', { name: 'Filter reports' }, PAGE_LOAD)).toBeInTheDocument();
  expect(screen.getByRole('option', { name: 'URL: A to Z' })).toBeInTheDocument();
});
