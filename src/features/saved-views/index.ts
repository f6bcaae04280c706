/** Saved list views (issue 16): the navigation's list and the settings page's management. */
export { ManageSavedViews } from './manage-saved-views';
export { SavedViewsList } from './saved-views-list';
export { useSavedViews } from './store';
// Taken to another device in the workspace file (features/workspace-file).
export { importViews, planViewsImport, portableViews, readPortableViews, type PortableView } from './portable';
