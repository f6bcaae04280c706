import 'fake-indexeddb/auto';
import { act, cleanup, screen, waitFor, within } from '@testing-library/react';
import { forgetInMemory } from '../../src/features/audit/project-reader';
import { forgetWorkspaceInMemory, workspaceStore } from '../../src/features/workspace/store';
import { switchLanguage } from '../../src/lib/i18n/switch-language';
import type { Simulator } from '../../src/simulator';
import { latestRunsOf } from '../helpers/latest-runs';
import { renderApp } from '../helpers/render-app';
import { endInEnglish } from '../helpers/settle-words';

/**
 * A project's page in the analyst's language (issue 39): its headings, parts, table, counted words
 * and the watch form's dates in German, the reports counted in Russian in the right form, while
 * what the service sent (the project's name, the URLs) stays as sent.
 */
vi.setConfig({ testTimeout: 60_000 });
const READ = { timeout: 20_000 };

const PROJECT = 'shop.fourthcoffee.com';

afterEach(async () => {
  await endInEnglish();
  act(() => forgetInMemory());
  forgetWorkspaceInMemory();
});

it('says a project’s page in German, with the project’s name as sent', async () => {
  await act(() => switchLanguage('de'));
  const { simulator } = renderApp(`/projects/${PROJECT}`);

  const table = await screen.findByRole('table', { name: `Probleme von ${PROJECT}, größte Wirkung zuerst` }, READ);
  expect(document.documentElement).toHaveAttribute('lang', 'de');
  expect(screen.getByRole('heading', { level: 1, name: PROJECT })).toBeVisible();
  expect(screen.getByRole('heading', { level: 2, name: 'Gesundheit' })).toBeVisible();
  expect(screen.getByRole('heading', { level: 2, name: 'Probleme' })).toBeVisible();
  expect(screen.getByRole('link', { name: '← Alle Projekte' })).toBeVisible();
  const parts = screen.getByRole('navigation', { name: 'Bereiche des Projekts' });
  expect(
    within(parts)
      .getAllByRole('link')
      .map((link) => link.textContent),
  ).toEqual(['Probleme', 'Seiten', 'Segmente', 'Beobachtung und Plan', 'Projekt verwalten']);
  expect(
    within(table)
      .getAllByRole('columnheader')
      .map((cell) => cell.textContent),
  ).toEqual(['Problem', 'Gruppe', 'Wichtigkeit', 'Betroffene Seiten', 'Wirkung', 'Einstellungen']);

  // Counted words: the reports of the project, its pages, and the issues on them.
  const reports = simulator.store.reports().filter((report) => report.project === PROJECT).length;
  const pages = latestRunsOf(simulator, PROJECT).length;
  expect(screen.getByText(`${reports} Berichte`, { selector: '.project-summary' })).toBeVisible();
  expect(screen.getByRole('link', { name: `${pages} Seiten` })).toBeVisible();
  expect(screen.getByText('Älter als 30 Tage')).toBeVisible();
  expect(screen.getByText(new RegExp(`^\\d+ Probleme, auf ${pages} Seiten$`))).toBeVisible();
  expect(screen.getByRole('button', { name: 'Alle Probleme herunterladen (CSV)' })).toBeVisible();
  expect(screen.getByRole('combobox', { name: 'Wichtigkeit' })).toBeVisible();
});

it('says the watch form in German, with its earlier settings’ dates in German', async () => {
  await act(() => switchLanguage('de'));
  const { user } = renderApp(`/projects/${PROJECT}/watch`);
  const form = await screen.findByRole('form', { name: 'Beobachten und erneut analysieren' }, READ);
  expect(screen.getByRole('heading', { level: 2, name: 'Beobachten und erneut analysieren' })).toBeVisible();
  const target = within(form).getByLabelText('Ziel-Gesundheit');

  const save = async (value: string) => {
    await user.clear(target);
    await user.type(target, value);
    await user.click(within(form).getByRole('button', { name: 'Speichern' }));
    await within(form).findByText('Auf diesem Gerät gespeichert: Alle offenen Tabs des Dashboards übernehmen es.');
    await waitFor(() => expect(workspaceStore().read().workspace.projects[0]?.watch.target).toBe(Number(value)));
  };
  await save('80');
  await save('70');

  await user.click(await within(form).findByText('Frühere Einstellungen (1)'));
  const earlier = within(form).getByRole('list', { name: 'Frühere Einstellungen dazu, was Aufmerksamkeit braucht' });
  const [replaced] = within(earlier).getAllByRole('listitem');
  expect(replaced?.firstChild?.textContent).toBe(
    'Ziel 80; neue Fehler bei Prüfungen hoher Wichtigkeit markiert; Rückgänge markiert (Schwelle: 10)',
  );
  const day = new Intl.DateTimeFormat('de', { dateStyle: 'medium' }).format(Date.now());
  expect(day).toMatch(/^\d\d\.\d\d\.\d{4}$/);
  expect(replaced).toHaveTextContent(
    new RegExp(
      `festgelegt am ${day.replaceAll('.', '\\.')}, \\d\\d:\\d\\d, ersetzt am ${day.replaceAll('.', '\\.')}, \\d\\d:\\d\\d`,
    ),
  );

  // A number out of range: the rule's message in German.
  await user.clear(target);
  await user.type(target, '120');
  await user.click(within(form).getByRole('button', { name: 'Speichern' }));
  expect(await within(form).findByText('Das Ziel ist eine ganze Zahl von 0 bis 100.')).toBeVisible();
});

/** Three projects of 1, 2 and 5 reports, one page each. */
function addProjects(simulator: Simulator) {
  const { id: _id, ...template } = simulator.store.reports()[0]!;
  for (const count of [1, 2, 5]) {
    for (let page = 0; page < count; page += 1) {
      simulator.store.add({
        ...template,
        project: `zaehlen-${count}.example`,
        url: `zaehlen-${count}.example/${page}`,
      });
    }
  }
}

it('counts a project’s reports and pages in Russian in the right form for 1, 2 and 5', async () => {
  await act(() => switchLanguage('ru'));
  const said: Record<number, [reports: string, pages: string]> = {
    1: ['1 отчёт', '1 страница'],
    2: ['2 отчёта', '2 страницы'],
    5: ['5 отчётов', '5 страниц'],
  };
  for (const count of [1, 2, 5] as const) {
    renderApp(`/projects/zaehlen-${count}.example`, { prepare: addProjects });
    const [reports, pages] = said[count]!;
    expect(await screen.findByText(reports, { selector: '.project-summary' }, READ)).toBeVisible();
    expect(await screen.findByRole('link', { name: pages }, READ)).toBeVisible();
    expect(screen.getByRole('heading', { level: 2, name: 'Здоровье' })).toBeVisible();
    cleanup();
    act(() => forgetInMemory());
  }
});
