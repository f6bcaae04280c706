/**
 * Deletes the results this device kept for any connection but the current one (the settings
 * page calls it when a key is saved or forgotten). The store (IndexedDB) loads on this call, and
 * this module only with the settings page: the reports index is part of the first paint of
 * /reports, and neither belongs there.
 */
export async function forgetPreviousResultsOfOtherConnections(): Promise<void> {
  const { forgetPreviousResultsOfOtherConnections: forget } = await import('../kept-results');
  await forget();
}
