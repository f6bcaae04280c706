export {
  getConnection,
  saveConnection,
  forgetConnection,
  subscribeConnection,
  followOtherTabs,
  useConnection,
  reloadConnectionFromStorage,
  type Connection,
} from './connection';
