import { toSafeHref } from '../../lib/safe-url';
import { toServiceUrl } from '../../lib/service-url';

/**
 * What we send for a typed address: http(s) URLs as typed, a bare host or path with https://
 * in front, and null for anything that is not a web address (javascript:, mailto:, garbage).
 */
export function toReportUrl(value: string): string | null {
  const trimmed = value.trim();
  const href = toSafeHref(trimmed);
  if (!href) return null;
  if (/^https?:\/\//i.test(trimmed)) return trimmed;
  // "https:example.com" parses but the service wants the slashes: send the parsed form.
  if (/^https?:/i.test(trimmed)) return href;
  return `https://${trimmed.replace(/^\/+/, '')}`;
}

export interface UrlLine {
  /** 1-based line of the pasted text or file. */
  line: number;
  text: string;
  /** What is sent, or null when the line is not a web address. */
  url: string | null;
  /** As the service stores it (no scheme, `www.` or trailing slash): the key for duplicates. */
  stored: string | null;
  /** The earlier line with the same page. */
  duplicateOf?: number;
}

export interface UrlList {
  valid: UrlLine[];
  invalid: UrlLine[];
  duplicates: UrlLine[];
}

/** A page's identity the way the service compares it: the host in any case is the same host. */
function pageKey(stored: string): string {
  const cut = stored.search(/[/?#]/);
  return cut < 0 ? stored.toLowerCase() : stored.slice(0, cut).toLowerCase() + stored.slice(cut);
}

/**
 * The first cell of a CSV or TSV line, unquoted: a spreadsheet's export puts the URL first. A
 * plain list has one URL per line and no separators.
 */
function firstCell(line: string): string {
  const trimmed = line.trim();
  if (trimmed.startsWith('"')) {
    const end = trimmed.indexOf('"', 1);
    return end > 0 ? trimmed.slice(1, end) : trimmed.slice(1);
  }
  return trimmed.split(/[,;\t]/)[0] ?? '';
}

const HEADER = /^(url|urls|address|page|page url|link)$/i;

/**
 * Reads pasted text or a dropped .txt/.csv: one URL per line (blank lines and a header row are
 * left out), each checked and put the way the service stores it, duplicates removed (the first
 * one is kept).
 */
export function parseUrlList(text: string): UrlList {
  const list: UrlList = { valid: [], invalid: [], duplicates: [] };
  const seen = new Map<string, number>();
  text
    .replace(/^\uFEFF/, '')
    .split(/\r\n|\r|\n/)
    .forEach((raw, index) => {
      const cell = firstCell(raw).trim();
      if (cell === '' || (index === 0 && HEADER.test(cell))) return;
      const line = index + 1;
      const url = toReportUrl(cell);
      const stored = url === null ? null : toServiceUrl(url);
      if (url === null || stored === null) {
        list.invalid.push({ line, text: cell, url: null, stored: null });
        return;
      }
      const key = pageKey(stored);
      const first = seen.get(key);
      if (first !== undefined) {
        list.duplicates.push({ line, text: cell, url, stored, duplicateOf: first });
        return;
      }
      seen.set(key, line);
      list.valid.push({ line, text: cell, url, stored });
    });
  return list;
}
