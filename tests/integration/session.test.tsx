import { act, cleanup, screen, waitFor, within } from '@testing-library/react';
import { setRequestLimit, setTransport } from '../../src/api';
import { TEST_BASE_URL, TEST_KEY, renderApp } from '../helpers/render-app';

afterEach(() => {
  // Unmount first: removing the limit notifies the banners, which must be gone by then.
  cleanup();
  setRequestLimit(undefined);
});

describe('a rejected key', () => {
  it('stops all further requests, shows one banner, and resumes with a working key', async () => {
    const { user, requests, simulator, queryClient } = renderApp('/reports', {
      prepare: (sim) => sim.faults.next({ kind: '401' }),
    });
    const banner = await screen.findByText('The service rejected the API key.');
    const bannerBox = banner.closest('[role="alert"]') as HTMLElement;
    expect(within(bannerBox).getByRole('link', { name: 'Open settings' })).toHaveAttribute('href', '/settings');
    expect(screen.getAllByText('The service rejected the API key.')).toHaveLength(1);
    const sent = requests.length;
    expect(sent).toBe(1);

    // Nothing more goes out with the rejected key, whatever the user does.
    await user.click(await screen.findByRole('button', { name: 'Try again' }));
    await user.click(screen.getByRole('link', { name: 'Projects' }));
    await screen.findByRole('heading', { name: 'Projects', level: 1 });
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(requests.length).toBe(sent);

    // Saving a key sets a new transport: requests flow again and the banner goes.
    act(() => setTransport({ baseUrl: TEST_BASE_URL, apiKey: TEST_KEY, fetch: simulator.fetch }));
    await act(() => queryClient.resetQueries());
    await waitFor(() => expect(screen.queryByText('The service rejected the API key.')).not.toBeInTheDocument());
    expect(await screen.findByRole('table')).toBeInTheDocument();
  });
});

describe('offline', () => {
  it('says so, keeps what is on screen, and refetches when the connection returns', async () => {
    const { requests } = renderApp('/reports');
    await screen.findByRole('table');
    const online = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    act(() => {
      window.dispatchEvent(new Event('offline'));
    });
    expect(await screen.findByText('You are offline.')).toBeInTheDocument();
    expect(screen.getByRole('table')).toBeInTheDocument();
    const before = requests.length;
    online.mockReturnValue(true);
    act(() => {
      window.dispatchEvent(new Event('online'));
    });
    await waitFor(() => expect(screen.queryByText('You are offline.')).not.toBeInTheDocument());
    expect(screen.getByRole('table')).toBeInTheDocument();
    await waitFor(() => expect(requests.length).toBeGreaterThan(before));
  });
});

describe('request budget', () => {
  it('queues requests beyond the limit and says that work is waiting', async () => {
    setRequestLimit(1);
    const { requests } = renderApp('/reports');
    await screen.findByRole('table');
    // The list came through; its prefetch of page 2 waits for the next minute.
    expect(await screen.findByText(/1 request is waiting a moment/)).toBeInTheDocument();
    expect(requests).toHaveLength(1);
  });
});
