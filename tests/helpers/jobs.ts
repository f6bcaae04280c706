import type { Job } from '../../src/features/jobs/job-model';
import type { JobQueue } from '../../src/features/jobs/job-queue';

/** Resolves when the job is over (finished or cancelled and nothing in flight). */
export function whenOver(queue: JobQueue, id: string): Promise<Job> {
  return new Promise((resolve) => {
    const check = () => {
      const job = queue.getSnapshot().find((candidate) => candidate.id === id);
      const inFlight = job?.items.some((item) => item.status === 'sending' || item.status === 'pending');
      if (job && (job.state === 'finished' || job.state === 'cancelled') && !inFlight) {
        stop();
        resolve(job);
      }
    };
    const stop = queue.subscribe(check);
    check();
  });
}
