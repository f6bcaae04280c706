/**
 * CSV for spreadsheet programs (RFC 4180): UTF-8 with a byte-order mark (Excel otherwise reads
 * it in the system's code page), CRLF between records, every field that holds a comma, quote,
 * CR or LF quoted with its quotes doubled.
 *
 * Formula injection: a spreadsheet runs a cell that starts with `=`, `+`, `-` or `@` (and some
 * treat a leading tab or CR the same way) as a formula, so a report URL such as
 * `=HYPERLINK("http://evil/",...)` would become a live link or worse. Such text cells get a
 * leading apostrophe, which spreadsheets show as text. Numbers are written as numbers: a
 * negative number is data, not a formula.
 */
export type CsvCell = string | number | boolean | null | undefined;

export const CSV_BOM = '\uFEFF';
const FORMULA_START = /^[=+\-@\t\r]/;
const NEEDS_QUOTES = /[",\r\n]/;

export function csvCell(value: CsvCell): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : '';
  if (typeof value === 'boolean') return value ? 'true' : 'false';
  const guarded = FORMULA_START.test(value) ? `'${value}` : value;
  return NEEDS_QUOTES.test(guarded) ? `"${guarded.replace(/"/g, '""')}"` : guarded;
}

export function csvRow(cells: readonly CsvCell[]): string {
  return cells.map(csvCell).join(',');
}

/** A whole file: BOM, header, rows, CRLF after every record. */
export function toCsv(header: readonly string[], rows: readonly (readonly CsvCell[])[]): string {
  let text = CSV_BOM + csvRow(header) + '\r\n';
  for (const row of rows) text += csvRow(row) + '\r\n';
  return text;
}
