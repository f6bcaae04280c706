import { useDeferredValue, useMemo } from 'react';
import { useOutletContext } from 'react-router';
import { paths } from '../../lib/paths';
import { useProjectAuditPart, type ProjectAudit, type ReadReport } from '../audit';
import { useSegmentChoice, useSegmentedAudit, type SegmentChoice } from '../segments';

/**
 * What the parts of a project's page share: the project they are of (the page's own, through
 * its outlet: a string, so that it never makes them render again) and the audit they show.
 */

/** The project whose part this is. */
export function useProjectOfPart(): string {
  return useOutletContext<string>();
}

export interface ShownAudit {
  /** The audit on screen (the segment's, with one in the address); undefined while none is. */
  audit: ProjectAudit | null | undefined;
  /** The reports it is of: those kept, or those a first read has brought so far. */
  reports: readonly ReadReport[] | undefined;
  /** While a first read runs: how far it is, for the words "from N of M reports". */
  partial: { read: number; total: number } | null;
  segmentChoice: SegmentChoice;
}

/**
 * The audit to show: the whole one once there is one, else what a first read has read so far,
 * narrowed to the segment the address names. Follows only the audit's parts that change what it
 * shows, not a read's progress (docs/decisions/0098).
 */
export function useShownAudit(project: string): ShownAudit {
  const whole = useProjectAuditPart(project, 'audit');
  const snapshot = useProjectAuditPart(project, 'snapshot');
  const partial = useProjectAuditPart(project, 'partial');
  // The store renders synchronously; what depends on the audit follows in a deferred render, which
  // React slices, so that showing it never blocks input for long. The audit and whether it is
  // partial are deferred together: the whole audit never shows as partial, nor the reverse.
  const source = useMemo(
    () =>
      whole
        ? { audit: whole, partial: null }
        : partial
          ? { audit: partial.audit, partial: { read: partial.reports.length, total: partial.total } }
          : undefined,
    [whole, partial],
  );
  const shown = useDeferredValue(source);
  const reports = snapshot?.reports ?? (whole ? undefined : partial?.reports);
  const segmentChoice = useSegmentChoice(project);
  const segmentAudit = useSegmentedAudit(reports, shown?.audit, segmentChoice.active);
  return {
    audit: segmentChoice.waiting ? undefined : segmentAudit,
    reports,
    partial: shown?.partial ?? null,
    segmentChoice,
  };
}

/** Where an earlier address of the project's one long page is now, by its #section. */
const MOVED_SECTIONS: Record<string, (project: string, search: URLSearchParams) => string> = {
  '#project-pages-title': paths.projectPages.getHref,
  '#project-segments-title': paths.projectSegments.getHref,
  '#project-watch-title': paths.projectWatch.getHref,
  '#project-manage-title': paths.projectSettings.getHref,
};

/** What the issues' own address keeps: the segment in view and the issues' filters. */
export const ISSUES_PARAMS = ['segment', 'group', 'importance'] as const;

/**
 * The part an address of the project's page meant before the page had parts, or null: a section's
 * #id leads to its part, and the reports list's view (`?latest=1&sort_by=…`) to the pages, with the
 * view kept. Bookmarks and links of before keep working.
 */
export function movedPartOf(project: string, { search, hash }: { search: string; hash: string }): string | null {
  const params = new URLSearchParams(search);
  const toSection = MOVED_SECTIONS[hash];
  if (toSection) return toSection(project, params);
  const listed = [...params.keys()].some((key) => !(ISSUES_PARAMS as readonly string[]).includes(key));
  return listed ? `${paths.projectPages.getHref(project, params)}${hash}` : null;
}
