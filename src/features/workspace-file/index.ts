/**
 * The workspace travels as a file (issue 29, decision 83): the settings page's export and import,
 * with a preview before anything changes. The file's rules are ./file.ts.
 */
export { WorkspaceTransfer } from './workspace-transfer';
