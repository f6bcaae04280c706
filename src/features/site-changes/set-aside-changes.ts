import type { CheckChange, PageChange, StateComparison } from '../audit';
import { setAsideOf, type CheckSettings } from '../workspace';

/**
 * The change report with the project's check settings applied (decision 78). A check switched off
 * is not counted as newly failing or fixed anywhere: it is listed apart, with its flips, so that
 * the analyst still sees them. A failure accepted on one page is not counted as new or fixed on
 * that page: the analyst has already judged that pair. Scores and health are the service's and
 * stay as they are. Pure, so that the client report can tell the same story.
 */
export interface SetAsideComparison {
  /** The comparison with what is set aside taken out of the new failures and fixes. */
  counted: StateComparison;
  /** The switched-off checks that fail on either date, as compareStates found them. */
  switchedOff: CheckChange[];
  /** Flips (newly failing or fixed) on a page where the failure is accepted: not counted. */
  acceptedFlips: number;
}

export function withoutSetAside(comparison: StateComparison, settings: CheckSettings): SetAsideComparison {
  const setAside = setAsideOf(settings);
  if (settings.off.length === 0 && settings.accepted.length === 0)
    return { counted: comparison, switchedOff: [], acceptedFlips: 0 };
  let acceptedFlips = 0;
  const counts = (check: string, page: PageChange) => !setAside.isSetAside(check, page.key);

  // Each page once, with its lists cut, so that a page shared by several lists stays one object.
  const pages = new Map<PageChange, PageChange>();
  const pageOf = (page: PageChange): PageChange => {
    let cut = pages.get(page);
    if (!cut) {
      cut = {
        ...page,
        newlyFailing: page.newlyFailing.filter((check) => counts(check, page)),
        fixed: page.fixed.filter((check) => counts(check, page)),
      };
      pages.set(page, cut);
    }
    return cut;
  };

  const switchedOff: CheckChange[] = [];
  const checks: CheckChange[] = [];
  for (const change of comparison.checks) {
    if (setAside.isOff(change.check)) {
      switchedOff.push(change);
      continue;
    }
    const keep = (page: PageChange) => counts(change.check, page);
    const newlyFailing = change.newlyFailing.filter(keep);
    const fixed = change.fixed.filter(keep);
    acceptedFlips += change.newlyFailing.length - newlyFailing.length + change.fixed.length - fixed.length;
    checks.push({
      ...change,
      newlyFailing: newlyFailing.map(pageOf),
      fixed: fixed.map(pageOf),
      stillFailing: change.stillFailing.map(pageOf),
      unclear: change.unclear.map(pageOf),
      onNewPages: change.onNewPages.map(pageOf),
      onGonePages: change.onGonePages.map(pageOf),
    });
  }
  return {
    counted: {
      ...comparison,
      checks,
      changed: comparison.changed.map(pageOf),
      unchanged: comparison.unchanged.map(pageOf),
      newPages: comparison.newPages.map(pageOf),
      gonePages: comparison.gonePages.map(pageOf),
    },
    switchedOff,
    acceptedFlips,
  };
}
