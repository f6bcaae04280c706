import { expect, test } from '@playwright/test';
import { connect, simulator } from './fixtures';

/**
 * Nothing moves on screen as a page's later parts arrive: the layout shift of the first seconds
 * (Chromium's layout-shift entries, as Lighthouse's CLS adds them) stays under 0.1, "good" for
 * Lighthouse, on a phone-sized window where a shift moves the most. The overview's Needs attention
 * and the project page's links kept their place badly once (0.16 and 0.07).
 */
for (const path of ['/', '/projects/fourthcoffee.com']) {
  test(`${path} does not move as its parts arrive`, async ({ page }) => {
    await simulator.reset();
    await connect(page);
    await page.addInitScript(() => {
      const shifts: number[] = [];
      (window as unknown as { layoutShifts: number[] }).layoutShifts = shifts;
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries() as unknown as { value: number; hadRecentInput: boolean }[]) {
          if (!entry.hadRecentInput) shifts.push(entry.value);
        }
      }).observe({ type: 'layout-shift', buffered: true });
    });
    await page.setViewportSize({ width: 412, height: 823 });
    await page.goto(path);
    await page.waitForTimeout(4000);
    const shifts = await page.evaluate(() => (window as unknown as { layoutShifts: number[] }).layoutShifts);
    const total = shifts.reduce((sum, value) => sum + value, 0);
    expect(total, `layout shifts: ${shifts.map((value) => value.toFixed(3)).join(', ')}`).toBeLessThan(0.1);
  });
}
