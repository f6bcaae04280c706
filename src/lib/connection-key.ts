import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex, utf8ToBytes } from '@noble/hashes/utils.js';

/**
 * The id under which what this device keeps for a connection is filed (the audit's data, the
 * analyst's workspace): the demo, or the base URL and a hash of the API key, never the key
 * itself. Another key or service is another account: its id differs, and what was kept under
 * the old id is deleted.
 */

/** What the id is made of: the settings' Connection has this shape. */
export type KeyedConnection = { mode: 'demo' } | { mode: 'service'; baseUrl: string; apiKey: string };

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

/**
 * SHA-256 of the key, worked out at once (noble's, the same digest as Web Crypto's, whose
 * `digest` only answers later): every part of the app, the job tray as it renders included, files
 * under one id known when asked (docs/decisions/0110). Where Web Crypto is missing (plain-HTTP
 * pages) the ids were always FNV fingerprints, and stay so: what those devices filed keeps its id.
 */
function hashKey(apiKey: string): string {
  if (!globalThis.crypto?.subtle) return fallbackHash(apiKey);
  return bytesToHex(sha256(utf8ToBytes(`seo-dashboard:${apiKey}`))).slice(0, 32);
}

/**
 * The account's id in keys, the one for everything this device keeps of it (the workspace, the
 * audit's reads, results before re-analysis, jobs, the background read's marker): the demo, or
 * the base URL without its trailing slashes and a hash of the key.
 */
export function connectionIdOf(connection: KeyedConnection): string {
  if (connection.mode === 'demo') return 'demo';
  return `${connection.baseUrl.replace(/\/+$/, '')}|${hashKey(connection.apiKey)}`;
}

/**
 * The id the job queue filed its jobs under before it used `connectionIdOf` (the base URL and an
 * FNV fingerprint of the key): only to find those saved jobs and file them anew.
 */
export function formerJobsIdOf(connection: KeyedConnection): string {
  if (connection.mode === 'demo') return 'demo';
  return `${connection.baseUrl.replace(/\/+$/, '')}|${fallbackHash(connection.apiKey)}`;
}
