export {
  getConnection,
  getConnectionChange,
  subscribeConnection,
  useConnection,
  useConnectionChange,
  reloadConnectionFromStorage,
  type Connection,
  type ConnectionChange,
} from './connection';
// Changing the connection (./connection-changes) and following the other tabs (./tab-sync) loads after the first paint: app/connection-sync.ts imports it.
