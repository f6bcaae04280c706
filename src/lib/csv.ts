import { downloadText } from './download';
/**
 * CSV for spreadsheets: RFC 4180 quoting, CRLF lines, and a byte-order mark so that Excel reads
 * UTF-8 (project names and URLs are often not ASCII). Cells come from the service, i.e. from
 * pages anyone can publish: a cell starting with = + - @ (or a tab or return) would run as a
 * formula when opened, so it is prefixed with an apostrophe (OWASP's advice for CSV injection).
 */

export type CsvCell = string | number | null | undefined;

/** Put first in a CSV file for Excel to read it as UTF-8 (downloadCsv adds it itself). */
export const CSV_BOM = '\uFEFF';

const FORMULA_START = /^[=+\-@\t\r]/;

export function csvCell(cell: CsvCell): string {
  if (cell === null || cell === undefined) return '';
  if (typeof cell === 'number') return Number.isFinite(cell) ? String(cell) : '';
  const text = FORMULA_START.test(cell) ? `'${cell}` : cell;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export function toCsv(header: readonly string[], rows: readonly (readonly CsvCell[])[]): string {
  return [header, ...rows].map((row) => row.map(csvCell).join(',')).join('\r\n') + '\r\n';
}

/**
 * A file name from free text (project names, check names): letters, digits, dots and dashes.
 * A part left out (undefined: e.g. no segment in view) takes no place: `join` writes it empty,
 * and the dashes around it fold into one.
 */
export function csvFileName(...parts: (string | undefined)[]): string {
  const name = parts
    .join('-')
    .normalize('NFKD')
    .replace(/[^\w.-]+/g, '-')
    .replace(/-{2,}/g, '-')
    .replace(/^[-.]+|[-.]+$/g, '')
    .slice(0, 100);
  return `${name || 'export'}.csv`;
}

/** Hands the text to the browser as a download, marked UTF-8 for Excel. */
export function downloadCsv(fileName: string, csv: string): void {
  downloadText(fileName, CSV_BOM + csv, 'text/csv;charset=utf-8');
}
