import type { I18n } from '@lingui/core';
import { msg, plural } from '@lingui/core/macro';
import type { Check, Report } from './service-types';
import { checkGroupTitle, checkGroupOf, checkTitle, describeFinding, importanceLabel, splitFindings } from './checks';
import { cutForDisplay, showBidiControls } from './display-text';
import { momentInWords } from './i18n/format';
import type { Locale } from './i18n/locales';
import { ratingLabel } from './rating';

/**
 * Markdown for a ticket or a chat: a report's top issues, or one issue of a project with the
 * pages it fails on. Everything from the service (a URL, a value, a project name) may be hostile
 * and is written as inert text: pasted into any Markdown renderer it shows exactly the characters
 * it holds, on one line, and never becomes a link, an image, emphasis, code, a table cell break
 * or HTML. Only this module's own words make structure.
 *
 * Written in the words of the Lingui instance given: the dashboard's, whose `markdown` and `checks`
 * catalogs the part that copies has loaded (components/copy-markdown.tsx; no English default: an
 * instance without them would write message ids in a build). The analyst pastes it where the team
 * works. The rating follows the dashboard's language.
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

/** "(high importance, SEO)" */
function checkContext(check: Pick<Check, 'name' | 'importance'>, i18n: I18n): string {
  const group = checkGroupTitle(checkGroupOf(check.name), i18n);
  if (!check.importance) return i18n._(msg`(importance not stated, ${group})`);
  const importance = importanceLabel(check.importance, i18n).toLowerCase();
  return i18n._(msg`(${importance} importance, ${group})`);
}

/**
 * A report's top issues: every failed check, most important first as the page lists them, with
 * what was found and, where `howToFix` knows it, how to fix it.
 */
export function topIssuesMarkdown(
  report: Pick<Report, 'url' | 'project' | 'score' | 'rating' | 'checks' | 'generatedAt'>,
  howToFix: (checkName: string) => string | undefined,
  i18n: I18n,
): string {
  const { issues } = splitFindings(report.checks, i18n);
  const score = ratingLabel(report.rating, report.score);
  const failed = issues.length;
  const facts = [
    i18n._(msg`Score: ${score}`),
    i18n._(msg({ message: plural(failed, { one: '# failed check', other: '# failed checks' }) })),
  ];
  if (report.generatedAt) {
    const analysed = momentInWords(report.generatedAt, i18n.locale as Locale).exact;
    facts.push(i18n._(msg`analysed ${analysed}`));
  } else facts.push(i18n._(msg`not analysed yet`));
  if (report.project) {
    const project = escapeMarkdown(report.project);
    facts.push(i18n._(msg`project ${project}`));
  }
  const page = escapeMarkdown(report.url) || i18n._(msg`(no URL)`);
  const lines = [i18n._(msg`## Top issues: ${page}`), '', facts.join(' · '), ''];
  if (issues.length === 0) lines.push(i18n._(msg`No check failed.`));
  issues.forEach((check, index) => {
    const title = escapeMarkdown(checkTitle(check.name, i18n));
    const finding = escapeMarkdown(describeFinding(check, MARKDOWN_VALUE_LIMIT, i18n));
    lines.push(`${index + 1}. **${title}** ${checkContext(check, i18n)}: ${finding}`);
    const fix = howToFix(check.name);
    if (fix) {
      const steps = escapeMarkdown(fix, 1000);
      lines.push(`   ${i18n._(msg`How to fix: ${steps}`)}`);
    }
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
export function issuePagesMarkdown(
  { project, check, importance, pagesInProject, pages }: IssuePagesMarkdown,
  i18n: I18n,
): string {
  const failing = pages.length;
  const level = importanceLabel(importance, i18n).toLowerCase();
  const facts = [
    pagesInProject === null
      ? i18n._(msg({ message: plural(failing, { one: 'Fails on # page', other: 'Fails on # pages' }) }))
      : i18n._(
          msg({
            message: plural(pagesInProject, {
              one: `Fails on ${failing} of # page`,
              other: `Fails on ${failing} of # pages`,
            }),
          }),
        ),
    i18n._(msg`importance ${level}`),
    checkGroupTitle(checkGroupOf(check), i18n),
  ];
  const shown = pages.slice(0, MARKDOWN_MAX_PAGES);
  const noUrl = i18n._(msg`(no URL)`);
  const title = escapeMarkdown(checkTitle(check, i18n));
  const site = escapeMarkdown(project);
  const lines = [
    i18n._(msg`## ${title} on ${site}`),
    '',
    facts.join(' · '),
    '',
    markdownTable(
      [i18n._(msg`Page`), i18n._(msg`Result`), i18n._(msg`What was found`)],
      shown.map(({ report, check: found }) => [
        report.url || noUrl,
        ratingLabel(report.rating, report.score),
        describeFinding(found, MARKDOWN_VALUE_LIMIT, i18n),
      ]),
    ),
  ];
  const more = failing - shown.length;
  if (more > 0) {
    lines.push(
      '',
      i18n._(
        msg({
          message: plural(more, {
            one: '…and # more page: the dashboard’s CSV has them all.',
            other: '…and # more pages: the dashboard’s CSV has them all.',
          }),
        }),
      ),
    );
  }
  return `${lines.join('\n')}\n`;
}
