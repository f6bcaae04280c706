// The service the dashboard talks to and the key it uses: one per tab, kept as the analyst chose,
// followed across tabs. Data rank: the stores and the screens below the shell depend on it.
export {
  getConnection,
  getConnectionChange,
  subscribeConnection,
  useConnection,
  useConnectionChange,
  type Connection,
  type ConnectionChange,
} from './connection';
export { saveConnection, replaceApiKey, forgetConnection } from './connection-changes';
// Following the other tabs (./tab-sync) loads after the first paint: app/connection-sync.ts imports it.
