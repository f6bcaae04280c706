// Apart from lib/service-url.ts, which the reports list's search needs in the first paint: only
// the settling of a lost store (api/write-outcomes.ts) and the bulk create's matching of pages
// (features/jobs/job-runners.ts) compare pages.
/** Whether two stored addresses name the same page (hosts are case-insensitive). */
export function isSamePage(a: string, b: string): boolean {
  if (a === b) return true;
  const split = (url: string) => {
    const cut = url.search(/[/?#]/);
    return cut < 0 ? [url.toLowerCase(), ''] : [url.slice(0, cut).toLowerCase(), url.slice(cut)];
  };
  const [hostA, restA] = split(a);
  const [hostB, restB] = split(b);
  return hostA === hostB && restA === restB;
}
