import 'fake-indexeddb/auto';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { clear, createStore, keys, set } from 'idb-keyval';
import { createMemoryRouter, RouterProvider } from 'react-router';
import type { Report } from '../../src/api';
import { aggregateProjectAudit } from '../../src/features/audit/aggregate';
import { saveSnapshot } from '../../src/features/audit/device-store';
import type { ProjectSnapshot } from '../../src/features/audit/types';
import { forgetAskingInThisPage } from '../../src/features/device-storage/ask-to-keep';
import { KEPT_CHANNEL } from '../../src/features/device-storage/kept-changes';
import { forgetCheckInThisPage, MARKER_KEY } from '../../src/features/device-storage/marker';
import { KeptOnDevice, KeptRemovedNotice } from '../../src/features/kept-on-device';

// The settings page's "Kept on this device", over the real stores in (fake) IndexedDB: the figures,
// the retention rules' preview and confirmation, another tab's changes, the browser's promise, and
// the notice when the browser removed what was kept since the last visit.

const DAY = 24 * 3600 * 1000;
const daysAgo = (days: number) => new Date(Date.now() - days * DAY).toISOString();

const auditStore = () => createStore('seo-dashboard-audit', 'projects');
const resultStore = () => createStore('seo-dashboard-previous-results', 'results');
const markerStore = () => createStore('seo-dashboard-kept-marker', 'marker');

const report = (id: string, url: string): Report => ({
  id,
  url,
  project: 'example.com',
  score: 50,
  rating: null,
  checks: [],
  privacy: 'public',
  hasPassword: false,
  generatedAt: '2026-10-01T10:00:00Z',
  createdAt: '2026-10-01T10:00:00Z',
  updatedAt: '2026-10-01T10:00:00Z',
});
const snapshot = (project: string, readAt: string): ProjectSnapshot => ({ project, readAt, total: 0, reports: [] });

/** Two kept audits and five earlier results, on two pages, of various ages. */
async function keepSome() {
  const audit = aggregateProjectAudit([], Date.now());
  await saveSnapshot('demo', snapshot('old.example', daysAgo(400)), audit);
  await saveSnapshot('demo', snapshot('new.example', daysAgo(2)), audit);
  const keep = (id: string, url: string, keptAt: string) =>
    set(['demo', id], { report: report(id, url), keptAt }, resultStore());
  await keep('r1', 'https://example.com/', daysAgo(1));
  await keep('r2', 'https://example.com/', daysAgo(2));
  await keep('r3', 'https://example.com/', daysAgo(3));
  await keep('r4', 'https://example.com/about', daysAgo(500));
  await keep('r5', 'https://example.com/about', daysAgo(10));
}

const keptAudits = async () =>
  (await keys(auditStore()))
    .filter((key) => Array.isArray(key) && key[0] === 'meta')
    .map((key) => (key as string[])[2]);
const keptResults = async () => (await keys(resultStore())).map((key) => (key as string[])[1]).sort();

const row = (name: string) => screen.getByRole('row', { name: new RegExp(`^${name}`) });
/** The figures are read again after every change: wait until the last reading is on screen. */
const figuresSettled = () =>
  waitFor(() =>
    expect(screen.getByRole('heading', { name: 'Kept on this device' }).nextElementSibling).toHaveAttribute(
      'aria-busy',
      'false',
    ),
  );

beforeEach(async () => {
  await Promise.all([clear(auditStore()), clear(resultStore()), clear(markerStore())]);
  forgetCheckInThisPage();
  forgetAskingInThisPage();
});
afterEach(() => {
  Reflect.deleteProperty(navigator, 'storage');
});

async function renderPart() {
  const user = userEvent.setup();
  render(<KeptOnDevice />);
  await screen.findByRole('heading', { name: 'Kept on this device' });
  return user;
}

async function preview(user: ReturnType<typeof userEvent.setup>, runs: string, months: string) {
  await user.clear(screen.getByLabelText('Runs to keep per page'));
  await user.type(screen.getByLabelText('Runs to keep per page'), runs);
  await user.clear(screen.getByLabelText('Remove what is older than (months)'));
  await user.type(screen.getByLabelText('Remove what is older than (months)'), months);
  await user.click(screen.getByRole('button', { name: 'Preview what would go' }));
}

describe('Kept on this device', () => {
  it('says so when nothing is kept yet', async () => {
    await renderPart();
    expect(await screen.findByText(/^Nothing is kept on this device yet\./)).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  it('shows how much each kind holds, then removes exactly what was previewed', async () => {
    await keepSome();
    const user = await renderPart();
    await waitFor(() => expect(row('Kept audits')).toHaveTextContent(/2 projects\s*[\d.]+ bytes|2 projects.*kB/));
    expect(row('Results before a re-analysis')).toHaveTextContent('5 reports');
    expect(row('Jobs')).toHaveTextContent('0 jobs');

    // Newest 2 runs of each page, nothing older than 12 months: the old project's read, the
    // third run of the home page, and the about page's 500-day-old run.
    await preview(user, '2', '12');
    const status = await screen.findByText(/would be removed/);
    expect(status).toHaveTextContent(/^1 kept audit and 2 earlier results would be removed, [\d.]+ (bytes|kB)\.$/);
    expect(await keptResults()).toEqual(['r1', 'r2', 'r3', 'r4', 'r5']);

    await user.click(screen.getByRole('button', { name: 'Remove them' }));
    expect(await screen.findByText('Removed 1 kept audit and 2 earlier results.')).toBeInTheDocument();
    // The figures follow.
    await figuresSettled();
    expect(row('Kept audits')).toHaveTextContent('1 project');
    expect(row('Results before a re-analysis')).toHaveTextContent('3 reports');
    expect(await keptAudits()).toEqual(['new.example']);
    expect(await keptResults()).toEqual(['r1', 'r2', 'r5']);
    // The rules were remembered on this device.
    expect(JSON.parse(localStorage.getItem('seo-dashboard.retention') ?? '{}')).toEqual({ keepRuns: 2, maxMonths: 12 });
  });

  it('keeps everything when the preview is cancelled, and refuses rules out of bounds', async () => {
    await keepSome();
    const user = await renderPart();
    await preview(user, '1', '1');
    expect(await screen.findByText(/^1 kept audit and 3 earlier results would be removed/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByText(/would be removed/)).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Remove them' })).not.toBeInTheDocument();
    expect(await keptAudits()).toEqual(['new.example', 'old.example']);
    expect(await keptResults()).toEqual(['r1', 'r2', 'r3', 'r4', 'r5']);

    await preview(user, '0', '200');
    expect(await screen.findByText('Enter a whole number of runs from 1 to 100.')).toBeInTheDocument();
    expect(screen.getByText('Enter a whole number of months from 1 to 120.')).toBeInTheDocument();
    expect(screen.getByLabelText('Runs to keep per page')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.queryByText(/would be removed/)).not.toBeInTheDocument();
  });

  it('follows another tab: its deletion refreshes the figures, and makes a preview stale', async () => {
    await keepSome();
    const user = await renderPart();
    await waitFor(() => expect(row('Results before a re-analysis')).toHaveTextContent('5 reports'));
    await preview(user, '2', '12');
    await screen.findByText(/would be removed/);

    // Another tab removes two results and says so on the channel.
    await clear(resultStore());
    await set(['demo', 'r1'], { report: report('r1', 'https://example.com/'), keptAt: daysAgo(1) }, resultStore());
    const otherTab = new BroadcastChannel(KEPT_CHANNEL);
    otherTab.postMessage('changed');
    otherTab.close();

    await waitFor(() => expect(row('Results before a re-analysis')).toHaveTextContent('1 report'));
    expect(await screen.findByText(/changed since this preview/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Remove them' })).toBeDisabled();
  });

  it('asks the browser again to keep what is kept, when it has not promised', async () => {
    const storage = {
      kept: false,
      persist: vi.fn(async () => (storage.kept = true)),
      persisted: vi.fn(async () => storage.kept),
      estimate: vi.fn(async () => ({
        usage: 2_400_000,
        quota: 120_000_000_000,
        usageDetails: { indexedDB: 2_300_000 },
      })),
    };
    Object.defineProperty(navigator, 'storage', { value: storage, configurable: true });
    localStorage.setItem('seo-dashboard.storage-asked', daysAgo(30)); // asked on an earlier visit
    const user = await renderPart();
    expect(
      await screen.findByText(
        'The browser counts 2.4 MB for this dashboard (2.3 MB of it in IndexedDB), of about 120 GB it allows.',
      ),
    ).toBeInTheDocument();
    expect(screen.getByText(/has not promised to keep it/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Ask the browser to keep it' }));
    expect(await screen.findByText(/The browser has promised to keep it/)).toBeInTheDocument();
    expect(storage.persist).toHaveBeenCalledTimes(1);
  });

  it('says when the browser removed what was kept since the last visit, until dismissed', async () => {
    const lastVisit = {
      connection: 'demo',
      at: '2026-11-20T10:00:00.000Z',
      counts: { audits: 3, earlier: 12, jobs: 0 },
      wroteBoth: true,
    };
    localStorage.setItem(MARKER_KEY, JSON.stringify(lastVisit));
    await set(MARKER_KEY, lastVisit, markerStore());

    // The shell says it in one line, with the way to the settings page.
    const user = userEvent.setup();
    const router = createMemoryRouter([{ path: '*', element: <KeptRemovedNotice /> }], {
      initialEntries: ['/reports'],
    });
    const shell = render(<RouterProvider router={router} />);
    const line = await screen.findByText(/^Since your last visit, the browser removed what the dashboard kept/);
    expect(within(line).getByRole('link', { name: 'See what is kept' })).toHaveAttribute('href', '/settings');
    shell.unmount();

    render(<KeptOnDevice />);
    const notice = await screen.findByText(
      /the browser removed what the dashboard kept on this device: kept audits \(3 projects\) and results before a re-analysis \(12 reports\)\./,
    );
    expect(await screen.findByText(/^Nothing is kept on this device yet/)).toBeInTheDocument();
    await user.click(within(notice.closest('[role=status]') as HTMLElement).getByRole('button', { name: 'Dismiss' }));
    expect(screen.queryByText(/the browser removed/)).not.toBeInTheDocument();
    await waitFor(() => expect(JSON.parse(localStorage.getItem(MARKER_KEY) ?? '{}')).not.toHaveProperty('removed'));
  });
});
