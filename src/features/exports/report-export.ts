import type { Privacy, Report } from '../../api';
import { englishCheckTitle } from '../../lib/check-titles';
import { CSV_BOM, toCsv, type CsvCell } from '../../lib/csv';

/**
 * What an export of reports holds, as CSV (one row per report) or JSON. Dates stay as the
 * service sent them, which is ISO 8601; the rating is the word, the score the number.
 */
export const EXPORT_COLUMNS = ['URL', 'Project', 'Score', 'Rating', 'Privacy', 'Generated', 'Created', 'Report page'];

/**
 * The privacy as the file says it: English whatever the dashboard's language (the screens say
 * features/reports' PRIVACY_LABELS), so that the scripts reading these files keep working.
 */
const CSV_PRIVACY: Record<Privacy, string> = { public: 'Public', private: 'Private', password: 'Password' };

/** A report's page on the service, as the share link gives it (./share-link.ts); null if none. */
export type PageOf = (id: string) => string | null;

/** Every check name of these reports, in the order first seen: one column each. */
export function checkNamesOf(reports: readonly Report[]): string[] {
  const names = new Set<string>();
  for (const report of reports) for (const check of report.checks) names.add(check.name);
  return [...names];
}

const passedWord = (passed: boolean | null | undefined): CsvCell =>
  passed === undefined || passed === null ? '' : passed ? 'passed' : 'failed';

export function reportsToCsv(reports: readonly Report[], pageOf: PageOf, withChecks: boolean): string {
  const checks = withChecks ? checkNamesOf(reports) : [];
  const header = [...EXPORT_COLUMNS, ...checks.map((name) => englishCheckTitle(name))];
  const rows = reports.map((report) => {
    const byName = new Map(report.checks.map((check) => [check.name, check.passed]));
    return [
      report.url,
      report.project,
      report.score,
      report.rating,
      CSV_PRIVACY[report.privacy],
      report.generatedAt,
      report.createdAt,
      pageOf(report.id),
      ...checks.map((name) => passedWord(byName.get(name))),
    ];
  });
  // The file's own text, BOM included: it is downloaded as it is (downloadFile).
  return CSV_BOM + toCsv(header, rows);
}

export function reportsToJson(reports: readonly Report[], pageOf: PageOf, withChecks: boolean): string {
  const rows = reports.map((report) => ({
    id: report.id,
    url: report.url,
    project: report.project,
    score: report.score,
    rating: report.rating,
    privacy: report.privacy,
    generated_at: report.generatedAt,
    created_at: report.createdAt,
    report_page: pageOf(report.id),
    ...(withChecks
      ? { checks: Object.fromEntries(report.checks.map((check) => [check.name, passedWord(check.passed) || null])) }
      : {}),
  }));
  return JSON.stringify(rows, null, 2);
}

/** One report's checks: name, title, importance, passed or failed, and the value found. */
export function checksToCsv(report: Report): string {
  return (
    CSV_BOM +
    toCsv(
      ['Check', 'Title', 'Importance', 'Result', 'Value'],
      report.checks.map((check) => [
        check.name,
        englishCheckTitle(check.name),
        check.importance,
        passedWord(check.passed),
        check.value === null || check.value === undefined
          ? ''
          : typeof check.value === 'object'
            ? JSON.stringify(check.value)
            : String(check.value as string | number | boolean),
      ]),
    )
  );
}

/** Hands a file to the browser as a download. */
export function downloadFile(name: string, text: string, type: string): void {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  link.style.display = 'none';
  document.body.append(link);
  link.click();
  link.remove();
  // Revoked a little later: some browsers start the download after the click returns.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
