// @vitest-environment node
import { createSimulator, DEMO_SITES, generateSeedReports, seedReportsBySite } from '../../../src/simulator';

const NOW = new Date('2026-11-20T09:00:00Z');

describe('the demo seed, one site at a time', () => {
  it('pauses once per site and ends with exactly the reports built in one go', () => {
    const steps = seedReportsBySite({ now: NOW });
    let pauses = 0;
    let step = steps.next();
    for (; !step.done; step = steps.next()) pauses += 1;
    expect(pauses).toBe(DEMO_SITES.length);
    expect(step.value).toEqual(generateSeedReports({ now: NOW }));
    expect(step.value).toHaveLength(300);
  });

  it('a simulator starts from reports built ahead, and a reset builds them anew', () => {
    const built = generateSeedReports({ now: NOW, reportCount: 5 });
    const [first, ...others] = built;
    const simulator = createSimulator({
      now: NOW,
      seedReports: [{ ...first!, url: 'built-ahead.example/' }, ...others],
    });
    expect(simulator.store.reports().map((report) => report.url)).toContain('built-ahead.example/');

    simulator.reset();
    expect(simulator.store.reports().map((report) => report.url)).not.toContain('built-ahead.example/');
    expect(simulator.store.reports()).toHaveLength(300);
  });
});
