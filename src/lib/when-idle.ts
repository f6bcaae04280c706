/**
 * Runs `run` at the browser's next idle moment, within a second at the latest (in a task of its
 * own where the browser cannot say). For work that
 * can wait, such as loading code ahead of need: each `import()` costs the main thread a
 * millisecond or two, and a dozen at once made one long task (decision 0047).
 */
export function whenIdle(run: () => void): void {
  if (typeof requestIdleCallback === 'function') requestIdleCallback(() => run(), { timeout: 1000 });
  else setTimeout(run, 1);
}
