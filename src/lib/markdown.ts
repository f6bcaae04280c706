import type { Check, Report } from './service-types';
import { checkGroupTitle, checkGroupOf, checkTitle, describeFinding, importanceLabel, splitFindings } from './checks';
import { cutForDisplay, showBidiControls } from './display-text';
import { formatDateTime } from './format';
import { formatNumber } from './format-number';
import { ratingLabel } from './rating';

/**
 * Markdown for a ticket or a chat: a report's top issues, or one issue of a project with the
 * pages it fails on. Everything from the service (a URL, a value, a project name) may be hostile
 * and is written as inert text: pasted into any Markdown renderer it shows exactly the characters
 * it holds, on one line, and never becomes a link, an image, emphasis, code, a table cell break
 * or HTML. Only this module's own words make structure.
 */

/** Characters that start inline Markdown (emphasis, code, links, tables, strikethrough, escapes). */
const INLINE_MARKUP = /[\\`*_[\]|~]/g;
/**
 * What would make structure at the start of a line (a heading, a list item, a rule), escaped
 * wherever the text goes: a backslash before punctuation is only ever an escape.
 */
const BLOCK_START = /^([#+=-])/;
/** "1. " starts a numbered list; "7.02 s" does not, and stays as it is. */
const ORDERED_START = /^(\d{1,9})([.)])(?=\s|$)/;
const LINE_BREAKS = /\r\n|[\n\r\v\f\u0085\u2028\u2029]/g;
// Other control characters have no business in a ticket; a tab is a space.
// eslint-disable-next-line no-control-regex
const CONTROLS = /[\u0000-\u0008\u000E-\u001F\u007F]/g;

/** A value's longest length in Markdown: one cell, one line; the dashboard shows the rest. */
export const MARKDOWN_VALUE_LIMIT = 300;

/**
 * One line of inert Markdown text showing `value` as it is: markup characters escaped with a
 * backslash, `&`, `<` and `>` as entities (so that no HTML or entity is read), line breaks as
 * spaces (and none at either end), bidirectional controls made visible, and cut past `limit`
 * characters with "…".
 */
export function escapeMarkdown(value: string, limit = MARKDOWN_VALUE_LIMIT): string {
  const { text, cut } = cutForDisplay(value, limit);
  const escaped = showBidiControls(text)
    // Controls first: a NUL between CR and LF must not make two breaks (two spaces) of one.
    .replace(CONTROLS, '')
    .replace(LINE_BREAKS, ' ')
    .replace(/\t/g, ' ')
    // Spaces at the start of a line make code; at either end they show nothing.
    .trim()
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(INLINE_MARKUP, '\\$&')
    .replace(BLOCK_START, '\\$1')
    .replace(ORDERED_START, '$1\\$2');
  return escaped + (cut ? '…' : '');
}

/** A GitHub-flavoured table: every cell escaped, so that a `|` in a value never splits a row. */
export function markdownTable(headers: readonly string[], rows: readonly (readonly string[])[]): string {
  const line = (cells: readonly string[]) => `| ${cells.map((cell) => escapeMarkdown(cell) || ' ').join(' | ')} |`;
  return [line(headers), `|${headers.map(() => ' --- ').join('|')}|`, ...rows.map(line)].join('\n');
}

const plural = (n: number, one: string, many: string) => `${formatNumber(n)} ${n === 1 ? one : many}`;

/** "(high importance, SEO)" */
function checkContext(check: Pick<Check, 'name' | 'importance'>): string {
  const importance = check.importance
    ? `${importanceLabel(check.importance).toLowerCase()} importance`
    : 'importance not stated';
  return `(${importance}, ${checkGroupTitle(checkGroupOf(check.name))})`;
}

/**
 * A report's top issues: every failed check, most important first as the page lists them, with
 * what was found and, where `howToFix` knows it, how to fix it.
 */
export function topIssuesMarkdown(
  report: Pick<Report, 'url' | 'project' | 'score' | 'rating' | 'checks' | 'generatedAt'>,
  howToFix: (checkName: string) => string | undefined = () => undefined,
): string {
  const { issues } = splitFindings(report.checks);
  const facts = [
    `Score: ${ratingLabel(report.rating, report.score)}`,
    plural(issues.length, 'failed check', 'failed checks'),
    `analysed ${formatDateTime(report.generatedAt)}`,
  ];
  if (report.project) facts.push(`project ${escapeMarkdown(report.project)}`);
  const lines = [`## Top issues: ${escapeMarkdown(report.url || '(no URL)')}`, '', facts.join(' · '), ''];
  if (issues.length === 0) lines.push('No check failed.');
  issues.forEach((check, index) => {
    lines.push(
      `${index + 1}. **${escapeMarkdown(checkTitle(check.name))}** ${checkContext(check)}: ${escapeMarkdown(describeFinding(check, MARKDOWN_VALUE_LIMIT))}`,
    );
    const fix = howToFix(check.name);
    if (fix) lines.push(`   How to fix: ${escapeMarkdown(fix, 1000)}`);
  });
  return `${lines.join('\n')}\n`;
}

export interface IssuePagesMarkdown {
  project: string;
  check: string;
  /** The highest importance the service gave the check on a failing page. */
  importance: Check['importance'];
  /** Every page of the project (latest runs); null when not known. */
  pagesInProject: number | null;
  /** The failing pages, in the order to list them. */
  pages: readonly { report: Pick<Report, 'url' | 'score' | 'rating'>; check: Check }[];
}

/** Pages listed at most: a ticket or a chat message has room for this many; the CSV has them all. */
export const MARKDOWN_MAX_PAGES = 100;

/** One issue of a project's audit and the pages it fails on, as a table. */
export function issuePagesMarkdown({ project, check, importance, pagesInProject, pages }: IssuePagesMarkdown): string {
  const facts = [
    pagesInProject === null
      ? `Fails on ${plural(pages.length, 'page', 'pages')}`
      : `Fails on ${formatNumber(pages.length)} of ${plural(pagesInProject, 'page', 'pages')}`,
    `importance ${importanceLabel(importance).toLowerCase()}`,
    checkGroupTitle(checkGroupOf(check)),
  ];
  const shown = pages.slice(0, MARKDOWN_MAX_PAGES);
  const lines = [
    `## ${escapeMarkdown(checkTitle(check))} on ${escapeMarkdown(project)}`,
    '',
    facts.join(' · '),
    '',
    markdownTable(
      ['Page', 'Result', 'What was found'],
      shown.map(({ report, check: found }) => [
        report.url || '(no URL)',
        ratingLabel(report.rating, report.score),
        describeFinding(found, MARKDOWN_VALUE_LIMIT),
      ]),
    ),
  ];
  if (pages.length > shown.length) {
    lines.push(
      '',
      `…and ${plural(pages.length - shown.length, 'more page', 'more pages')}: the dashboard's CSV has them all.`,
    );
  }
  return `${lines.join('\n')}\n`;
}
