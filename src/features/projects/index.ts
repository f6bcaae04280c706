/** What other features may use of the projects feature. Keep it free of imports from other features: the reports feature imports it. */
export { projectHref } from './project-href';
export { projectQueries } from './queries';
export { projectListHref } from './list-params';
