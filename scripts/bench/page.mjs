// One instrumented browser page for the bench: what it records runs in the page before the app.
import { BENCH_KEY } from './servers.mjs';

export const CONNECTION_KEY = 'seo-dashboard.connection';
export const ROWS = 'table.data-table tbody tr';

/**
 * Runs in every page before the app: remembers when selectors first match (the data is on
 * screen), and collects long tasks, long animation frames, API calls and Event Timing entries
 * (input to next paint).
 */
function instrument(selectors) {
  window.__seen = {};
  window.__longTasks = [];
  window.__apiCalls = [];
  window.__events = [];
  const originalFetch = window.fetch;
  window.fetch = function (input, init) {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    if (url.includes('/api/v1/')) window.__apiCalls.push(performance.now());
    return originalFetch.call(this, input, init);
  };
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries())
      window.__longTasks.push({ start: entry.startTime, duration: entry.duration });
  }).observe({ type: 'longtask', buffered: true });
  // Event Timing reports an input whose next paint came 16 ms or more after it (its duration);
  // 'first-input' is the page's first one, which 'event' may leave out.
  const keepEvents = (list) => {
    for (const entry of list.getEntries())
      window.__events.push({
        name: entry.name,
        interactionId: entry.interactionId ?? 0,
        start: entry.startTime,
        duration: entry.duration,
      });
  };
  new PerformanceObserver(keepEvents).observe({ type: 'event', durationThreshold: 16, buffered: true });
  // Long animation frames (50 ms or more), with what took their time: the scripts that ran, and
  // the rendering after them (from renderStart to the frame's end, less the scripts that ran in it
  // (rAF, observers): style and layout, also those a pending mouse move's hit test forces first).
  window.__frames = [];
  if (PerformanceObserver.supportedEntryTypes.includes('long-animation-frame')) {
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries())
        window.__frames.push({
          start: entry.startTime,
          duration: entry.duration,
          renderStart: entry.renderStart,
          styleAndLayoutStart: entry.styleAndLayoutStart,
          scripts: entry.scripts.map((script) => ({
            start: script.startTime,
            duration: script.duration,
            invoker: script.invoker,
            forcedStyleAndLayout: script.forcedStyleAndLayoutDuration,
          })),
        });
    }).observe({ type: 'long-animation-frame', buffered: true });
  }
  new PerformanceObserver(keepEvents).observe({ type: 'first-input', buffered: true });
  const check = () => {
    for (const [name, selector] of Object.entries(selectors)) {
      if (window.__seen[name] === undefined && document.querySelector(selector))
        window.__seen[name] = performance.now();
    }
  };
  new MutationObserver(check).observe(document, { childList: true, subtree: true, characterData: true });
}

/** A fresh context (empty cache and storage), with the saved connection when `baseUrl` is given. */
export async function newPage(browser, { baseUrl, viewport } = {}) {
  const context = await browser.newContext(viewport === undefined ? {} : { viewport });
  if (baseUrl !== undefined) {
    await context.addInitScript(
      ([key, value]) => localStorage.setItem(key, value),
      [CONNECTION_KEY, JSON.stringify({ baseUrl, apiKey: BENCH_KEY })],
    );
  }
  await context.addInitScript(instrument, { rows: ROWS, report: '#report-title' });
  const page = await context.newPage();
  return { context, page };
}
