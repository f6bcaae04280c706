import { act, cleanup, screen, waitFor, within } from '@testing-library/react';
import { forgetInMemory } from '../../src/features/audit/project-reader';
import { setReportLanguage, workspaceStore } from '../../src/features/workspace';
import { OLD_REPORT_LANGUAGE_PREFIX } from '../../src/features/workspace/old-record';
import { forgetWorkspaceInMemory } from '../../src/features/workspace/store';
import { switchLanguage } from '../../src/lib/i18n/switch-language';
import type { CheckResults, Simulator } from '../../src/simulator';
import { renderApp } from '../helpers/render-app';
import { settleShell, settleWords } from '../helpers/settle-words';

/**
 * A project's client report in a language chosen for the project (issue 39, item 3): the control
 * follows the dashboard's language until a choice is made, the choice is kept per project in the
 * workspace (what the team shares), and only the report speaks it: the dashboard around it stays
 * in its own. The version before kept it in localStorage: moved into the workspace once.
 */
const READ = { timeout: 20_000 };
vi.setConfig({ testTimeout: 60_000 });

const PROJECT = 'idioma.example';
const OTHER = 'other.example';
const DAY = 24 * 3600 * 1000;
const daysAgo = (days: number) => new Date(Date.now() - days * DAY).toISOString();
/** The project's report language as the workspace keeps it (what another tab or a teammate gets). */
const keptLanguage = (project = PROJECT) =>
  workspaceStore()
    .read()
    .workspace.projects.find((entry) => entry.project === project)?.reportLanguage;
const oldKey = `${OLD_REPORT_LANGUAGE_PREFIX}${PROJECT}`;
const medium = (locale: string, time: number) => new Intl.DateTimeFormat(locale, { dateStyle: 'medium' }).format(time);

/** Two pages, over the last 30 days: /a fails Title (Decent 60), /b passes everything (Good 90). */
function addProject(simulator: Simulator) {
  const { id: _id, ...template } = simulator.store.reports()[0]!;
  const results = (failing: string[]): CheckResults => {
    const all: CheckResults = {};
    for (const [name, check] of Object.entries(template.results)) all[name] = { ...check, passed: true, errors: {} };
    for (const name of failing)
      all[name] = { passed: false, importance: 'high', value: null, errors: { failed: null } };
    return all;
  };
  const add = (path: string, days: number, result: number, failing: string[]) =>
    simulator.store.add({
      ...template,
      url: `${PROJECT}/${path}`,
      project: PROJECT,
      result,
      results: results(failing),
      generated_at: daysAgo(days),
      created_at: daysAgo(days),
      updated_at: daysAgo(days),
    });
  add('a', 5, 60, ['title']);
  add('b', 5, 90, []);
}

async function openReport(user: ReturnType<typeof renderApp>['user']) {
  const read = await screen
    .findByRole('button', { name: /^(Read the project|Projekt einlesen)$/ }, READ)
    .catch(() => null);
  // The shell's later parts (the shortcuts, the navigation's badges and saved views) and their
  // words are in before the click: one that came during it would suspend inside the click's
  // synchronous act, which React reports as an error (seen on a busy CI machine).
  await settleShell();
  if (read) await user.click(read);
  // The cover's heading, in whatever language the report is in.
  const title = await screen.findByRole('heading', { level: 1, name: PROJECT }, READ);
  return title.closest('section')!;
}

// The page as index.html starts it (`<html lang="en">`), whichever test runs first.
beforeEach(() => act(() => switchLanguage('en')));

afterEach(async () => {
  await settleWords();
  cleanup();
  act(() => forgetInMemory());
  // The next test starts with no choice, and opens the workspace anew (moving what is old).
  await setReportLanguage(PROJECT, null);
  await setReportLanguage(OTHER, null);
  forgetWorkspaceInMemory();
  localStorage.clear();
  // The language is the page's, not the test's: back to English for the next one.
  await act(() => switchLanguage('en'));
});

it('follows the dashboard’s language until one is chosen, each language named in itself', async () => {
  await act(() => switchLanguage('de'));
  const { user } = renderApp(`/projects/${PROJECT}/report`, { prepare: addProject });
  await openReport(user);
  const control = screen.getByRole('combobox', { name: 'Sprache' });
  expect(control).toHaveValue('de');
  expect(
    within(control)
      .getAllByRole('option')
      .map((option) => option.textContent),
  ).toEqual(['English', 'Deutsch', 'Français', 'Español', 'Русский']);
  expect(within(control).getByRole('option', { name: 'Español' })).toHaveAttribute('lang', 'es');
  expect(screen.getByRole('heading', { level: 2, name: 'Die wichtigsten Probleme' })).toBeInTheDocument();
  expect(keptLanguage()).toBeUndefined();
});

it('writes the report in Spanish once chosen, its dates and words, while the dashboard stays English', async () => {
  const { user } = renderApp(`/projects/${PROJECT}/report`, { prepare: addProject });
  const englishCover = await openReport(user);
  const control = screen.getByRole('combobox', { name: 'Language' });
  expect(control).toHaveValue('en');
  expect(englishCover).toHaveTextContent(`Prepared ${medium('en', Date.now())}`);
  // The title is set once the report is on screen (an effect): on a busy machine a moment later.
  await waitFor(() => expect(document.title).toBe(`SEO report: ${PROJECT}`));

  await user.selectOptions(control, 'Español');

  expect(await screen.findByRole('heading', { level: 2, name: 'Principales problemas que corregir' })).toBeVisible();
  const cover = screen.getByRole('region', { name: 'Portada' });
  expect(cover).toHaveTextContent(`Elaborado el ${medium('es', Date.now())}`);
  expect(cover).toHaveTextContent('Informe SEO');
  expect(screen.getByRole('heading', { level: 2, name: /^Qué cambió del .+ al .+$/ })).toBeInTheDocument();
  // The shared parts' words too: check names, rating words, page counts, table headers.
  expect(screen.getByRole('heading', { level: 3, name: '1. Título' })).toBeInTheDocument();
  // Why the check matters and how to fix it: the checks' guidance, in the report's language too.
  const issue = screen.getByRole('heading', { level: 3, name: '1. Título' }).parentElement!;
  expect(issue).toHaveTextContent('El título es el titular que la gente ve en los resultados de búsqueda');
  expect(issue).toHaveTextContent('Dé a la página un único <title> de menos de 60 caracteres');
  expect(screen.getByText('Importancia: Alta · falla en 1 página (50 % del sitio)')).toBeVisible();
  const pages = screen.getByRole('table', { name: 'Todas las páginas con su puntuación, de menor a mayor' });
  expect(
    within(pages)
      .getAllByRole('columnheader')
      .map((cell) => cell.textContent),
  ).toEqual(['Página', 'Puntuación', 'Comprobaciones fallidas', 'Analizada']);
  expect(pages).toHaveTextContent('Aceptable 60');
  expect(pages).toHaveTextContent('Bueno 90');
  expect(pages).toHaveTextContent(medium('es', Date.parse(daysAgo(5))));
  // What the service sent stays as sent.
  expect(within(pages).getByRole('link', { name: `${PROJECT}/a` })).toBeInTheDocument();
  // The report's element says its language; the page and the dashboard around it keep theirs.
  expect(cover.closest('[lang]')).toHaveAttribute('lang', 'es');
  expect(document.documentElement).toHaveAttribute('lang', 'en');
  expect(screen.getByRole('navigation', { name: 'Main' })).toBeInTheDocument();
  expect(screen.getByRole('link', { name: 'Reports' })).toBeInTheDocument();
  // Printable once the report is in Spanish (the page is told after the render that shows it).
  await act(async () => {});
  expect(screen.getByRole('button', { name: 'Print / save as PDF' })).toBeEnabled();
  expect(screen.getByRole('combobox', { name: 'Language' })).toHaveValue('es');
  expect(document.title).toBe(`Informe SEO: ${PROJECT}`);
  expect(keptLanguage()).toBe('es');
});

it('keeps the choice per project in the workspace, over a remount', async () => {
  const first = renderApp(`/projects/${PROJECT}/report`, { prepare: addProject });
  await openReport(first.user);
  await first.user.selectOptions(screen.getByRole('combobox', { name: 'Language' }), 'Русский');
  expect(await screen.findByRole('heading', { level: 2, name: 'Главные проблемы' })).toBeVisible();
  first.unmount();

  const again = renderApp(`/projects/${PROJECT}/report`, { prepare: addProject });
  await openReport(again.user);
  expect(screen.getByRole('combobox', { name: 'Language' })).toHaveValue('ru');
  expect(screen.getByRole('heading', { level: 2, name: 'Главные проблемы' })).toBeVisible();
  expect(screen.getByRole('region', { name: 'Титульная страница' })).toHaveTextContent(
    `Подготовлено ${medium('ru', Date.now())}`,
  );
  again.unmount();

  // Another project: its own choice, none yet, so the dashboard's.
  renderApp(`/projects/${OTHER}/report`);
  await screen.findByRole('heading', { level: 1, name: `Client report of ${OTHER}` }, READ);
  expect(screen.getByRole('combobox', { name: 'Language' })).toHaveValue('en');
});

it('falls back to the dashboard’s language when what is kept is not a language it offers', async () => {
  localStorage.setItem(oldKey, '{"lang":"es"}');
  const { user } = renderApp(`/projects/${PROJECT}/report`, { prepare: addProject });
  await openReport(user);
  expect(screen.getByRole('combobox', { name: 'Language' })).toHaveValue('en');
  expect(screen.getByRole('heading', { level: 2, name: 'Top issues to fix' })).toBeVisible();
  await waitFor(() => expect(document.title).toBe(`SEO report: ${PROJECT}`));
  // It held no choice: gone with the move, and nothing moved.
  expect(localStorage.getItem(oldKey)).toBeNull();
  expect(keptLanguage()).toBeUndefined();
});

it('moves the language the version before kept on the device into the workspace, once', async () => {
  localStorage.setItem(oldKey, 'fr');
  localStorage.setItem(`${OLD_REPORT_LANGUAGE_PREFIX}${OTHER}`, 'de');
  const { user } = renderApp(`/projects/${PROJECT}/report`, { prepare: addProject });
  await openReport(user);
  expect(screen.getByRole('combobox', { name: 'Language' })).toHaveValue('fr');
  expect(await screen.findByRole('heading', { level: 2, name: 'Principaux problèmes à corriger' }, READ)).toBeVisible();
  expect(keptLanguage()).toBe('fr');
  expect(keptLanguage(OTHER)).toBe('de');
  expect(localStorage.getItem(oldKey)).toBeNull();
  expect(localStorage.getItem(`${OLD_REPORT_LANGUAGE_PREFIX}${OTHER}`)).toBeNull();
  expect(workspaceStore().moved()).toEqual({ kind: 'moved', pieces: 2 });
});
