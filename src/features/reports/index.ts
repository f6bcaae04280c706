/** What other features (and tests) may use of the reports feature. */
export { ReportsList } from './components/reports-list';
export { reportListView } from './list-state';
export { reportQueries } from './queries';

/**
 * Deletes the results this device kept for any connection but the current one (the settings
 * page calls it when a key is saved or forgotten). Their code (IndexedDB) loads on this call:
 * this index is part of the first paint of /reports, and the store is not.
 */
export async function forgetPreviousResultsOfOtherConnections(): Promise<void> {
  const { forgetPreviousResultsOfOtherConnections: forget } = await import('./previous-results');
  await forget();
}
