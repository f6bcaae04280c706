import { trayGlance } from '../../src/features/job-tray/tray-glance';
import type { Job, JobItem } from '../../src/features/jobs';

const item = (key: string, status: JobItem['status']): JobItem => ({ key, label: key, status });

const job = (id: string, state: Job['state'], items: JobItem[]): Job => ({
  id,
  spec: { kind: 'reanalyse' },
  title: `Job ${id}`,
  connection: 'http://api.test',
  createdAt: Number(id),
  state,
  items,
});

describe('what a folded tray says in one line', () => {
  it('leads with the job still running, however many are over', () => {
    const over = job('1', 'finished', [item('a', 'done'), item('b', 'failed')]);
    const running = job('2', 'running', [item('c', 'done'), item('d', 'sending'), item('e', 'pending')]);
    const later = job('3', 'finished', [item('f', 'done')]);
    const glance = trayGlance([over, running, later]);
    expect(glance?.lead).toBe(running);
    expect(glance?.progress).toBe('1 of 3 finished');
    expect(glance?.others).toBe('2 more jobs, 1 failed');
  });

  it('a paused job still leads: it waits for the person', () => {
    const paused = job('2', 'paused', [item('a', 'pending')]);
    expect(trayGlance([job('1', 'finished', [item('b', 'done')]), paused])?.lead).toBe(paused);
  });

  it('once all are over, leads with the latest, with its failures and lost answers', () => {
    const older = job('1', 'finished', [item('a', 'done')]);
    const latest = job('2', 'cancelled', [item('b', 'failed'), item('c', 'unknown'), item('d', 'skipped')]);
    const glance = trayGlance([older, latest]);
    expect(glance?.lead).toBe(latest);
    expect(glance?.progress).toBe('2 of 3 finished · 1 failed · 1 unknown · 1 skipped');
    expect(glance?.others).toBe('1 more job');
  });

  it('says nothing of other jobs when there are none, and nothing at all without jobs', () => {
    expect(trayGlance([job('1', 'finished', [item('a', 'done')])])?.others).toBeNull();
    expect(trayGlance([])).toBeNull();
  });

  it('says which items wait for the service’s limit', () => {
    const waiting = job('1', 'running', [item('a', 'done'), item('b', 'waiting')]);
    expect(trayGlance([waiting])?.progress).toBe('1 of 2 finished · 1 waiting for the service');
  });

  it('counts pages read for an export', () => {
    const reading: Job = {
      ...job('1', 'running', [item('1', 'done'), item('2', 'pending')]),
      spec: { kind: 'export', params: {} as never, format: 'csv', withChecks: false, fileName: 'r.csv' },
    };
    expect(trayGlance([reading])?.progress).toBe('1 of 2 pages read');
  });
});
