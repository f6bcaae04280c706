import 'fake-indexeddb/auto';
import type { Job } from '../../src/features/jobs/job-model';
import type { JobTabs } from '../../src/features/jobs/job-events';
import { createJobQueue, type JobQueue } from '../../src/features/jobs/job-queue';
import { indexedDbJobStore } from '../../src/features/jobs/job-store';
import { fakeLocks } from '../helpers/fake-locks';
import { connectSimulator } from '../helpers/render-app';

/**
 * Two tabs of one browser: one device store of jobs, and the pings the tabs send each other
 * (here a pair of hand-linked channels, as BroadcastChannel links two tabs). A job one tab runs,
 * like a re-analysis plan's run that tab claimed, shows in the other tab's queue as it goes,
 * and the other tab sends nothing for it.
 */

/** Two linked ends: what one announces, the others hear (never itself, as with BroadcastChannel). */
function linkedTabs(count: number): JobTabs[] {
  const listeners = Array.from({ length: count }, () => new Set<() => void>());
  return listeners.map((own) => ({
    announce: () => {
      // Asynchronous, as a channel's message is.
      for (const others of listeners) if (others !== own) others.forEach((listener) => setTimeout(listener, 0));
    },
    listen: (changed) => {
      own.add(changed);
      return () => own.delete(changed);
    },
    close: () => own.clear(),
  }));
}

/** Web Locks of one browser, shared by its tabs. */
const sharedLocks = (): LockManager => fakeLocks().manager;

const queueOf = (dbName: string, otherTabs: JobTabs, locks: LockManager): JobQueue =>
  createJobQueue({
    store: indexedDbJobStore(dbName),
    connection: () => 'http://api.test',
    concurrency: 1,
    locks,
    otherTabs,
  });

/** Resolves when `queue`'s snapshot has a job that `matches`. */
function whenShown(queue: JobQueue, matches: (job: Job) => boolean): Promise<Job> {
  return new Promise((resolve) => {
    const check = () => {
      const job = queue.getSnapshot().find(matches);
      if (job) {
        stop();
        resolve(job);
      }
    };
    const stop = queue.subscribe(check);
    check();
  });
}

describe('jobs across tabs', () => {
  it("shows a plan's run started in one tab in the other tab's queue, as it goes, and runs it once", async () => {
    const { requests } = connectSimulator({ analysisDelayMs: 0 });
    const [first, second] = linkedTabs(2) as [JobTabs, JobTabs];
    const locks = sharedLocks();
    const runningTab = queueOf('jobs-across-tabs', first, locks);
    const otherTab = queueOf('jobs-across-tabs', second, locks);
    // The other tab was open before: its tray has looked at the device already, and found nothing.
    await otherTab.resumeSaved();
    expect(otherTab.getSnapshot()).toEqual([]);

    const urls = ['https://plan.example/one', 'https://plan.example/two', 'https://plan.example/three'];
    const job = await runningTab.start(
      { kind: 'create', privacy: 'public', existing: 'create' },
      'Analyse 3 pages of plan.example again (weekly plan)',
      urls.map((url) => ({ key: url, label: url, url })),
    );

    const seenRunning = await whenShown(otherTab, (shown) => shown.id === job.id);
    expect(seenRunning).toMatchObject({ title: job.title, inAnotherTab: true });
    const seenFinished = await whenShown(
      otherTab,
      (shown) =>
        shown.id === job.id && shown.state === 'finished' && shown.items.every((item) => item.status === 'done'),
    );
    expect(seenFinished.inAnotherTab).toBe(true);
    // The running tab shows it as its own.
    expect(runningTab.getSnapshot().find((shown) => shown.id === job.id)?.inAnotherTab).toBeUndefined();
    // One store a page: the other tab sent nothing for it.
    expect(requests.filter((request) => request.method === 'POST')).toHaveLength(urls.length);
  });

  it('a tab opened while another runs a job shows it at once, from the device', async () => {
    const { hold, requests } = connectSimulator({ analysisDelayMs: 0 });
    // The running tab's store waits for the service: the job is still running when the other tab opens.
    const release = hold((request) => request.method === 'POST');
    const [first, second] = linkedTabs(2) as [JobTabs, JobTabs];
    const locks = sharedLocks();
    const runningTab = queueOf('jobs-across-tabs-later', first, locks);
    const job = await runningTab.start({ kind: 'create', privacy: 'public', existing: 'create' }, 'Create 1 report', [
      { key: 'https://later.example/', label: 'https://later.example/', url: 'https://later.example/' },
    ]);
    // Its store is on its way and its last word to the other tabs was said before this one opened.
    await vi.waitFor(() => expect(requests.some((request) => request.method === 'POST')).toBe(true));
    await new Promise((settled) => setTimeout(settled, 50));
    const openedLater = queueOf('jobs-across-tabs-later', second, locks);
    await openedLater.resumeSaved();
    expect(await whenShown(openedLater, (shown) => shown.id === job.id)).toMatchObject({
      state: 'running',
      inAnotherTab: true,
    });
    release();
    expect(await whenShown(openedLater, (shown) => shown.id === job.id && shown.state === 'finished')).toMatchObject({
      inAnotherTab: true,
    });
  });
});
