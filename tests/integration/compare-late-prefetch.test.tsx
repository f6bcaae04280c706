import { act, screen } from '@testing-library/react';
import { createSimulator } from '../../src/simulator';
import { renderApp } from '../helpers/render-app';

/**
 * The compare route's loader finds the reports in a list's copies with code it loads beside the
 * page's (app/route-prefetch). Here that code never comes: the page finds them itself, and the
 * service is not asked.
 */
vi.mock('../../src/app/route-prefetch', () => new Promise(() => {}));
vi.setConfig({ testTimeout: 60_000 });
const PAGE_LOAD = { timeout: 15_000 };

const firstPage = createSimulator()
  .store.reports()
  .toSorted((x, y) => y.id - x.id)
  .slice(0, 10);

it('compares two reports of a list from its copies even when the prefetching code is late', async () => {
  const [a, b] = [firstPage[0], firstPage[3]];
  if (!a || !b) throw new Error('the seed has too few reports');
  const { router, requests } = renderApp('/reports');
  await screen.findByRole('table', { name: /Reports, page 1 of/ }, PAGE_LOAD);
  const before = requests.length;
  await act(() => router.navigate(`/compare?a=${a.id}&b=${b.id}`));
  await screen.findByRole('table', { name: 'Every check in A and B, what differs first' }, PAGE_LOAD);
  const reads = requests
    .slice(before)
    .filter((r) => r.method === 'GET' && /^\/api\/v1\/reports\/[^/]+$/.test(r.url.pathname));
  expect(reads).toEqual([]);
});
