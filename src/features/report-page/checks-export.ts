// The report page's own door into the export code, loaded when a person exports one report's
// checks. Importing '../reports/report-export' dynamically while the job service imports it statically
// would make the bundler build a namespace object and split its runtime out of the entry chunk.
export { checksToCsv, downloadFile } from '../report-actions';
