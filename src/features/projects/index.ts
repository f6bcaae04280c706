// The projects core (data rank): the service's projects, their list state, queries and deletion.
// Its screens are features/project-pages.
export { projectQueries } from './queries';
export { projectListState } from './list-state';
export { useDeleteProject } from './mutations';
export { projectCountQueries, prefetchProjectPage } from './project-data';
