import { act, cleanup, screen, within } from '@testing-library/react';
import { passwordRule, validPrivacy } from '../../src/features/report-actions';
import { reportActionsCatalog } from '../../src/features/report-actions/catalog';
import { switchLanguage } from '../../src/lib/i18n/switch-language';
import { createSimulator } from '../../src/simulator';
import { renderApp } from '../helpers/render-app';
import { settleWords } from '../helpers/settle-words';

/**
 * What acts on a report in the analyst's language (issue 39): the privacy rules' errors, and the
 * delete's confirmation, with the report's address as the service sent it.
 */
vi.setConfig({ testTimeout: 60_000 });
const PAGE_LOAD = { timeout: 20_000 };

const publicReport = createSimulator()
  .store.reports()
  .find((report) => report.privacy === 0 && report.url)!;

afterEach(async () => {
  await settleWords();
  cleanup();
  await act(() => switchLanguage('en'));
});

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

it('asks before a delete in French, with the address as sent', async () => {
  await act(() => switchLanguage('fr'));
  const { user, requests } = renderApp(`/reports/${publicReport.id}`);
  await screen.findByRole('heading', { level: 1 }, PAGE_LOAD);
  await settleWords();
  await user.click(await screen.findByRole('button', { name: 'Supprimer le rapport' }, PAGE_LOAD));
  const dialog = await screen.findByRole('dialog', { name: 'Supprimer ce rapport ?' }, PAGE_LOAD);
  await settleWords();
  expect(dialog).toHaveTextContent(`Le rapport de ${publicReport.url} sera supprimé. Cette action est irréversible.`);
  expect(within(dialog).getByRole('button', { name: 'Annuler' })).toBeVisible();
  await user.click(within(dialog).getByRole('button', { name: 'Annuler' }));
  expect(requests.some((request) => request.method === 'DELETE')).toBe(false);
});
