import { act, cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { setRequestLimit } from '../../src/api';
import { createQueryClient } from '../../src/app/query-client';
import { renderApp } from '../helpers/render-app';

// A service that does not answer, or asks us to slow down, is said so once for the whole app,
// in the session banners, with what the person can do about it.

const PAGE_LOAD = { timeout: 5000 };

// The banners and what watches for them load once the first data is on screen, or at most 3 s
// after start (later parts); here the clock jumps 15 s at once, faster than a module loads, so
// their code is loaded first, as a browser would have it long before 15 s.
beforeAll(async () => {
  await import('../../src/app/session-banners');
});
beforeEach(() => vi.useFakeTimers({ shouldAdvanceTime: true }));
afterEach(() => {
  cleanup();
  setRequestLimit(undefined);
  vi.useRealTimers();
});

/** Lets `ms` of (fake) time pass, with React kept in step. */
const pass = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms));

function renderSlowly(path: string, options: Parameters<typeof renderApp>[1] = {}) {
  const app = renderApp(path, options);
  return { ...app, user: userEvent.setup({ advanceTimers: vi.advanceTimersByTime }) };
}

function banners() {
  // The page's own header (a report's) is not the app's banner landmark.
  return within(screen.getAllByRole('banner')[0] as HTMLElement);
}

describe('a service that does not answer', () => {
  it('says "Still waiting" within 15 seconds of a read, and Cancel stops waiting without trying again', async () => {
    // The app's own retry policy, which would try a read that timed out again.
    const { user, requests } = renderSlowly('/reports/3', {
      simulator: { latencyMs: 10 * 60_000 },
      queryClient: createQueryClient(),
    });
    expect(await screen.findByText('Loading report…', {}, PAGE_LOAD)).toBeInTheDocument();
    await pass(14_000);
    expect(banners().queryByText('Still waiting for the service…')).not.toBeInTheDocument();
    await pass(1500);
    expect(banners().getByText('Still waiting for the service…')).toBeInTheDocument();

    await user.click(banners().getByRole('button', { name: 'Cancel' }));
    expect(await screen.findByText('The service is taking too long')).toBeInTheDocument();
    expect(screen.getByText(/You stopped waiting/)).toBeInTheDocument();
    expect(banners().queryByText('Still waiting for the service…')).not.toBeInTheDocument();
    expect(requests).toHaveLength(1);
    expect(requests[0]?.signal?.aborted).toBe(true);
    // Not tried again behind the person's back.
    await pass(60_000);
    expect(requests).toHaveLength(1);
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });

  it('sends the waiting reads again on Retry, and shows what comes back', async () => {
    const { requests, simulator } = renderSlowly('/reports/3', { simulator: { latencyMs: 10 * 60_000 } });
    const record = simulator.store.get(3);
    await screen.findByText('Loading report…', {}, PAGE_LOAD);
    await pass(15_500);
    simulator.options.latencyMs = 0;
    // The retry's work runs on after the click: all of it inside act, to see where it ends.
    const retry = banners().getByRole('button', { name: 'Retry' });
    await act(async () => {
      retry.click();
      await vi.advanceTimersByTimeAsync(100);
    });
    expect(screen.getByRole('heading', { level: 1, name: `Report for ${record?.url}` })).toBeInTheDocument();
    // The report, twice (the page then looks up the other runs of its URL, which is not a retry).
    const reads = requests.filter((request) => request.url.pathname === '/api/v1/reports/3');
    expect(reads).toHaveLength(2);
    expect(reads[0]?.signal?.aborted).toBe(true);
    expect(banners().queryByText('Still waiting for the service…')).not.toBeInTheDocument();
  });

  it('says how long a slow analysis may take, and offers no Cancel that would not undo it', async () => {
    const { user, requests, simulator } = renderSlowly('/reports/3');
    await screen.findByRole('heading', { level: 1, name: /^Report for/ }, PAGE_LOAD);
    simulator.options.analysisDelayMs = 100_000;
    await user.click(screen.getByRole('button', { name: 'Re-analyse page' }));
    expect(screen.getByText(/^Re-analysing… This/)).toHaveTextContent(
      /^Re-analysing… This usually takes a few seconds and can take up to 2 minutes\./,
    );
    await pass(15_500);
    const banner = banners().getByText('Still waiting for the service to answer a change…').parentElement;
    expect(banner).toHaveTextContent('An analysis can take up to 2 minutes');
    expect(within(banner as HTMLElement).queryByRole('button')).not.toBeInTheDocument();
    const patch = requests.find((request) => request.method === 'PATCH');
    expect(patch?.signal?.aborted).not.toBe(true);
  });
});

describe('a service that asks us to slow down', () => {
  it('holds every request until its window is over, counting down in the banner', async () => {
    setRequestLimit(55);
    const { user, requests, simulator } = renderSlowly('/reports', { simulator: { rateLimitPerMinute: 1 } });
    // The list is answered; the prefetch of its next page gets 429.
    await screen.findByRole('table', {}, PAGE_LOAD);
    const status = await banners().findByText(/The service asked us to slow down\. Requests resume in/);
    // Past the service's minute (its Retry-After, and a margin), counting down each second.
    const seconds = () => Number(/resume in (\d+) s\./.exec(status.textContent ?? '')?.[1]);
    const first = seconds();
    expect(first).toBeGreaterThanOrEqual(60);
    expect(first).toBeLessThanOrEqual(62);
    const sent = requests.length;
    await pass(1000);
    expect(seconds()).toBe(first - 1);

    // Nothing goes out during the pause, whatever the person does; it goes once the pause is over.
    await user.click(screen.getByRole('link', { name: 'Projects' }));
    await pass(5000);
    expect(requests).toHaveLength(sent);
    simulator.options.rateLimitPerMinute = undefined;
    await pass(60_000);
    expect(requests.length).toBeGreaterThan(sent);
    expect(banners().queryByText(/The service asked us to slow down/)).not.toBeInTheDocument();
  });
});
