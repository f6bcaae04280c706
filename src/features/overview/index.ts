/** The account overview at `/`: its page (lazy) and what its route loader starts. */
export { overviewParams } from './overview-params';
