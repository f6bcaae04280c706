/** Results kept on this device for comparing runs (IndexedDB, per connection; decision 18). */
export {
  forgetPreviousResultsOfOtherConnections,
  previousResults,
  usePreviousResult,
  type KeptEarlierResult,
  type PreviousResult,
} from './previous-results';
