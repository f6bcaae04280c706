/**
 * The team's parts: the settings page's "Team" (address, token, Join) and the status in the
 * shell. What joining does is the workspace's (features/workspace/team.ts).
 */
export { TeamSettings } from './team-settings';
export { TeamStatusBadge } from './team-status';
