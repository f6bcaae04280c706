import { connectionIdOf, formerJobsIdOf } from '../../src/lib/connection-key';

// One id per account, known at once (docs/decisions/0110): the same as the Web Crypto digest the
// workspace, the audit and the results before re-analysis were filed under, so nothing moves.

async function webCryptoId(baseUrl: string, apiKey: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(`seo-dashboard:${apiKey}`));
  const hex = [...new Uint8Array(digest)].map((byte) => byte.toString(16).padStart(2, '0')).join('');
  return `${baseUrl}|${hex.slice(0, 32)}`;
}

describe('connectionIdOf', () => {
  it('is the id earlier versions worked out with Web Crypto, given at once', async () => {
    const id = connectionIdOf({ mode: 'service', baseUrl: 'https://seo.example.com/', apiKey: 'k-ü-1' });
    expect(typeof id).toBe('string');
    expect(id).toBe(await webCryptoId('https://seo.example.com', 'k-ü-1'));
  });

  it('drops trailing slashes, never holds the key, and tells keys and services apart', () => {
    const id = connectionIdOf({ mode: 'service', baseUrl: 'https://seo.example.com//', apiKey: 'secret-key' });
    expect(id).toMatch(/^https:\/\/seo\.example\.com\|[0-9a-f]{32}$/);
    expect(id).not.toContain('secret-key');
    expect(connectionIdOf({ mode: 'service', baseUrl: 'https://seo.example.com', apiKey: 'other' })).not.toBe(id);
    expect(connectionIdOf({ mode: 'service', baseUrl: 'https://b.example.com', apiKey: 'secret-key' })).not.toBe(id);
    expect(connectionIdOf({ mode: 'demo' })).toBe('demo');
  });

  it('keeps the FNV fingerprint where Web Crypto is missing (plain-HTTP pages), as before', () => {
    vi.stubGlobal('crypto', {});
    try {
      const id = connectionIdOf({ mode: 'service', baseUrl: 'http://seo.lan', apiKey: 'k' });
      expect(id).toBe(formerJobsIdOf({ mode: 'service', baseUrl: 'http://seo.lan', apiKey: 'k' }));
      expect(id).toMatch(/^http:\/\/seo\.lan\|fnv-[0-9a-f]{16}$/);
    } finally {
      vi.unstubAllGlobals();
    }
  });
});
