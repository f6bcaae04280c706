import { api, setRequestLimit, setTransport } from '../../src/api';
import { createSimulator } from '../../src/simulator';

// The request budget's code loads when a request has to wait (decision 38). When it cannot be
// loaded (offline, or a newer deployment removed the file), the request fails as a lost
// connection does, which the page already explains and offers to retry; it never goes out unchecked.

vi.mock('../../src/lib/rate-limiter', () => {
  throw new TypeError('Failed to fetch dynamically imported module');
});

const KEY = 'key';

it('fails a request that must wait for the budget as a network failure, without sending it', async () => {
  const simulator = createSimulator({ validKeys: [KEY] });
  const sent: string[] = [];
  setTransport({
    baseUrl: 'http://api.test',
    apiKey: KEY,
    fetch: (input, init) => {
      sent.push(String(input));
      return simulator.fetch(input, init);
    },
  });
  setRequestLimit(1);

  await api.reports.list({});
  await expect(api.reports.list({})).rejects.toMatchObject({ name: 'ApiError', kind: 'network' });
  expect(sent).toHaveLength(1);
});
