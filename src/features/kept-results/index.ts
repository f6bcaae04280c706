/** Results kept on this device for comparing runs (IndexedDB, per connection; decision 18). */
export {
  forgetPreviousResultsOfOtherConnections,
  previousResults,
  usePreviousResult,
  type PreviousResult,
} from './previous-results';
