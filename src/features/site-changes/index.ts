/**
 * A site over time: what changed on a project between two dates (its page, lazy with its route)
 * and the health chart of a project (on it) and of the account (on the overview).
 */
export { AccountHealth } from './account-health';
export { ChangesPage } from './changes-page';
