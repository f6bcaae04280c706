import { act, screen, waitFor, within } from '@testing-library/react';
import type { Report } from '../../src/api';
import type { DuplicateCheck } from '../../src/api/write-outcomes';
import { sharedPartsCatalog } from '../../src/components/catalog';
import { clearToasts } from '../../src/components/toast';
import {
  noticeCreatedElsewhere,
  noticeNotCreatedElsewhere,
  passwordRule,
  trackReanalysis,
  validPrivacy,
} from '../../src/features/report-actions';
import { reportActionsCatalog } from '../../src/features/report-actions/catalog';
import { duplicateQueries } from '../../src/features/reports';
import { switchLanguage } from '../../src/lib/i18n/switch-language';
import { createSimulator } from '../../src/simulator';
import { renderApp } from '../helpers/render-app';
import { endInEnglish, PAGE_LOAD, settleWords } from '../helpers/settle-words';

/**
 * What acts on a report in the analyst's language (issue 39): the privacy fields and their rules'
 * errors, the delete's confirmation, the duplicate notice and the notices of an analysis that ends
 * elsewhere, with the report's address and ids as the service sent them.
 */
vi.setConfig({ testTimeout: 60_000 });

const reports = createSimulator().store.reports();
const publicReport = reports.find((report) => report.privacy === 0 && report.url)!;
const [first, second] = reports.filter((report) => report.id !== publicReport.id);
const id = String(publicReport.id);

type App = ReturnType<typeof renderApp>;

/**
 * What a button opens, its code (fetched as the pointer comes) and its words, in before the click:
 * a part that suspended inside the click's act would make React warn.
 */
async function readyToOpen(app: App, button: HTMLElement) {
  await app.user.hover(button);
  await act(async () => {
    await Promise.all([reportActionsCatalog(), sharedPartsCatalog()]);
  });
  await settleWords();
}

// The report page's parts that come later, compiled here: one that came in the middle of a click
// would suspend inside its act.
beforeAll(async () => {
  await Promise.all([
    import('../../src/features/report-page/pages/report-page'),
    import('../../src/features/report-page/components/privacy-form'),
    import('../../src/features/report-actions/components/delete-report-dialog'),
    import('../../src/features/set-aside'),
    import('../../src/features/branding'),
  ]);
}, 60_000);
beforeEach(() => clearToasts());
afterEach(endInEnglish);

it('says the privacy rules’ errors in German', async () => {
  await act(() => switchLanguage('de'));
  await act(async () => {
    await reportActionsCatalog();
  });
  expect(validPrivacy('everyone')).toBe('Wählen Sie, wer den Bericht sehen kann.');
  expect(validPrivacy('private')).toBe(true);
  expect(passwordRule(false)('', { privacy: 'password' })).toBe(
    'Geben Sie ein Passwort ein oder wählen Sie eine andere Sichtbarkeit.',
  );
  // A report that has a password keeps it when the field is left empty.
  expect(passwordRule(true)('', { privacy: 'password' })).toBe(true);
});

it('says the privacy form, its password error and its delete in German on a report’s page', async () => {
  await act(() => switchLanguage('de'));
  const app = renderApp(`/reports/${id}`);
  const { user, requests } = app;
  await screen.findByRole('heading', { level: 1, name: `Bericht für ${publicReport.url}` }, PAGE_LOAD);
  await settleWords();

  const privacy = screen.getByRole('button', { name: /^Sichtbarkeit: Öffentlich/ });
  await readyToOpen(app, privacy);
  await user.click(privacy);
  const form = await screen.findByRole('form', { name: 'Sichtbarkeit und Passwort' }, PAGE_LOAD);
  await settleWords();
  expect(within(form).getByRole('group', { name: 'Sichtbarkeit' })).toBeVisible();
  expect(
    within(form).getByRole('radio', { name: /^Öffentlich\s*— Jeder mit dem Link kann die Berichtsseite sehen\.$/ }),
  ).toBeChecked();
  expect(within(form).getByRole('radio', { name: /^Privat\s*— Nur Sie können ihn sehen\.$/ })).toBeVisible();
  await user.click(
    within(form).getByRole('radio', { name: /^Passwort\s*— Jeder mit dem Link und dem Passwort kann ihn sehen\.$/ }),
  );
  const password = within(form).getByLabelText('Passwort');
  expect(password).toHaveAccessibleDescription('Nötig, um die Berichtsseite zu öffnen.');

  // Saved without a password: the rule says why, on the field, and nothing is sent.
  await user.click(within(form).getByRole('button', { name: 'Sichtbarkeit speichern' }));
  expect(password).toHaveAccessibleDescription(
    expect.stringContaining('Geben Sie ein Passwort ein oder wählen Sie eine andere Sichtbarkeit.'),
  );
  expect(requests.some((request) => request.method === 'PATCH')).toBe(false);
  await user.type(password, 'geheim 123');
  await user.click(within(form).getByRole('button', { name: 'Sichtbarkeit speichern' }));
  expect(await screen.findByText('Sichtbarkeit gespeichert.', {}, PAGE_LOAD)).toBeInTheDocument();
  // The report now has a password: an empty field keeps it.
  expect(within(form).getByLabelText('Passwort')).toHaveAccessibleDescription(
    'Ein Passwort ist gesetzt. Lassen Sie das Feld leer, um es zu behalten, oder geben Sie ein neues ein.',
  );

  const remove = screen.getByRole('button', { name: 'Bericht löschen' });
  await readyToOpen(app, remove);
  await user.click(remove);
  const dialog = await screen.findByRole('dialog', { name: 'Diesen Bericht löschen?' }, PAGE_LOAD);
  await settleWords();
  expect(dialog).toHaveTextContent(
    `Der Bericht für ${publicReport.url} wird gelöscht. Das lässt sich nicht rückgängig machen.`,
  );
  expect(within(dialog).getByRole('button', { name: 'Abbrechen' })).toBeVisible();
  await user.click(within(dialog).getByRole('button', { name: 'Bericht löschen' }));
  expect(await screen.findByText('Bericht gelöscht', {}, PAGE_LOAD)).toBeInTheDocument();
  expect(requests.some((request) => request.method === 'DELETE')).toBe(true);
});

it('asks before a delete in French, with the address as sent', async () => {
  await act(() => switchLanguage('fr'));
  const app = renderApp(`/reports/${id}`);
  const { user, requests } = app;
  await screen.findByRole('heading', { level: 1 }, PAGE_LOAD);
  await settleWords();
  const remove = await screen.findByRole('button', { name: 'Supprimer le rapport' }, PAGE_LOAD);
  await readyToOpen(app, remove);
  await user.click(remove);
  const dialog = await screen.findByRole('dialog', { name: 'Supprimer ce rapport ?' }, PAGE_LOAD);
  await settleWords();
  expect(dialog).toHaveTextContent(`Le rapport de ${publicReport.url} sera supprimé. Cette action est irréversible.`);
  expect(within(dialog).getByRole('button', { name: 'Annuler' })).toBeVisible();
  await user.click(within(dialog).getByRole('button', { name: 'Annuler' }));
  expect(requests.some((request) => request.method === 'DELETE')).toBe(false);
});

it('says a page stored twice in Russian, counting the other reports, with the ids as sent', async () => {
  await act(() => switchLanguage('ru'));
  const { queryClient } = renderApp(`/reports/${id}`);
  await screen.findByRole('heading', { level: 1 }, PAGE_LOAD);
  const others = [first!, second!].map((other) => ({ id: String(other.id), url: publicReport.url }));
  const found: DuplicateCheck = { checked: true, others };
  act(() => queryClient.setQueryData(duplicateQueries.of(id).queryKey, found));
  await settleWords();

  const notice = await screen.findByRole('alert', {}, PAGE_LOAD);
  expect(notice).toHaveTextContent(
    `Эта страница сохранена дважды. У сервиса есть ещё 2 отчёта для ${publicReport.url} из того же запроса: ` +
      `вероятно, браузер отправил его повторно после обрыва соединения. Этот отчёт, ${id}, остаётся; остальные можно удалить.`,
  );
  for (const other of others) {
    expect(within(notice).getByRole('link', { name: `Открыть отчёт ${other.id}` })).toHaveAttribute(
      'href',
      `/reports/${other.id}`,
    );
    expect(within(notice).getByRole('button', { name: `Удалить отчёт ${other.id}` })).toBeVisible();
  }
});

it('says in German how an analysis ended while its report was not on screen', async () => {
  await act(() => switchLanguage('de'));
  renderApp('/reports');
  await screen.findByRole('heading', { level: 1 }, PAGE_LOAD);
  const before = { id, url: publicReport.url, score: 60 } as Report;
  const after = { ...before, score: 75 } as Report;

  await act(() => trackReanalysis(before, () => Promise.resolve({ report: after, settledByReading: false })));
  const done = await screen.findByText(/^Die neue Analyse von .* ist fertig\./, {}, PAGE_LOAD);
  expect(done).toHaveTextContent(
    `Die neue Analyse von ${publicReport.url} ist fertig. Die Bewertung änderte sich von 60 auf 75. Bericht öffnen`,
  );
  expect(within(done).getByRole('link', { name: 'Bericht öffnen' })).toHaveAttribute('href', `/reports/${id}`);

  act(() =>
    noticeCreatedElsewhere(after, true, {
      checked: true,
      others: [{ id: String(first!.id), url: publicReport.url }],
    }),
  );
  const created = await screen.findByText(/^Die Verbindung brach ab/, {}, PAGE_LOAD);
  expect(created).toHaveTextContent(
    `Die Verbindung brach ab, bevor der Dienst antwortete, aber der Bericht für ${publicReport.url} wurde erstellt. ` +
      'Der Dienst hat ihn zweimal (die Anfrage wurde zweimal gesendet): Seine Seite bietet an, den überzähligen zu löschen.',
  );

  act(() => noticeNotCreatedElsewhere('example.org/neu', new Error('refused')));
  await waitFor(() =>
    expect(screen.getByText(/^Der Bericht für example\.org\/neu wurde nicht erstellt: /)).toBeVisible(),
  );
});
