import { act, cleanup, screen, waitFor, within } from '@testing-library/react';
import { forgetInMemory } from '../../src/features/audit/project-reader';
import { renderApp, type SeenRequest } from '../helpers/render-app';

// A device that has read no project yet: the overview reads the account's projects in the
// background (docs/decisions/0105), says so in one message instead of three empty parts, and
// each part fills as the projects arrive.

/** Reading and aggregating a dozen projects takes a few steps each; this machine may be busy. */
const READ = { timeout: 40_000 };
vi.setConfig({ testTimeout: 90_000 });

// The page first: with it still there, a device with nothing read would start reading again.
afterEach(() => {
  cleanup();
  act(() => forgetInMemory());
});

const region = (name: string) => screen.queryByRole('region', { name });
/** A project's read for its audit: the reports list of one project, newest first. */
const auditRead = (request: SeenRequest) =>
  request.method === 'GET' && request.url.pathname === '/api/v1/reports' && request.url.searchParams.has('project');
const projectOf = (request: SeenRequest) => request.url.searchParams.get('project');

describe('the overview on a fresh device', () => {
  it('shows one message with its progress, then fills Needs attention, Health over time and Most common issues', async () => {
    let smallest = '';
    let releaseFirst = () => {};
    let releaseRest = () => {};
    const { simulator, requests, user } = renderApp('/', {
      prepare: (sim, hold) => {
        const projects = sim.store.projects();
        smallest = [...projects].sort((a, b) => a.reports - b.reports || (a.project < b.project ? -1 : 1))[0]!.project;
        releaseFirst = hold((request) => auditRead(request) && projectOf(request) === smallest);
        releaseRest = hold((request) => auditRead(request) && projectOf(request) !== smallest);
      },
    });
    const projects = simulator.store.projects();
    const reports = simulator.store.reports().length;

    // One message, with the figures of the projects list: nothing is read yet.
    const message = await screen.findByText(
      `Reading this account’s projects in the background: 0 of ${projects.length} projects, 0 of ${reports} reports`,
      undefined,
      READ,
    );
    expect(message).toBeVisible();
    expect(screen.getByRole('progressbar', { name: 'Reports read' })).toBeVisible();
    expect(screen.getByRole('button', { name: 'Stop reading' })).toBeVisible();
    // Instead of three parts that each say nothing is read.
    expect(screen.queryByRole('heading', { name: 'No project read on this device yet' })).toBeNull();
    expect(screen.queryByText(/^No project has been read on this device yet/)).toBeNull();
    expect(region('Needs attention')).toBeNull();
    expect(region('Health over time')).toBeNull();
    expect(region('Most common issues')).toBeNull();
    // The figures the service gives are there meanwhile.
    expect(await within(region('Reports by rating')!).findByRole('link', { name: `${reports} reports` })).toBeVisible();

    // The first project in (the smallest: the most projects arrive soonest): the parts show it.
    releaseFirst();
    const first = projects.find((project) => project.project === smallest)!;
    await screen.findByText(
      `Reading this account’s projects in the background: 1 of ${projects.length} projects, ${first.reports} of ${reports} reports`,
      undefined,
      READ,
    );
    const issues = await screen.findByRole('region', { name: 'Most common issues' }, READ);
    expect(within(issues).getByText(/^Across the project read on this device:/)).toHaveTextContent(smallest);
    expect(
      await within(region('Needs attention')!).findByText(/across the project read on this device/, undefined, READ),
    ).toBeVisible();

    // Every project in: the message says so (in the same place, until closed), the parts cover them all.
    releaseRest();
    expect(
      await screen.findByText(
        `Read this account’s projects in the background: ${projects.length} of ${projects.length} projects, ${reports} of ${reports} reports.`,
        undefined,
        READ,
      ),
    ).toBeVisible();
    expect(screen.queryByText(/^Reading this account’s projects in the background:/)).toBeNull();
    expect(
      await within(region('Most common issues')!).findByText(
        new RegExp(`^Across the ${projects.length} projects read on this device`),
        undefined,
        READ,
      ),
    ).toBeVisible();
    expect(await screen.findByRole('img', { name: 'Health of the account over time' }, READ)).toBeVisible();
    expect(
      await within(region('Needs attention')!).findByText(
        new RegExp(`across the ${projects.length} projects read on this device`),
        undefined,
        READ,
      ),
    ).toBeVisible();

    // Over the wire: the projects list once (the overview's own), each project read once, smallest
    // first, and only after the overview's own requests.
    const sent = requests.filter((request) => request.method === 'GET');
    expect(sent.filter((request) => request.url.pathname === '/api/v1/projects')).toHaveLength(1);
    const reads = sent.filter(auditRead).map(projectOf);
    expect(reads).toEqual(
      [...projects]
        .sort((a, b) => a.reports - b.reports || (a.project < b.project ? -1 : 1))
        .map((project) => project.project),
    );
    const firstRead = sent.findIndex(auditRead);
    const overviewOwn = sent.filter((request) => !auditRead(request));
    expect(overviewOwn.length).toBeGreaterThanOrEqual(5);
    expect(overviewOwn.slice(0, 5).every((request) => sent.indexOf(request) < firstRead)).toBe(true);

    // The parts came after the account's figures, and stay there during this visit.
    const regions = screen.getAllByRole('region').map((element) => element.getAttribute('aria-labelledby'));
    expect(regions.indexOf('overview-attention-title')).toBeGreaterThan(regions.indexOf('overview-projects-title'));
    await user.click(screen.getByRole('button', { name: 'Close' }));
    expect(screen.queryByText(/^Read this account’s projects in the background/)).toBeNull();
  });

  it('stops when asked, keeps what was read, and says how far it got', async () => {
    let release = () => {};
    const { user, requests } = renderApp('/', {
      prepare: (sim, hold) => {
        const projects = sim.store.projects();
        const smallest = [...projects].sort((a, b) => a.reports - b.reports || (a.project < b.project ? -1 : 1))[0]!;
        // Every project but the smallest waits.
        release = hold((request) => auditRead(request) && projectOf(request) !== smallest.project);
      },
    });
    await screen.findByText(/in the background: 1 of \d+ projects/, undefined, READ);
    // The second project's read is out (and held).
    await waitFor(() => expect(requests.filter(auditRead)).toHaveLength(2));
    await user.click(screen.getByRole('button', { name: 'Stop reading' }));
    expect(await screen.findByText(/^Reading this account’s projects stopped: 1 of \d+ projects/)).toBeVisible();
    expect(screen.getByRole('button', { name: 'Go on reading' })).toBeVisible();
    // The project being read was given up; nothing more is sent, even once the service answers.
    expect(requests.filter(auditRead)[1]?.signal?.aborted).toBe(true);
    // The held answers come now: whatever they set off renders inside act (the overview's parts
    // follow the audit's store), not in the pause after it.
    await act(async () => {
      release();
      await new Promise((resolve) => setTimeout(resolve, 200));
    });
    expect(requests.filter(auditRead)).toHaveLength(2);
    // What was read shows.
    expect(await screen.findByRole('region', { name: 'Most common issues' }, READ)).toBeVisible();
  });
});
