/**
 * A project's segments as the workspace keeps them: named groups of its pages by address pattern
 * ("Blog", `/blog/*`). Only the shape, its bounds and the reading of whatever is stored live here;
 * what a pattern means and which pages it takes is the segments feature's matching
 * (features/segments/match.ts), which needs the audit's page addresses that the workspace does
 * not import. A pattern kept here is bounded text; one the matching cannot read is shown with
 * words, never dropped silently (it may come from a file made by a newer version).
 */

export interface Segment {
  /** Stable across renames: the address bar's `segment=` names a segment by it. */
  id: string;
  name: string;
  /** As the analyst wrote it (trimmed): a path prefix (`/blog/`) or a wildcard (`/blog/*`). */
  pattern: string;
}

/** Bounds, so that a hostile or runaway record cannot grow without end or fill a screen. */
export const MAX_SEGMENTS = 50;
export const SEGMENT_NAME_MAX = 60;
export const SEGMENT_PATTERN_MAX = 200;
const ID = /^[a-z0-9-]{1,40}$/;
// Control characters and line breaks: a name is one line of words, a pattern one address.
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]/;

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null;

/** A segment's name as kept (trimmed), or null when it cannot be one. */
export function segmentName(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  const name = value.trim();
  return name === '' || name.length > SEGMENT_NAME_MAX || CONTROL.test(name) ? null : name;
}

/** A pattern's text as kept (trimmed), or null when it is no bounded one-line text. */
export function segmentPatternText(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  const pattern = value.trim();
  return pattern === '' || pattern.length > SEGMENT_PATTERN_MAX || CONTROL.test(pattern) ? null : pattern;
}

export function parseSegment(value: unknown): Segment | null {
  if (!isRecord(value)) return null;
  const name = segmentName(value.name);
  const pattern = segmentPatternText(value.pattern);
  if (typeof value.id !== 'string' || !ID.test(value.id) || name === null || pattern === null) return null;
  return { id: value.id, name, pattern };
}

/** Two segments of one project never share a name (any case): the filter lists them by name. */
export const sameName = (a: string, b: string) => a.toLowerCase() === b.toLowerCase();

/**
 * A project's stored segments, each read on its own: a broken one, a second of the same id or
 * name, and those beyond the bound are left out.
 */
export function parseSegments(value: unknown): Segment[] {
  if (!Array.isArray(value)) return [];
  const segments: Segment[] = [];
  for (const item of value.slice(0, MAX_SEGMENTS * 2)) {
    const segment = parseSegment(item);
    if (!segment) continue;
    if (segments.some((kept) => kept.id === segment.id || sameName(kept.name, segment.name))) continue;
    segments.push(segment);
    if (segments.length === MAX_SEGMENTS) break;
  }
  return segments;
}

/** The field of a project's entry: absent when it has none, so that entries without stay as they were. */
export function segmentsField(value: unknown): { segments?: Segment[] } {
  const segments = parseSegments(value);
  return segments.length > 0 ? { segments } : {};
}
