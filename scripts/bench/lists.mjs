// Lists as a person meets them (issue 37, item 6): a 100-row list whose rows carry real-length
// addresses (the simulator's `addresses` seed, 80 to 150 characters with paths and query strings),
// re-sorted by URL, paged and filtered with the CPU slowed 4x, at 1280×800 with the job tray open
// beside the list, and at 390×844. For each input: how long it waits for its next paint (Event
// Timing), and the longest animation frame until the new rows are drawn (long-animation-frame
// entries), with its script and its style and layout apart.
//
//   npm run bench                          # a section of the whole bench
//   npm run bench -- --only lists          # this section alone (add --no-build to reuse dist-bench/)
//   node scripts/bench/lists.mjs           # the same, on its own (builds dist-bench/ if it is missing)
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../chromium.mjs';
import { runOnItsOwn } from './audit.mjs';
import { CPU_SLOWDOWN, INPUT_TO_PAINT_GOAL_MS, scrollIntoViewSettled, watchForNewRows } from './interactions.mjs';
import { NGINX_PROXY_URL, SIMULATOR_URL, resetSimulator } from './servers.mjs';
import { ROWS, newPage } from './page.mjs';

export const LONGEST_FRAME_GOAL_MS = 100;
const WARM_UP_RUNS = 1;
const MEASURED_RUNS = Number(process.env.BENCH_LIST_RUNS ?? 3);
/** After the rows are in the page: their frame's entry, effects, the next page's prefetch. */
const SETTLE_MS = 400;
const REPORT_LINK = 'a.report-link';
const LIST = '/reports?per_page=100';

const VIEWPORTS = [
  { name: '1280×800, tray open beside the list', width: 1280, height: 800, tray: true },
  { name: '390×844', width: 390, height: 844, tray: false },
];

/**
 * How a person does each at that width. On a phone the column headers are not shown (the rows are
 * cards): the list is sorted with the Sort select there. Selects are changed from the keyboard, as
 * a closed native select is (the key press is the input that changes the rows).
 */
const INTERACTIONS = [
  {
    name: 'sort by URL',
    target: (page, { width }) =>
      width > 640 ? page.getByRole('button', { name: /^URL/ }) : page.getByLabel('Sort', { exact: true }),
    // "u": the select's type-ahead picks "URL: A to Z".
    input: (page, { width }) => (width > 640 ? 'click' : 'u'),
  },
  {
    name: 'next page (prefetched)',
    prepare: (page) => page.waitForResponse((response) => /\/api\/v1\/reports\?.*page=2/.test(response.url())),
    target: (page) => page.getByRole('link', { name: 'Next', exact: true }),
    input: () => 'click',
  },
  {
    name: 'filter (Result: the last choice)',
    target: (page) => page.getByLabel('Result', { exact: true }),
    input: () => 'End',
  },
];

/** The job tray open beside the list: a re-analysis whose writes the simulator holds unanswered. */
async function openTray(page) {
  await fetch(`${SIMULATOR_URL}/__simulator/faults`, {
    method: 'POST',
    body: JSON.stringify({ kind: 'stall', times: 10_000, method: 'PATCH', path: '/api/v1/reports*' }),
  });
  await page.goto(`${NGINX_PROXY_URL}${LIST}`);
  await page.getByText('No reports selected.').waitFor();
  await page.locator(`${ROWS} input.row-select`).first().check();
  await page.getByRole('button', { name: 'Analyse again' }).click();
  await page
    .getByRole('dialog', { name: 'Analyse 1 page again?' })
    .getByRole('button', { name: 'Analyse again' })
    .click();
  await page.locator('.job-tray[data-folded="false"]').waitFor();
}

/**
 * Sums of one frame: its scripts, and its style and layout: its rendering (from renderStart) less
 * the scripts in it (rAF, observers). Not from styleAndLayoutStart: a mouse move waiting for the
 * frame is dispatched first, and its hit test lays out the new rows before that mark.
 */
function frameParts(frame) {
  const end = frame.start + frame.duration;
  const rendering = frame.renderStart > 0 ? frame.renderStart : frame.styleAndLayoutStart;
  const inRendering = frame.scripts
    .filter((script) => rendering > 0 && script.start >= rendering)
    .reduce((sum, script) => sum + script.duration, 0);
  return {
    duration: frame.duration,
    script: frame.scripts.reduce((sum, script) => sum + script.duration, 0),
    styleAndLayout: rendering > 0 ? end - rendering - inRendering : 0,
    forced: frame.scripts.reduce((sum, script) => sum + script.forcedStyleAndLayout, 0),
  };
}

async function measureOnce(context, viewport, interaction) {
  const page = await context.newPage();
  try {
    const prepared = interaction.prepare?.(page);
    await page.goto(`${NGINX_PROXY_URL}${LIST}`);
    await page.waitForSelector(ROWS);
    await prepared;
    await page.waitForLoadState('networkidle');
    if (viewport.tray) await page.locator('.job-tray[data-folded="false"]').waitFor();
    const target = interaction.target(page, viewport);
    await scrollIntoViewSettled(page, target);
    const input = interaction.input(page, viewport);
    let act;
    if (input === 'click') {
      const box = await target.boundingBox();
      act = () => page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
    } else {
      await target.focus();
      act = () => page.keyboard.press(input);
    }
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
    const start = await page.evaluate(watchForNewRows, [ROWS, REPORT_LINK]);
    await act();
    const rendered = await page.evaluate(() => window.__rowsRendered);
    // The frame that draws them ends after the mutation that put them in: wait for its paint.
    const drawn = await page.evaluate(
      () => new Promise((done) => requestAnimationFrame(() => setTimeout(() => done(performance.now())))),
    );
    await page.waitForTimeout(SETTLE_MS);
    const { events, frames } = await page.evaluate(
      ([from, until]) => ({
        events: window.__events.filter((entry) => entry.start >= from && entry.interactionId > 0),
        frames: window.__frames.filter((frame) => frame.start + frame.duration >= from && frame.start <= until),
      }),
      [start, rendered],
    );
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
    const parts = frames.map(frameParts);
    const longest = parts.reduce((a, b) => (b.duration > a.duration ? b : a), {
      duration: 0,
      script: 0,
      styleAndLayout: 0,
      forced: 0,
    });
    return {
      inputToPaint: Math.max(0, ...events.map((entry) => entry.duration)),
      longest,
      frames: parts.length,
      toDrawn: drawn - start,
    };
  } finally {
    await page.close();
  }
}

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const list = (values) => values.map((value) => Math.round(value)).join(', ');

/** Rows for the bench's table: input to next paint and the longest frame, each input, each width. */
export async function runListsBench() {
  await resetSimulator();
  await fetch(`${SIMULATOR_URL}/__simulator/reset`, { method: 'POST', body: JSON.stringify({ seed: 'addresses' }) });
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
  const rows = [];
  try {
    for (const viewport of VIEWPORTS) {
      // One profile per width, kept across its runs: the job (kept on the device) holds the tray open.
      const { context, page } = await newPage(browser, {
        baseUrl: NGINX_PROXY_URL,
        viewport: { width: viewport.width, height: viewport.height },
      });
      try {
        if (viewport.tray) await openTray(page);
        await page.close();
        for (const interaction of INTERACTIONS) {
          const runs = [];
          for (let i = 0; i < WARM_UP_RUNS + MEASURED_RUNS; i += 1) {
            const run = await measureOnce(context, viewport, interaction).catch((error) => {
              throw new Error(`${viewport.name}, ${interaction.name}: ${error.message}`);
            });
            if (i >= WARM_UP_RUNS) runs.push(run);
          }
          const inputToPaint = median(runs.map((run) => run.inputToPaint));
          const byFrame = [...runs].sort((a, b) => a.longest.duration - b.longest.duration);
          const mid = byFrame[Math.floor(byFrame.length / 2)];
          const name = `${viewport.width} px, ${interaction.name}`;
          rows.push({
            name: `${name}: input to next paint`,
            figure: inputToPaint === 0 ? '< 16 ms' : `${Math.round(inputToPaint)} ms`,
            goal: `≤ ${INPUT_TO_PAINT_GOAL_MS} ms`,
            pass: inputToPaint <= INPUT_TO_PAINT_GOAL_MS,
            note: `runs: ${list(runs.map((run) => run.inputToPaint))} ms (0: under 16 ms)`,
          });
          rows.push({
            name: `${name}: longest frame until the rows are drawn`,
            figure: `${Math.round(mid.longest.duration)} ms`,
            goal: `≤ ${LONGEST_FRAME_GOAL_MS} ms`,
            pass: mid.longest.duration <= LONGEST_FRAME_GOAL_MS,
            note:
              `its script ${Math.round(mid.longest.script)} ms, style and layout ${Math.round(mid.longest.styleAndLayout)} ms` +
              (mid.longest.forced > 0 ? ` (forced in script: ${Math.round(mid.longest.forced)} ms)` : '') +
              `; runs: ${list(runs.map((run) => run.longest.duration))} ms` +
              ` (style and layout ${list(runs.map((run) => run.longest.styleAndLayout))})` +
              `; ${mid.frames} long frame(s); rows drawn ${Math.round(median(runs.map((run) => run.toDrawn)))} ms after the input`,
          });
        }
      } finally {
        await context.close();
      }
    }
    return rows;
  } finally {
    await browser.close();
    await resetSimulator();
  }
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  // runOnItsOwn prints rows measured as a value with a unit; these carry their figure as text.
  await runOnItsOwn(
    'Lists of 100 real-length addresses, CPU slowed 4x (Event Timing, long animation frames)',
    async () =>
      (await runListsBench()).map((row) => ({
        name: row.name,
        value: Number.parseFloat(row.figure.replace('< ', '')),
        unit: 'ms',
        budget: row.goal,
        pass: row.pass,
        note: row.note,
      })),
  );
}
