import { act, screen, waitFor, within } from '@testing-library/react';
import { forgetInMemory } from '../../src/features/audit/project-reader';
import { renderApp, type SeenRequest } from '../helpers/render-app';

/**
 * A project's page in parts (docs/decisions/0097): each at its own address, reached from one
 * navigation, the health above them; addresses of the page of before go to the part they meant.
 * And a first read shows its issues as it goes (docs/decisions/0098), each section rendering
 * only when what it shows changes.
 */

const READ = { timeout: 20_000 };
vi.setConfig({ testTimeout: 60_000 });

const PROJECT = 'shop.fourthcoffee.com';
const isRead = (r: SeenRequest) => r.url.searchParams.get('sort_by') === 'generated_at';

// Every render of a section that shows the audit (health, issues, pages, segments) goes through
// useShownAudit; the read panel is the one section a read's progress is for.
const renders = vi.hoisted(() => ({ shownAudit: 0, readPanel: 0 }));
vi.mock('../../src/features/project-pages/project-view', async (importOriginal) => {
  const original = await importOriginal<typeof import('../../src/features/project-pages/project-view')>();
  return {
    ...original,
    useShownAudit: (project: string) => {
      renders.shownAudit += 1;
      return original.useShownAudit(project);
    },
  };
});
vi.mock('../../src/features/project-pages/components/read-panel', async (importOriginal) => {
  const original = await importOriginal<typeof import('../../src/features/project-pages/components/read-panel')>();
  return {
    ReadPanel: (props: Parameters<typeof original.ReadPanel>[0]) => {
      renders.readPanel += 1;
      return original.ReadPanel(props);
    },
  };
});

afterEach(() => act(() => forgetInMemory()));

const issuesTable = () => screen.findByRole('table', { name: `Issues of ${PROJECT}, highest impact first` }, READ);
const parts = () => screen.getByRole('navigation', { name: 'Parts of the project' });

describe('a project’s page in parts', () => {
  it('shows the health above its parts, each at its own address, the one shown marked as current', async () => {
    const { user, router } = renderApp(`/projects/${PROJECT}`);
    await issuesTable();
    const health = screen.getByRole('region', { name: 'Health' });
    expect(health.compareDocumentPosition(parts()) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    const links = within(parts()).getAllByRole('link');
    expect(links.map((link) => link.textContent)).toEqual([
      'Issues',
      'Pages',
      'Segments',
      'Watch and plan',
      'Manage project',
    ]);
    expect(within(parts()).getByRole('link', { name: 'Issues' })).toHaveAttribute('aria-current', 'page');

    const visits: [string, string, string][] = [
      ['Segments', `/projects/${PROJECT}/segments`, 'Segments'],
      ['Watch and plan', `/projects/${PROJECT}/watch`, 'Watch and re-analyse'],
      ['Manage project', `/projects/${PROJECT}/settings`, 'Manage project'],
      ['Pages', `/projects/${PROJECT}/pages`, 'Pages'],
    ];
    for (const [link, pathname, heading] of visits) {
      await user.click(within(parts()).getByRole('link', { name: link }));
      expect(await screen.findByRole('heading', { level: 2, name: heading })).toBeVisible();
      expect(router.state.location.pathname).toBe(pathname);
      expect(within(parts()).getByRole('link', { name: link })).toHaveAttribute('aria-current', 'page');
      expect(within(parts()).getAllByRole('link', { current: 'page' })).toHaveLength(1);
      // Each part renders only itself: the issues are not on the page meanwhile.
      expect(screen.queryByRole('table', { name: /^Issues of/ })).not.toBeInTheDocument();
      expect(screen.getByRole('region', { name: 'Health' })).toBeVisible();
    }
    expect(screen.queryByRole('button', { name: 'Delete project' })).not.toBeInTheDocument();
  });

  it('keeps a part’s view in the address, and finds it again when coming back to the part', async () => {
    const { user, router } = renderApp(`/projects/${PROJECT}/pages`);
    await user.selectOptions(await screen.findByRole('combobox', { name: 'Result' }), 'bad');
    await waitFor(() => expect(router.state.location.search).toBe('?result=bad'));
    await user.click(within(parts()).getByRole('link', { name: 'Issues' }));
    await issuesTable();
    await user.selectOptions(screen.getByRole('combobox', { name: 'Importance' }), 'High');
    await waitFor(() => expect(router.state.location.search).toBe('?importance=high'));
    expect(router.state.location.pathname).toBe(`/projects/${PROJECT}`);
    // Back to the pages: as they were left; and the issues' filter is in their link.
    await user.click(within(parts()).getByRole('link', { name: 'Pages' }));
    await waitFor(() => expect(router.state.location.search).toBe('?result=bad'));
    expect(within(parts()).getByRole('link', { name: 'Issues' })).toHaveAttribute(
      'href',
      `/projects/${PROJECT}?importance=high#project-parts`,
    );
  });

  it('reads the issues’ filters from the address (a shared link, a reload)', async () => {
    renderApp(`/projects/${PROJECT}?group=performance&importance=medium`);
    const table = await issuesTable();
    expect(screen.getByRole('combobox', { name: 'Group' })).toHaveDisplayValue('Performance');
    expect(screen.getByRole('combobox', { name: 'Importance' })).toHaveDisplayValue('Medium');
    for (const row of within(table).getAllByRole('row').slice(1))
      expect(within(row).getAllByRole('cell')[2]).toHaveTextContent('Medium');
  });

  it('takes an address of the page of before to the part it meant, with its view', async () => {
    const { router } = renderApp(`/projects/${PROJECT}?result=bad&sort=asc`);
    await waitFor(() => expect(router.state.location.pathname).toBe(`/projects/${PROJECT}/pages`));
    expect(router.state.location.search).toBe('?result=bad&sort=asc');
    expect(await screen.findByRole('combobox', { name: 'Result' })).toHaveValue('bad');

    await act(() => router.navigate(`/projects/${PROJECT}#project-segments-title`));
    await waitFor(() => expect(router.state.location.pathname).toBe(`/projects/${PROJECT}/segments`));
    await act(() => router.navigate(`/projects/${PROJECT}?segment=x#project-watch-title`));
    await waitFor(() => expect(router.state.location.pathname).toBe(`/projects/${PROJECT}/watch`));
    expect(router.state.location.search).toBe('?segment=x');
  });
});

describe('a first read', () => {
  it('shows the issues and the health of what it has read so far, marked partial, then the whole', async () => {
    let release = () => {};
    const { simulator } = renderApp(`/projects/${PROJECT}`, {
      // Over 100 reports: the second page's answer waits, so the first is all there is for a while.
      simulator: { reportCount: 1000 },
      prepare: (_, hold) => (release = hold((r) => isRead(r) && r.url.searchParams.get('page') === '2')),
    });
    const total = simulator.store.reports().filter((r) => r.project === PROJECT).length;
    expect(total).toBeGreaterThan(100);
    const words = `Partial: from 100 of ${total.toLocaleString('en')} reports read so far. It is complete when the read ends.`;
    // The words are one paragraph ("Partial:" in bold).
    const partial = (_: string, element: Element | null) => element?.tagName === 'P' && element.textContent === words;

    const issues = await screen.findByRole('region', { name: 'Issues' });
    expect(await within(issues).findByText(partial, undefined, READ)).toBeVisible();
    expect(within(issues).getByRole('table', { name: `Issues of ${PROJECT}, highest impact first` })).toBeVisible();
    const health = screen.getByRole('region', { name: 'Health' });
    expect(within(health).getByText(partial)).toBeVisible();
    expect(within(health).getByText('(from 100 reports)')).toBeVisible();
    expect(screen.getByText(`100 of ${total.toLocaleString('en')} reports read`)).toBeVisible();

    release();
    // When the read ends: the whole audit, no longer marked.
    expect(
      await within(health).findByText(`(from ${total.toLocaleString('en')} reports)`, undefined, READ),
    ).toBeVisible();
    expect(screen.queryByText(/^Partial:/)).not.toBeInTheDocument();
    expect(await issuesTable()).toBeVisible();
  });

  it('renders the read panel, not the audit’s sections, as a read goes on without changing the audit', async () => {
    let release = () => {};
    const { user, hold } = renderApp(`/projects/${PROJECT}`, { simulator: { reportCount: 1000 } });
    await issuesTable();
    // A read of everything again keeps the audit shown until it ends: its pages change only the panel.
    release = hold((r) => isRead(r) && r.url.searchParams.get('page') === '2');
    const before = { ...renders };
    await user.click(await screen.findByRole('button', { name: 'Read everything again' }, READ));
    expect(await screen.findByText(/^100 of [\d,]+ reports read$/, undefined, READ)).toBeVisible();
    expect(renders.readPanel).toBeGreaterThan(before.readPanel);
    expect(renders.shownAudit).toBe(before.shownAudit);
    release();
    await screen.findByText(/checked for changes/, undefined, READ);
  });
});
