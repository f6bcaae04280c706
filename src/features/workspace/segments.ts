import * as v from 'valibot';
import { listOf, readOr } from '../../lib/schema';

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

/** One line of bounded words (trimmed), as a name or a pattern is kept. */
const oneLine = (max: number) =>
  v.pipe(
    v.string(),
    v.transform((value: string) => value.trim()),
    v.check((value: string) => value !== '' && value.length <= max && !CONTROL.test(value)),
  );
const SegmentNameSchema = oneLine(SEGMENT_NAME_MAX);
const SegmentPatternSchema = oneLine(SEGMENT_PATTERN_MAX);

/** A segment's name as kept (trimmed), or null when it cannot be one. */
export const segmentName = (value: unknown): string | null => readOr(SegmentNameSchema, value, null);

/** A pattern's text as kept (trimmed), or null when it is no bounded one-line text. */
export const segmentPatternText = (value: unknown): string | null => readOr(SegmentPatternSchema, value, null);

const SegmentSchema: v.GenericSchema<unknown, Segment> = v.object({
  id: v.pipe(v.string(), v.regex(ID)),
  name: SegmentNameSchema,
  pattern: SegmentPatternSchema,
});

export const parseSegment = (value: unknown): Segment | null => readOr(SegmentSchema, value, null);

/** Two segments of one project never share a name (any case): the filter lists them by name. */
export const sameName = (a: string, b: string) => a.toLowerCase() === b.toLowerCase();

/**
 * A project's stored segments, each read on its own: a broken one, a second of the same id or
 * name, and those beyond the bound are left out.
 */
export const SegmentsSchema = listOf(SegmentSchema, {
  read: MAX_SEGMENTS * 2,
  keep: MAX_SEGMENTS,
  keysOf: (segment) => [`id ${segment.id}`, `name ${segment.name.toLowerCase()}`],
});

export const parseSegments = (value: unknown): Segment[] => v.parse(SegmentsSchema, value);
