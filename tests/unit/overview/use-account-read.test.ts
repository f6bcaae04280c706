import { act, renderHook } from '@testing-library/react';

// What the overview's background read decides before the device has answered: the page keeps the
// place of a fresh device's message until it knows, so that nothing appears above the account's
// figures for one frame and goes again (a layout shift of 0.12 seen on a phone-sized window).

let resolveRefresh = () => {};
vi.mock('../../../src/features/audit', () => ({
  canReadAccount: () => true,
  loadAccountRead: () => new Promise(() => {}),
  noteProjectsRead: () => {},
  readAccountMarker: () => null,
  refreshSummaries: () =>
    new Promise<void>((resolve) => {
      resolveRefresh = resolve;
    }),
}));

const { useAccountRead } = await import('../../../src/features/overview/use-account-read');

describe('useAccountRead on a device that has noted nothing', () => {
  it('stays undecided while the summaries are loaded but not yet looked at again', async () => {
    const { result, rerender } = renderHook((summaries) => useAccountRead(summaries), {
      initialProps: { loaded: false, summaries: [] as unknown[] },
    });
    expect(result.current.unknown).toBe(true);
    // The shell's copy says "nothing read", but this visit has not looked yet.
    rerender({ loaded: true, summaries: [] });
    expect(result.current).toMatchObject({ unknown: true, starts: false, live: false });
    // Looked: nothing read, so the read starts, and its parts stay after the figures.
    await act(async () => resolveRefresh());
    expect(result.current).toMatchObject({ unknown: false, starts: true, live: true });
  });

  it('knows at once when the device holds a project', () => {
    const { result, rerender } = renderHook((summaries) => useAccountRead(summaries), {
      initialProps: { loaded: false, summaries: [] as unknown[] },
    });
    rerender({ loaded: true, summaries: [{}] });
    expect(result.current).toMatchObject({ unknown: false, starts: false, live: false });
  });
});
