export {
  getConnection,
  getConnectionChange,
  saveConnection,
  replaceApiKey,
  forgetConnection,
  subscribeConnection,
  followOtherTabs,
  useConnection,
  useConnectionChange,
  reloadConnectionFromStorage,
  type Connection,
  type ConnectionChange,
} from './connection';
