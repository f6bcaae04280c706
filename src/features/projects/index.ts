/**
 * What other features may use of the projects feature. Keep it free of imports from other
 * features: the reports feature imports it, and an import back would be a cycle.
 */
export { projectQueries } from './queries';
export { projectListState } from './list-state';
