import { lazyPart } from '../../components/lazy-part';
import type { SegmentChoice } from './segment-view';

// The select and its words (and so the segments' catalog) load only for a project that has a
// segment or an address that asks for one: the project's and the change report's pages do not
// carry them for every project.
const SegmentSelect = lazyPart(async () => (await import('./segment-select')).SegmentSelect);

/**
 * The segment filter of a project's screens (its audit, an issue's pages, the change report):
 * one select in the address bar's `segment=`, and the words for what it asked that cannot be
 * shown. Nothing when the project has no segment and none is asked for.
 */
export function SegmentFilter({ choice }: { choice: SegmentChoice }) {
  // `notice` is null unless the address asks for a segment the project does not have.
  if (choice.segments.length === 0 && choice.notice === null) return null;
  return <SegmentSelect choice={choice} />;
}
