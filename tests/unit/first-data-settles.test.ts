import { QueryClient } from '@tanstack/react-query';
import { waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { routeCode, whenFirstDataSettles } from '../../src/app/preload-when-settled';

const pause = (ms: number) => new Promise((done) => setTimeout(done, ms));

describe('whenFirstDataSettles', () => {
  // /projects' loader loads code before it starts the page's query: what waits for the first
  // data (the shared request budget, the extras) must wait for that query, not run before it.
  it('waits for the code a loader awaits, then for the query it starts', async () => {
    const queryClient = new QueryClient();
    const run = vi.fn();
    let codeArrives = () => {};
    const code = routeCode(new Promise<void>((done) => (codeArrives = done)));
    whenFirstDataSettles(queryClient, run);

    await pause(600);
    expect(run).not.toHaveBeenCalled();

    codeArrives();
    await code;
    let dataArrives = (_: number) => {};
    void queryClient.prefetchQuery({
      queryKey: ['page'],
      queryFn: () => new Promise<number>((done) => (dataArrives = done)),
    });
    // The query is in the cache now, fetching: not settled.
    await pause(600);
    expect(run).not.toHaveBeenCalled();

    dataArrives(1);
    await waitFor(() => expect(run).toHaveBeenCalledTimes(1), { timeout: 1000 });
  });

  it('runs once the page has shown without any request', async () => {
    const run = vi.fn();
    whenFirstDataSettles(new QueryClient(), run);
    await waitFor(() => expect(run).toHaveBeenCalledTimes(1), { timeout: 1000 });
  });
});
