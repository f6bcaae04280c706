import { screen, waitFor, within } from '@testing-library/react';
import { resetJobQueue } from '../../../src/features/jobs/job-service';
import { switchLanguage } from '../../../src/lib/i18n/switch-language';
import { LANGUAGE_KEY } from '../../../src/lib/i18n/saved-language';
import { renderApp } from '../../helpers/render-app';
import { settleWords } from '../../helpers/settle-words';

/**
 * The Language control (issue 39): each language named in itself, kept on the device, applied at
 * once without a reload, and not while a background job runs.
 */
const PAGE_LOAD = { timeout: 8000 };

afterEach(async () => {
  await settleWords();
  resetJobQueue();
  localStorage.removeItem(LANGUAGE_KEY);
  // The language is the page's, not the test's: back to English for the next one.
  await switchLanguage('en');
});

it('lists each language in itself and switches the dashboard at once, <html lang> with it, keeping the choice', async () => {
  const { user } = renderApp('/settings');
  const control = await screen.findByRole('combobox', { name: 'Language' }, PAGE_LOAD);
  expect(
    within(control)
      .getAllByRole('option')
      .map((option) => option.textContent),
  ).toEqual(['As the browser (English)', 'English', 'Deutsch', 'Français', 'Español', 'Русский']);
  expect(within(control).getByRole('option', { name: 'Русский' })).toHaveAttribute('lang', 'ru');
  const page = screen.getByRole('heading', { level: 1 });
  // The page's parts that load on their own are in first: one that comes during the switch
  // suspends on its new words (a placeholder for a moment), which React reports inside the
  // event's act scope.
  for (const name of ['Team', 'Kept on this device', 'Your workspace as a file'])
    await screen.findByRole('heading', { level: 2, name }, PAGE_LOAD);

  await user.selectOptions(control, 'Deutsch');

  expect(await screen.findByRole('heading', { level: 1, name: 'Einstellungen' })).toBe(page);
  expect(screen.getByRole('navigation', { name: 'Hauptmenü' })).toHaveTextContent(/Übersicht.*Berichte.*Projekte/);
  expect(screen.getByRole('combobox', { name: 'Sprache' })).toHaveValue('de');
  expect(screen.getByRole('button', { name: 'Verbindung testen' })).toBeInTheDocument();
  expect(document.documentElement).toHaveAttribute('lang', 'de');
  expect(localStorage.getItem(LANGUAGE_KEY)).toBe('de');

  // Back to the browser's language: the choice is forgotten.
  await user.selectOptions(screen.getByRole('combobox', { name: 'Sprache' }), 'Wie der Browser (English)');
  expect(await screen.findByRole('heading', { level: 1, name: 'Settings' })).toBe(page);
  expect(localStorage.getItem(LANGUAGE_KEY)).toBeNull();
  expect(document.documentElement).toHaveAttribute('lang', 'en');
});

it('is disabled, saying why, while a background job runs, and free again once it is over', async () => {
  const { user, hold } = renderApp('/reports/new', { simulator: { analysisDelayMs: 0 } });
  const release = hold((request) => request.method === 'POST');
  await user.click(await screen.findByRole('button', { name: 'Analyse a list of pages' }, PAGE_LOAD));
  await user.click(await screen.findByLabelText('Page URLs, one per line', {}, PAGE_LOAD));
  await user.paste('lang.example/a\nlang.example/b');
  await user.click(screen.getByRole('button', { name: 'Analyse 2 pages' }));
  await screen.findByRole('region', { name: /Background jobs/ }, PAGE_LOAD);

  await user.click(screen.getByRole('link', { name: 'Settings' }));
  const control = await screen.findByRole('combobox', { name: 'Language' }, PAGE_LOAD);
  // The queue's code is already here (the job runs from it): known a moment after the page shows.
  await waitFor(() => expect(control).toBeDisabled());
  expect(control).toHaveAccessibleDescription(
    'A background job is running: the language can be changed once it has finished or has been cancelled.',
  );

  release();
  await waitFor(() => expect(control).toBeEnabled(), PAGE_LOAD);
  expect(control).toHaveAccessibleDescription('The dashboard’s language, kept on this device and applied at once.');
});
