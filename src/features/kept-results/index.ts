/** Results kept on this device for comparing runs (IndexedDB, per connection; decision 18). */
export {
  forgetPreviousResultsOfOtherConnections,
  laterKept,
  previousResults,
  usePreviousResult,
  type KeptEarlierResult,
  type PreviousResult,
} from './previous-results';
