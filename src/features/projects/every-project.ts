import type { Project } from '../../api';
import { listProjects } from '../../api/projects';

/**
 * Every project, 100 at a time, up to `maxPages` pages: projectQueries.everyProject's fetcher,
 * in a module of its own so that it loads with the page that needs it, not in the first paint.
 */
export async function readEveryProject(
  maxPages: number,
  signal: AbortSignal,
): Promise<{ items: Project[]; total: number }> {
  const first = await listProjects({ perPage: 100 }, { signal });
  const items = [...first.items];
  const lastPage = Math.min(first.lastPage, maxPages);
  // One page after another: the request budget is shared with everything else.
  for (let page = 2; page <= lastPage; page += 1) {
    items.push(...(await listProjects({ perPage: 100, page }, { signal })).items);
  }
  return { items, total: first.total };
}
