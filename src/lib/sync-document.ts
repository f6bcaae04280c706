/**
 * The name under which a workspace is shared on the team's sync server: `<team>/<account>`.
 * The team is derived from the server's token, so each token opens only the documents named
 * with it, and the browser and the server (scripts/sync-server) name them with this one code.
 * The token itself never appears in a name, a log or the server's storage.
 */

/** The account part is the workspace's own id (`connectionIdOf`): opaque, but bounded. */
export const MAX_ACCOUNT_ID_LENGTH = 300;

const TEAM_HEX_LENGTH = 32;
const TEAM_PATTERN = new RegExp(`^[0-9a-f]{${TEAM_HEX_LENGTH}}$`);
// Control characters have no place in an account id and would make log lines ambiguous.
// eslint-disable-next-line no-control-regex
const CONTROL_CHARACTER = /[\u0000-\u001f\u007f]/;

function toHex(bytes: ArrayBuffer): string {
  return [...new Uint8Array(bytes)].map((byte) => byte.toString(16).padStart(2, '0')).join('');
}

/**
 * The team of a token. Web Crypto only, with no fallback: the browser's and the server's names
 * must agree byte for byte, and a page without Web Crypto (plain HTTP) cannot join a team.
 */
export async function teamOf(token: string): Promise<string> {
  const subtle = globalThis.crypto?.subtle;
  if (!subtle) throw new Error('A team needs Web Crypto: open the dashboard over HTTPS (or on localhost).');
  const digest = await subtle.digest('SHA-256', new TextEncoder().encode(`seo-dashboard-team:${token}`));
  return toHex(digest).slice(0, TEAM_HEX_LENGTH);
}

function isAccountId(accountId: string): boolean {
  return accountId.length > 0 && accountId.length <= MAX_ACCOUNT_ID_LENGTH && !CONTROL_CHARACTER.test(accountId);
}

/** The shared document of an account's workspace, for the team of the token. */
export async function documentNameOf(token: string, accountId: string): Promise<string> {
  if (!isAccountId(accountId)) throw new RangeError('Not an account id a sync server accepts.');
  return `${await teamOf(token)}/${accountId}`;
}

/** The two parts of a document name, or null when the name is not one `documentNameOf` makes. */
export function parseDocumentName(name: string): { team: string; accountId: string } | null {
  const slash = name.indexOf('/');
  if (slash < 0) return null;
  const team = name.slice(0, slash);
  const accountId = name.slice(slash + 1);
  return TEAM_PATTERN.test(team) && isAccountId(accountId) ? { team, accountId } : null;
}

export function isDocumentName(name: string): boolean {
  return parseDocumentName(name) !== null;
}
