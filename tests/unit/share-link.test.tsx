import { act, renderHook } from '@testing-library/react';
import { useShareLink } from '../../src/features/exports/share-link';
import { applyConnection, DEMO } from '../../src/features/connection/connection';
import { getRuntimeConfig } from '../../src/lib/runtime-config';

afterEach(() => act(() => applyConnection(DEMO, 'here', false)));

describe('the share link', () => {
  it('is there in the first render once the config has arrived: nothing below it moves down a render later', async () => {
    vi.spyOn(globalThis, 'fetch').mockResolvedValue(
      new Response(JSON.stringify({ reportPageUrl: 'https://share.example/r/{id}' })),
    );
    await getRuntimeConfig();
    applyConnection(
      { mode: 'service', baseUrl: 'https://seo.example.com', apiKey: 'k', remember: true },
      'here',
      false,
    );
    const { result } = renderHook(() => useShareLink('7'));
    expect(result.current).toEqual({ kind: 'ready', url: 'https://share.example/r/7' });
  });
});
