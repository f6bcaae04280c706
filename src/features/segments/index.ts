/**
 * Segments: named groups of a project's pages by address pattern, each with its own health,
 * issues and change. The matching (./match.ts) is the one place that says which pages a pattern
 * takes; the segments themselves are kept in the analyst's workspace. The project's page, an
 * issue's pages and the change report narrow to the segment the address bar names.
 */
export { runsInSegment, useSegmentChoice, useSegmentedAudit, withSegment, type SegmentChoice } from './segment-view';
export { SegmentFilter } from './segment-filter';
export { SegmentPages } from './segment-pages';
export { ProjectSegments } from './project-segments';
