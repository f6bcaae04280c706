import type { Transport } from '../api';
import type { Persistence } from '../simulator';

/**
 * The demo: the simulated service running in this page, loaded only when it is used so that it
 * never weighs on the first paint of a real connection. Its data lives in localStorage so that
 * it survives a reload.
 */
// A new key when the seed changes, so that a returning visitor sees the current demo data.
const DEMO_DATA_KEY = 'seo-dashboard.demo-data.v2';
const OLD_DEMO_DATA_KEY = 'seo-dashboard.demo-data';
export const DEMO_API_KEY = 'demo';

/**
 * `?demo-seed=hostile` in the address swaps this tab's demo data for records built to break
 * the dashboard (script URLs, markup, huge strings…), to check by hand that it shows them as
 * inert text; `?demo-seed=demo` switches back. Kept for the tab (sessionStorage), so that it
 * survives navigation and reloads but never reaches another tab or a newcomer.
 */
const DEMO_SEED_KEY = 'seo-dashboard.demo-seed';
export type DemoSeed = 'demo' | 'hostile';

export function demoSeed(): DemoSeed {
  try {
    const asked = new URLSearchParams(window.location.search).get('demo-seed');
    if (asked === 'hostile') sessionStorage.setItem(DEMO_SEED_KEY, asked);
    if (asked === 'demo') sessionStorage.removeItem(DEMO_SEED_KEY);
    return sessionStorage.getItem(DEMO_SEED_KEY) === 'hostile' ? 'hostile' : 'demo';
  } catch {
    return 'demo';
  }
}

type Simulator = Awaited<ReturnType<typeof import('../simulator').createSimulator>>;
let simulator: Promise<Simulator> | undefined;

/** The demo's data as kept in localStorage, read once: to know whether to seed, then to load it. */
let storedData: string | null | undefined;

const persistence: Persistence = {
  load() {
    if (storedData === undefined) {
      try {
        localStorage.removeItem(OLD_DEMO_DATA_KEY);
        storedData = localStorage.getItem(DEMO_DATA_KEY);
      } catch {
        storedData = null;
      }
    }
    return storedData;
  },
  save(data) {
    storedData = data;
    try {
      localStorage.setItem(DEMO_DATA_KEY, data);
    } catch {
      // Storage full or disabled: the demo still works, it just will not survive a reload.
    }
  },
};

/** Runs the steps with a pause for the page after each (a task of its own each). */
async function inSlices<T>(steps: Generator<void, T>): Promise<T> {
  for (;;) {
    const step = steps.next();
    if (step.done) return step.value;
    await new Promise((resume) => setTimeout(resume, 0));
  }
}

function loadSimulator(): Promise<Simulator> {
  const seed = demoSeed();
  // Dated back from today, so the newest reports read "yesterday", not "3 months ago".
  const now = new Date();
  simulator ??= import('../simulator').then(async ({ createSimulator, seedReportsBySite }) =>
    createSimulator({
      seed,
      validKeys: [DEMO_API_KEY],
      now,
      // Enough latency to feel like a network, and a store that takes a while, like the real one.
      latencyMs: 120,
      analysisDelayMs: 2500,
      // The hostile data is for a look, not for keeping: it starts afresh on every load.
      ...(seed === 'demo' && {
        persistence,
        // A newcomer's first visit builds the demo data: one site at a time, not in one long
        // task while the page draws its first screen.
        ...(persistence.load() === null && { seedReports: await inSlices(seedReportsBySite({ now })) }),
      }),
    }),
  );
  return simulator;
}

export async function loadDemoTransport(): Promise<Transport> {
  const sim = await loadSimulator();
  return { baseUrl: window.location.origin, apiKey: DEMO_API_KEY, fetch: sim.fetch };
}

/** Puts the demo data back to its first state. */
export async function resetDemoData(): Promise<void> {
  const sim = await loadSimulator();
  sim.reset();
}
