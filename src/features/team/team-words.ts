import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { TeamStatus } from '../workspace';

/**
 * The team's status in words: the settings part says it in full, the shell in a word or two. As
 * messages, which each component says (`t(words.full)`) in the language on screen.
 */
export function teamStatusWords(status: TeamStatus): { short: MessageDescriptor; full: MessageDescriptor } | null {
  if (status.kind === 'alone') return null;
  const { address } = status;
  switch (status.kind) {
    case 'connecting':
      return { short: msg`Team: joining…`, full: msg`Joining the team at ${address}…` };
    case 'joined':
      return {
        short: msg`Team: joined`,
        full: msg`Joined the team at ${address}: changes to the workspace reach the other analysts of this account.`,
      };
    case 'offline':
      return {
        short: msg`Team: offline`,
        full: msg`The sync server at ${address} cannot be reached. Work goes on on this device; your changes merge when it is back.`,
      };
    case 'refused':
      return {
        short: msg`Team: token refused`,
        full: msg`The sync server at ${address} refused this team token. Work goes on on this device only. Check the token with whoever runs the server.`,
      };
    case 'failed': {
      // The workspace's own words for what went wrong (features/workspace/team.ts).
      const { problem } = status;
      return { short: msg`Team: not joined`, full: msg`The team could not be joined: ${problem}` };
    }
  }
}
