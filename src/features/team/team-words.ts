import type { TeamStatus } from '../workspace';

/** The team's status in words: the settings part says it in full, the shell in a word or two. */
export function teamStatusWords(status: TeamStatus): { short: string; full: string } | null {
  switch (status.kind) {
    case 'alone':
      return null;
    case 'connecting':
      return { short: 'Team: joining…', full: `Joining the team at ${status.address}…` };
    case 'joined':
      return {
        short: 'Team: joined',
        full: `Joined the team at ${status.address}: changes to the workspace reach the other analysts of this account.`,
      };
    case 'offline':
      return {
        short: 'Team: offline',
        full: `The sync server at ${status.address} cannot be reached. Work goes on on this device; your changes merge when it is back.`,
      };
    case 'refused':
      return {
        short: 'Team: token refused',
        full: `The sync server at ${status.address} refused this team token. Work goes on on this device only. Check the token with whoever runs the server.`,
      };
    case 'failed':
      return { short: 'Team: not joined', full: `The team could not be joined: ${status.problem}` };
  }
}
