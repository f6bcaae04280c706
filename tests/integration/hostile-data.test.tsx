import { act, screen } from '@testing-library/react';
import type { SeedReport } from '../../src/simulator';
import { renderApp } from '../helpers/render-app';

/**
 * A hostile service (or a hostile page it analysed) must not be able to run anything in the
 * dashboard: markup and `javascript:` URLs in any field show as text, huge strings and odd
 * shapes do not break a page.
 */
const PWN = '<img src=x onerror="window.__pwned=1">';
const HUGE = 'a'.repeat(100_000);
const now = '2026-11-01T12:00:00.000000Z';

function hostile(overrides: Record<string, unknown>): SeedReport {
  return {
    url: 'example.com/ok',
    project: 'example.com',
    result: 50,
    results: {},
    privacy: 0,
    password: false,
    generated_at: now,
    created_at: now,
    updated_at: now,
    ...overrides,
  } as unknown as SeedReport;
}

const FIXTURES: SeedReport[] = [
  hostile({ url: 'javascript:window.__pwned=1', project: PWN }),
  hostile({ url: 'data:text/html,<script>window.__pwned=1</script>', project: 'data.example' }),
  hostile({ url: `<script>window.__pwned=1</script>`, project: '<script>window.__pwned=1</script>' }),
  hostile({ url: `example.com/${HUGE}`, project: `${HUGE}.example` }),
  hostile({
    url: 'example.com/checks',
    result: '<b>great</b>',
    results: {
      [PWN]: { passed: false, importance: 'high', value: PWN, errors: { [PWN]: { max: PWN } } },
      title: { passed: true, importance: 'high', value: 'javascript:window.__pwned=1' },
      headings: {
        passed: false,
        importance: 'medium',
        value: { h1: [PWN, HUGE], h2: [[{ deep: PWN }]] },
        errors: { too_many: { max: '<i>1</i>' } },
      },
      load_time: { passed: false, importance: 'low', value: 'not a number', errors: { too_slow: 'whatever' } },
      weird: [1, 2, { passed: 'yes' }],
      nothing: null,
    },
  }),
];

type Win = Window & { __pwned?: number };

function expectInert(container: HTMLElement) {
  expect((window as Win).__pwned).toBeUndefined();
  expect(container.querySelector('script, img, iframe, object, embed')).toBeNull();
  for (const link of container.querySelectorAll('a[href]')) {
    const href = link.getAttribute('href') ?? '';
    expect(href).not.toMatch(/^\s*(javascript|data|vbscript):/i);
  }
}

function render(path: string) {
  return renderApp(path, { prepare: (simulator) => simulator.store.replaceAll(FIXTURES) });
}

describe('hostile data', () => {
  afterEach(() => {
    delete (window as Win).__pwned;
  });

  it('is inert in the reports list', async () => {
    const { container } = render('/reports?per_page=25');
    await screen.findByRole('table');
    expect(screen.getAllByText('javascript:window.__pwned=1').length).toBeGreaterThan(0);
    expect(screen.getAllByText('<script>window.__pwned=1</script>').length).toBeGreaterThan(0);
    expect(screen.getByText(PWN)).toBeInTheDocument();
    expectInert(container);
  });

  it.each(FIXTURES.map((fixture, index) => [index, fixture.url.slice(0, 40)]))(
    'is inert on the page of hostile report %i (%s)',
    async (index) => {
      let id = 0;
      const { container, router } = renderApp('/settings', {
        prepare: (simulator) => {
          simulator.store.replaceAll(FIXTURES);
          id = simulator.store.reports()[index]?.id ?? 0;
        },
      });
      await act(() => router.navigate(`/reports/${id}`));
      expect(await screen.findByRole('heading', { level: 2, name: 'Check results' })).toBeInTheDocument();
      expectInert(container);
    },
  );

  it('is inert in the projects list and on a hostile project page', async () => {
    const list = render('/projects?per_page=25');
    await screen.findByRole('table');
    expect(screen.getAllByText('<script>window.__pwned=1</script>').length).toBeGreaterThan(0);
    expectInert(list.container);
    list.unmount();
    const page = render(`/projects/${encodeURIComponent(PWN)}`);
    expect(await screen.findByRole('heading', { level: 1, name: PWN })).toBeInTheDocument();
    await screen.findByRole('table');
    expectInert(page.container);
  });
});
