// @vitest-environment node
import { createSimulator, LARGE_ACCOUNT } from '../../../src/simulator';

describe('the large account seed', () => {
  it('seeds 10,000 reports over 40 projects, one of exactly 1,000, with repeated runs of pages', () => {
    const simulator = createSimulator({ seed: 'large' });
    const reports = simulator.store.reports();
    expect(reports).toHaveLength(10_000);
    const projects = simulator.store.projects();
    expect(projects).toHaveLength(40);
    const largest = projects.find((p) => p.project === LARGE_ACCOUNT.largestProject)!;
    expect(largest.reports).toBe(1_000);
    const big = reports.filter((r) => r.project === LARGE_ACCOUNT.largestProject);
    const urls = new Set(big.map((r) => r.url));
    // Several runs of some pages: "latest run per URL" is not "every report".
    expect(urls.size).toBeGreaterThan(500);
    expect(urls.size).toBeLessThan(1_000);
    // Projects differ in health, so ranking them means something.
    const averages = projects.map((p) => Number(p.result) / p.reports);
    expect(Math.max(...averages) - Math.min(...averages)).toBeGreaterThan(20);
    // Ids follow creation, as in the service.
    expect(reports.every((r, i) => i === 0 || reports[i - 1]!.created_at <= r.created_at)).toBe(true);

    // A reset seeds the same large account again, identically.
    simulator.store.remove(1);
    simulator.reset();
    expect(simulator.store.reports()).toEqual(reports);
  }, 120_000);
});
