import { checkTitle } from '../../lib/checks';
import { csvFileName, downloadCsv, toCsv } from '../../lib/csv';
import type { PageChange, StateComparison } from '../audit';

const STATUS_WORDS: Record<PageChange['status'], string> = { kept: 'In both', new: 'New', gone: 'Gone' };
/** The checks' titles in English, whatever the dashboard's language: a CSV's values are stable keys. */
const titles = (names: readonly string[]) => names.map((name) => checkTitle(name)).join('; ');

/**
 * The change report as one table for a spreadsheet: every page of either date, the changed ones
 * first (as the page lists them), then new, gone, and the pages that did not change.
 */
export function changeCsv(comparison: StateComparison): string {
  const rows = [...comparison.changed, ...comparison.newPages, ...comparison.gonePages, ...comparison.unchanged].map(
    (page) => [
      page.url,
      STATUS_WORDS[page.status],
      page.before?.score ?? null,
      page.after?.score ?? null,
      page.scoreChange,
      titles(page.newlyFailing),
      titles(page.fixed),
      titles(page.stillFailing),
      titles(page.unclear),
      page.notRerun ? 'No' : page.status === 'kept' ? 'Yes' : '',
      (page.after ?? page.before)?.id ?? null,
    ],
  );
  return toCsv(
    [
      'URL',
      'Page',
      'Score at first date',
      'Score at second date',
      'Change',
      'Newly failing',
      'Fixed',
      'Still failing',
      'Outcome unclear',
      'Analysed again in between',
      'Latest report',
    ],
    rows,
  );
}

export function downloadChangeCsv(
  project: string,
  from: string,
  to: string,
  comparison: StateComparison,
  /** The segment in view, named in the file's name: its rows are only that segment's. */
  segment?: string,
) {
  downloadCsv(csvFileName(project, segment, 'changes', from, to), changeCsv(comparison));
}
