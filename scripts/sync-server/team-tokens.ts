/**
 * The tokens the server accepts, each the key of a team of its own (src/lib/sync-document.ts).
 * A presented token is compared with every known one through fixed-length hashes and
 * `timingSafeEqual`, so how long a refusal takes tells nothing of how close a guess was.
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import { teamOf } from '../../src/lib/sync-document.ts';

export interface TeamTokens {
  readonly count: number;
  /** The team of a known token; undefined for any other. */
  teamOfToken(token: string): string | undefined;
}

function fingerprint(token: string): Buffer {
  return createHash('sha256').update(token, 'utf8').digest();
}

/** `SYNC_TOKENS` as a list: comma-separated, trimmed, empty entries ignored, duplicates once. */
export function parseTokenList(list: string | undefined): string[] {
  const tokens = (list ?? '')
    .split(',')
    .map((token) => token.trim())
    .filter((token) => token.length > 0);
  return [...new Set(tokens)];
}

export async function teamTokensOf(tokens: readonly string[]): Promise<TeamTokens> {
  const known = await Promise.all(
    tokens.map(async (token) => ({ fingerprint: fingerprint(token), team: await teamOf(token) })),
  );
  return {
    count: known.length,
    teamOfToken(token) {
      const presented = fingerprint(token);
      let team: string | undefined;
      // No early exit: every known token is compared, whichever matches.
      for (const entry of known) {
        if (timingSafeEqual(entry.fingerprint, presented)) team = entry.team;
      }
      return team;
    },
  };
}
