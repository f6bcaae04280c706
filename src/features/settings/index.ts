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
export { followOtherTabs } from './tab-sync';
