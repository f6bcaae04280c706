import 'fake-indexeddb/auto';
import { act, screen, within } from '@testing-library/react';
import { forgetInMemory } from '../../src/features/audit/project-reader';
import { forgetWorkspaceInMemory } from '../../src/features/workspace/store';
import { switchCheckOff } from '../../src/features/workspace/check-actions';
import { switchLanguage } from '../../src/lib/i18n/switch-language';
import type { CheckResults, Simulator } from '../../src/simulator';
import { renderApp } from '../helpers/render-app';
import { endInEnglish, settleShell } from '../helpers/settle-words';

/**
 * A project's segments and what is set aside in it, in the analyst's language (issue 39): the
 * segments' editor (labels, a refused name, what a pattern takes or why it cannot be read, the
 * table) in German, the count of what a pattern takes with the plural Russian needs, and the list
 * of what is set aside in German; the segment's name and the analyst's reason stay as typed.
 */
const READ = { timeout: 20_000 };
vi.setConfig({ testTimeout: 60_000 });

const PROJECT = 'sprache-segmente.example';
const DAY = 24 * 3600 * 1000;
const daysAgo = (days: number) => new Date(Date.now() - days * DAY).toISOString();

/** Four pages: two in the blog (failing Title), a product page and an about page. */
function addProject(simulator: Simulator, project = PROJECT) {
  const { id: _id, ...template } = simulator.store.reports()[0]!;
  const results = (failing: string[]): CheckResults => {
    const all: CheckResults = {};
    for (const [name, check] of Object.entries(template.results)) all[name] = { ...check, passed: true, errors: {} };
    for (const name of failing)
      all[name] = { passed: false, importance: 'high', value: null, errors: { failed: null } };
    return all;
  };
  const add = (path: string, result: number, failing: string[]) =>
    simulator.store.add({
      ...template,
      url: `${project}${path}`,
      project,
      privacy: 0,
      result,
      results: results(failing),
      generated_at: daysAgo(2),
      created_at: daysAgo(2),
      updated_at: daysAgo(2),
    });
  add('/blog/eins', 80, ['title']);
  add('/blog/zwei', 60, ['title', 'meta_description']);
  add('/produkte/schuh', 40, ['load_time']);
  add('/ueber-uns', 100, []);
}

afterEach(async () => {
  await endInEnglish();
  act(() => forgetInMemory());
  forgetWorkspaceInMemory();
});

const segmentsPart = `/projects/${PROJECT}/segments`;

/**
 * Until the project's reports are read, the page above the segments (its health) renders anew,
 * and may wait for words of its own; so may the shell's later parts (the shortcuts, the
 * navigation's badges) as their code comes: typing meanwhile would make one wait inside an event.
 */
async function projectRead() {
  await screen.findByText(/^4\s/, { selector: '.health__figures a' }, READ);
  await settleShell();
}

it('edits segments in German: labels, a refusal, what a pattern takes and why one cannot be read', async () => {
  await switchLanguage('de');
  const { user } = renderApp(segmentsPart, { prepare: (simulator) => addProject(simulator) });

  const add = await screen.findByRole('form', { name: 'Segment hinzufügen' }, READ);
  await projectRead();
  expect(within(add).getByRole('heading', { name: 'Segment hinzufügen' })).toBeVisible();
  const name = within(add).getByRole('textbox', { name: 'Name' });
  const pattern = within(add).getByRole('textbox', { name: /^Muster/ });
  expect(pattern).toHaveAccessibleDescription(expect.stringMatching(/^Ein Pfadanfang wie \/blog\//));

  // A pattern without its leading slash: the rule, in German, as it is typed and when sent.
  await user.type(pattern, 'blog/');
  expect(within(add).getByText(/^Beginnen Sie einen Pfad mit \//)).toBeInTheDocument();
  await user.click(within(add).getByRole('button', { name: 'Segment hinzufügen' }));
  expect(name).toHaveAccessibleDescription('Geben Sie dem Segment einen Namen.');
  expect(pattern).toHaveAccessibleDescription(expect.stringMatching(/Beginnen Sie einen Pfad mit \//));

  // What a pattern takes, counted as the reports are read.
  await user.clear(pattern);
  await user.type(pattern, '/blgo/');
  expect(within(add).getByText(/^Trifft auf keine der 4 eingelesenen Seiten zu: Prüfen Sie das Muster/)).toBeVisible();
  await user.clear(pattern);
  await user.type(pattern, '/blog/*');
  expect(within(add).getByText('Trifft auf 2 von 4 Seiten zu.')).toBeInTheDocument();

  // Added: its name as typed, its table in German.
  await user.type(name, 'Blog-Bereich');
  await user.click(within(add).getByRole('button', { name: 'Segment hinzufügen' }));
  expect(await within(add).findByText(/^Blog-Bereich hinzugefügt: auf diesem Gerät gespeichert/)).toBeVisible();
  const table = await screen.findByRole('table', {
    name: `Segmente von ${PROJECT}: Seiten und Gesundheit jedes Segments`,
  });
  expect(
    within(table)
      .getAllByRole('columnheader')
      .map((header) => header.textContent),
  ).toEqual(['Segment', 'Muster', 'Seiten', 'Gesundheit', 'Probleme', 'Veränderung']);
  expect(within(table).getByRole('link', { name: 'Audit des Segments Blog-Bereich' })).toHaveTextContent(
    'Blog-Bereich',
  );
  expect(within(table).getByRole('link', { name: 'Was sich in Blog-Bereich geändert hat' })).toHaveTextContent(
    'Was sich geändert hat',
  );

  // The same name again is refused, in German.
  await user.type(name, 'Blog-Bereich');
  await user.type(pattern, '/ueber-uns');
  await user.click(within(add).getByRole('button', { name: 'Segment hinzufügen' }));
  await within(add).findByText('Ein anderes Segment dieses Projekts hat diesen Namen.');
  expect(screen.getByRole('heading', { name: 'Umbenennen oder entfernen' })).toBeVisible();
  expect(screen.getByRole('button', { name: 'Blog-Bereich entfernen' })).toHaveTextContent('Entfernen');
});

it('counts the pages a pattern takes in Russian with the plural it needs', async () => {
  await switchLanguage('ru');
  const { user } = renderApp(segmentsPart, { prepare: (simulator) => addProject(simulator) });

  const add = await screen.findByRole('form', { name: 'Добавить сегмент' }, READ);
  await projectRead();
  const pattern = within(add).getByRole('textbox', { name: /^Шаблон/ });
  await user.type(pattern, '/blgo/');
  // 4: the "few" form (страниц), not the "one" (страницы) nor English's.
  expect(within(add).getByText(/^Не соответствует ни одной из 4 прочитанных страниц: проверьте шаблон/)).toBeVisible();
  await user.clear(pattern);
  await user.type(pattern, '/produkte/');
  expect(within(add).getByText('Соответствует 1 из 4 страниц.')).toBeInTheDocument();
});

it('lists what is set aside in a project in German, the reason as the analyst wrote it', async () => {
  await switchLanguage('de');
  renderApp(`/projects/${PROJECT}`, { prepare: (simulator) => addProject(simulator) });
  await screen.findByRole('table', { name: /^Probleme von/ }, READ);
  await act(() => switchCheckOff(PROJECT, 'title', 'So gewollt, siehe Ticket 12'));

  const section = (await screen.findByRole('heading', { name: 'In diesem Projekt ausgenommen' }, READ)).closest(
    'section',
  ) as HTMLElement;
  expect(
    within(section).getByText(
      'Nicht in der Schätzung des Dashboards berücksichtigt. Der Dienst zählt sie weiterhin in seiner eigenen Bewertung.',
    ),
  ).toBeVisible();
  const list = within(section).getByRole('list', { name: 'Ausgeschaltete Prüfungen' });
  const today = new Intl.DateTimeFormat('de', { dateStyle: 'medium' }).format(Date.now());
  expect(within(list).getByText('Ausgeschaltet')).toBeVisible();
  expect(within(list).getByRole('listitem')).toHaveTextContent(
    `So gewollt, siehe Ticket 12 · nicht erfüllt auf 2 Seiten · seit ${today}`,
  );
  expect(within(list).getByRole('button', { name: /^.+ wieder zählen$/ })).toHaveTextContent('Wieder zählen');
  // The estimate beside the service's score, in German.
  expect(screen.getByRole('group', { name: 'Schätzung des Dashboards, ohne das Ausgenommene' })).toBeVisible();
});

it('says in German that the segment the address asks for is not one, the address’s text as it came', async () => {
  await switchLanguage('de');
  // Another project: the device keeps segments of the first (the fake IndexedDB lasts the file).
  const project = 'ohne-segmente.example';
  renderApp(`/projects/${project}?segment=Bl%C3%B6g`, { prepare: (simulator) => addProject(simulator, project) });
  expect(
    await screen.findByText(
      'Die Adresse verlangt ein Segment, „Blög“, aber dieses Projekt hat auf diesem Gerät keines: Alle Seiten werden gezeigt.',
      undefined,
      READ,
    ),
  ).toBeVisible();
});
