/**
 * The id under which what this device keeps for a connection is filed (the audit's data, the
 * analyst's workspace): the demo, or the base URL and a hash of the API key, never the key
 * itself. Another key or service is another account: its id differs, and what was kept under
 * the old id is deleted.
 */

/** What the id is made of: the settings' Connection has this shape. */
export type KeyedConnection = { mode: 'demo' } | { mode: 'service'; baseUrl: string; apiKey: string };

function toHex(bytes: ArrayBuffer): string {
  return [...new Uint8Array(bytes)].map((byte) => byte.toString(16).padStart(2, '0')).join('');
}

/** FNV-1a, twice with different offsets: only where Web Crypto is missing (plain-HTTP pages). */
function fallbackHash(text: string): string {
  let a = 0x811c9dc5;
  let b = 0x01000193 ^ 0x5bd1e995;
  for (let i = 0; i < text.length; i += 1) {
    const code = text.charCodeAt(i);
    a = Math.imul(a ^ code, 0x01000193) >>> 0;
    b = Math.imul(b ^ code, 0x01000193) >>> 0;
  }
  return `fnv-${a.toString(16).padStart(8, '0')}${b.toString(16).padStart(8, '0')}`;
}

async function hashKey(apiKey: string): Promise<string> {
  const subtle = globalThis.crypto?.subtle;
  if (!subtle) return fallbackHash(apiKey);
  try {
    const digest = await subtle.digest('SHA-256', new TextEncoder().encode(`seo-dashboard:${apiKey}`));
    return toHex(digest).slice(0, 32);
  } catch {
    return fallbackHash(apiKey);
  }
}

/** The connection's id in keys: the demo, or the base URL and a hash of the key. */
export async function connectionIdOf(connection: KeyedConnection): Promise<string> {
  if (connection.mode === 'demo') return 'demo';
  return `${connection.baseUrl.replace(/\/+$/, '')}|${await hashKey(connection.apiKey)}`;
}

/**
 * The connection's id known at once, for the job queue: its tray filters jobs while rendering,
 * and a job must be tied to its account before its first write. The base URL and a fingerprint
 * of the key (FNV, never the key). It is not the id of `connectionIdOf` (the audit's and the
 * workspace's, already filed under it on devices): each keeps its own.
 */
export function connectionIdNow(connection: KeyedConnection): string {
  if (connection.mode === 'demo') return 'demo';
  return `${connection.baseUrl.replace(/\/+$/, '')}|${fallbackHash(connection.apiKey)}`;
}
