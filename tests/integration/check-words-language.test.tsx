import { act, screen, within } from '@testing-library/react';
import { switchLanguage } from '../../src/lib/i18n/switch-language';
import { createSimulator, type CheckResults, type Simulator } from '../../src/simulator';
import { renderApp } from '../helpers/render-app';
import { endInEnglish } from '../helpers/settle-words';

/**
 * The checks' words in the analyst's language (the `checks` catalog: lib/checks.ts,
 * lib/check-guide.ts, docs/decisions/0112): a report page in German says the checks' titles, what
 * was found against what is expected, and why each matters and how to fix it in German, the HTML
 * of a guide as written; what the service sent (the detail of a code the dashboard does not
 * know) stays as sent. In Russian, a counted value takes the plural it needs.
 */
vi.setConfig({ testTimeout: 60_000 });
const PAGE_LOAD = { timeout: 20_000 };

const SERVICE_SAYS = 'Nur der Dienst weiß das';

/** One report of a page failing four checks, one of them with a code the dashboard does not know. */
function addReport(simulator: Simulator): number {
  const { id: _id, ...template } = simulator.store.reports()[0]!;
  const results: CheckResults = {};
  for (const [name, result] of Object.entries(template.results))
    results[name] = { ...result, passed: true, errors: undefined };
  results.meta_description = { passed: false, importance: 'high', value: null, errors: { missing: null } };
  results.load_time = { passed: false, importance: 'high', value: 2.75, errors: { too_slow: { max: 2 } } };
  results.in_page_links = {
    passed: false,
    importance: 'medium',
    value: { count: 22, internal: 20, external: 2 },
    errors: { too_many: { max: 20 } },
  };
  results.headings = {
    passed: false,
    importance: 'low',
    value: { h1: ['Kaffee'] },
    errors: { service_only_code: SERVICE_SAYS },
  };
  return simulator.store.add({ ...template, url: 'beispiel.example/kaffee', results }).id;
}

// The same id in every simulator made from the same seed.
const reportId = addReport(createSimulator());

/** A failed check on the page, by its title. */
const checkNamed = (name: string) => screen.getByRole('heading', { level: 3, name }).closest('li') as HTMLElement;

afterEach(async () => {
  // The page's later parts (its printed branding, the set-aside note) come inside act() too.
  await act(() => new Promise((resolve) => setTimeout(resolve, 300)));
  await endInEnglish();
});

it('counts what a check found in Russian with the plural it needs', async () => {
  await act(() => switchLanguage('ru'));
  renderApp(`/reports/${reportId}`, { prepare: addReport });

  expect(await screen.findByRole('heading', { level: 3, name: 'Ссылки на странице' }, PAGE_LOAD)).toBeVisible();
  expect(within(checkNamed('Ссылки на странице')).getByText('22 ссылки, должно быть не больше 20.')).toBeVisible();
  expect(within(checkNamed('Время загрузки')).getByText('2,75 с, должно быть меньше 2 с.')).toBeVisible();
});

it('says the checks’ titles, findings and guidance in German, the service’s words as sent', async () => {
  await act(() => switchLanguage('de'));
  renderApp(`/reports/${reportId}`, { prepare: addReport });

  expect(await screen.findByRole('heading', { level: 3, name: 'Meta-Beschreibung' }, PAGE_LOAD)).toBeVisible();
  const meta = checkNamed('Meta-Beschreibung');
  expect(within(meta).getByText('Keine Meta-Beschreibung, eine Seite sollte eine haben.')).toBeVisible();
  expect(meta).toHaveTextContent(
    'Suchmaschinen zeigen die Meta-Beschreibung oft unter dem Titel in ihren Ergebnissen; eine klare bringt Menschen zum Klicken.',
  );
  // The HTML of a guide is text, shown as written: never an element of the page.
  expect(meta).toHaveTextContent(
    'Fügen Sie <meta name="description" content="…"> mit ein oder zwei Sätzen unter 160 Zeichen hinzu',
  );
  expect(meta.querySelector('meta')).toBeNull();
  expect(within(meta).getByText('SEO')).toBeVisible();

  const load = checkNamed('Ladezeit');
  expect(within(load).getByText('2,75 s, sollte unter 2 s liegen.')).toBeVisible();
  expect(within(load).getByText('Performance')).toBeVisible();

  expect(within(checkNamed('Links auf der Seite')).getByText('22 Links, sollte höchstens 20 sein.')).toBeVisible();

  // A code the dashboard does not know: its name made readable, the service's detail as sent.
  expect(within(checkNamed('Überschriften')).getByText(`Service only code: ${SERVICE_SAYS}.`)).toBeInTheDocument();
});
