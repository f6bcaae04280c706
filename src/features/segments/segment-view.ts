import { t } from '@lingui/core/macro';
import { useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import { aggregateProjectAudit, latestRunPerUrl, type ProjectAudit, type ReadReport } from '../audit';
import { useSegments, type Segment } from '../workspace';
import { addressOf, matchesPattern, readPattern, type PageAddress, type SegmentPattern } from './match';

/**
 * The segment filter: which segment the address bar asks for (`segment=<id>`, so that a view can
 * be shared and survives a reload), with words for one it cannot give, and the runs, audit and
 * health of a segment. Every screen that narrows to a segment goes through here.
 */

export const SEGMENT_PARAM = 'segment';

/** `href` with its segment set (or, with null, taken away); any page number goes: another list. */
export function withSegment(href: string, id: string | null): string {
  const [path = '', query = ''] = href.split('?');
  const search = new URLSearchParams(query);
  search.delete(SEGMENT_PARAM);
  search.delete('page');
  if (id !== null) search.set(SEGMENT_PARAM, id);
  const text = search.toString();
  return text ? `${path}?${text}` : path;
}

/** Shown back as it came, but never as a wall of text (the messages put it in their quotes). */
const shortened = (text: string) => (text.length > 40 ? `${text.slice(0, 39)}…` : text);

export interface SegmentChoice {
  segments: Segment[];
  /** The segment in effect; null: every page. */
  active: Segment | null;
  /** Until the workspace is read, a segment asked for cannot be told from garbage: nothing is shown. */
  waiting: boolean;
  /** What was wrong in the address bar and what is shown instead. */
  readonly notice: string | null;
}

/**
 * A segment asked for that this project does not have: every page, and words for it in the
 * language on screen when read. A getter, not a string made when the segment is chosen: the page
 * that chooses (the project's, the change report) renders before the segment filter has loaded
 * the segments' words, and keeps its choice across a switch of language.
 */
function unknownSegment(asked: string, segments: Segment[]): SegmentChoice {
  return {
    segments,
    active: null,
    waiting: false,
    get notice() {
      const segment = shortened(asked);
      return segments.length === 0
        ? t({
            message: `The address asks for a segment, “${segment}”, but this project has none on this device: every page is shown.`,
            comment: '{segment}: what the address names, as it was written',
          })
        : t({
            message: `The segment in the address, “${segment}”, is not one of this project’s segments on this device: every page is shown.`,
            comment: '{segment}: what the address names, as it was written',
          });
    },
  };
}

export function chooseSegment(asked: string | null, segments: readonly Segment[], loaded: boolean): SegmentChoice {
  const base = { segments: [...segments], active: null, waiting: false, notice: null };
  if (asked === null || asked === '') return base;
  if (!loaded) return { ...base, waiting: true };
  const active = segments.find((segment) => segment.id === asked);
  if (active) return { ...base, active };
  return unknownSegment(asked, base.segments);
}

/** The segment the address bar asks for on this project's screens. */
export function useSegmentChoice(project: string): SegmentChoice {
  const [searchParams] = useSearchParams();
  const asked = searchParams.get(SEGMENT_PARAM);
  const { loaded, segments } = useSegments(project);
  return useMemo(() => chooseSegment(asked, segments, loaded), [asked, segments, loaded]);
}

/**
 * Addresses read once per list of runs (a new read is a new array): a project's pages are
 * matched against every segment, on every screen, without reading an address twice.
 */
const addresses = new WeakMap<readonly ReadReport[], Map<string, PageAddress>>();
function addressesOf(reports: readonly ReadReport[]): (url: string) => PageAddress {
  let known = addresses.get(reports);
  if (!known) addresses.set(reports, (known = new Map()));
  const cache = known;
  return (url) => {
    let address = cache.get(url);
    if (!address) cache.set(url, (address = addressOf(url)));
    return address;
  };
}

const inSegment = new WeakMap<readonly ReadReport[], Map<string, ReadReport[]>>();

/**
 * Every run of the segment's pages (history included, for the change report), or none when its
 * pattern cannot be read. The same array for the same runs and pattern, so screens can memoise.
 */
export function runsInSegment(reports: readonly ReadReport[], pattern: string): ReadReport[] {
  let bySegment = inSegment.get(reports);
  if (!bySegment) inSegment.set(reports, (bySegment = new Map()));
  const kept = bySegment.get(pattern);
  if (kept) return kept;
  const read = readPattern(pattern).pattern;
  const address = addressesOf(reports);
  const runs = read ? reports.filter((report) => matchesPattern(read, address(report.url))) : [];
  bySegment.set(pattern, runs);
  return runs;
}

/** The audit of the segment's pages, or the project's own without a segment. */
export function useSegmentedAudit(
  reports: readonly ReadReport[] | undefined,
  audit: ProjectAudit | null | undefined,
  segment: Segment | null,
): ProjectAudit | null | undefined {
  const [now] = useState(() => Date.now());
  return useMemo(() => {
    if (!segment || !reports) return audit;
    return aggregateProjectAudit(runsInSegment(reports, segment.pattern), now);
  }, [reports, audit, segment, now]);
}

export interface SegmentHealth {
  segment: Segment;
  /** The pattern cannot be read: no page, and words instead (in the language on screen when made). */
  problem: string | null;
  /** Pages (latest run of each URL) in the segment. */
  pages: number;
  averageScore: number | null;
  /** Checks failing on at least one of its pages. */
  issues: number;
}

/** Each segment's health from the latest run of each page; a page may be in several. */
export function segmentsHealth(reports: readonly ReadReport[], segments: readonly Segment[]): SegmentHealth[] {
  const latest = latestRunPerUrl(reports);
  const address = addressesOf(reports);
  return segments.map((segment) => {
    const reading = readPattern(segment.pattern);
    const pattern = reading.pattern;
    if (!pattern) return { segment, problem: reading.problem ?? null, pages: 0, averageScore: null, issues: 0 };
    let pages = 0;
    let sum = 0;
    let scored = 0;
    const failing = new Set<string>();
    for (const run of latest) {
      if (!matchesPattern(pattern, address(run.url))) continue;
      pages += 1;
      if (run.score !== null) {
        sum += run.score;
        scored += 1;
      }
      for (const check of run.problems) if (check.passed === false) failing.add(check.name);
    }
    return { segment, problem: null, pages, averageScore: scored > 0 ? sum / scored : null, issues: failing.size };
  });
}

/** How many of `pages` (the latest run of each URL) a pattern takes: the add form's live count. */
export function countPages(pages: readonly ReadReport[], pattern: SegmentPattern): number {
  const address = addressesOf(pages);
  let count = 0;
  for (const run of pages) if (matchesPattern(pattern, address(run.url))) count += 1;
  return count;
}
