import type { Transport } from '../api';

/**
 * The demo: the simulated service running in this page, loaded only when it is used so that it
 * never weighs on the first paint of a real connection. Its data lives in localStorage so that
 * it survives a reload.
 */
const DEMO_DATA_KEY = 'seo-dashboard.demo-data';
export const DEMO_API_KEY = 'demo';

type Simulator = Awaited<ReturnType<typeof import('../simulator').createSimulator>>;
let simulator: Promise<Simulator> | undefined;

function loadSimulator(): Promise<Simulator> {
  simulator ??= import('../simulator').then(({ createSimulator }) =>
    createSimulator({
      validKeys: [DEMO_API_KEY],
      // Enough latency to feel like a network, and a store that takes a while, like the real one.
      latencyMs: 120,
      analysisDelayMs: 2500,
      persistence: {
        load: () => {
          try {
            return localStorage.getItem(DEMO_DATA_KEY);
          } catch {
            return null;
          }
        },
        save: (data: string) => {
          try {
            localStorage.setItem(DEMO_DATA_KEY, data);
          } catch {
            // Storage full or disabled: the demo still works, it just will not survive a reload.
          }
        },
      },
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
