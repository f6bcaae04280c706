export {
  getConnection,
  getConnectionChange,
  saveConnection,
  replaceApiKey,
  forgetConnection,
  subscribeConnection,
  useConnection,
  useConnectionChange,
  reloadConnectionFromStorage,
  type Connection,
  type ConnectionChange,
} from './connection';
// Following the other tabs (./tab-sync) loads after the first paint: app/connection-sync.ts imports it.
