import type { Simulator } from '../../../src/simulator';
import type { SeedReport } from '../../../src/simulator/seed';

export const ORIGIN = 'http://api.test';
export const AUTH = { Authorization: 'Bearer demo', Accept: 'application/json' } as const;

/** Calls the simulated service like the app's client does: absolute URL, key, JSON Accept. */
export function call(sim: Simulator, path: string, init: RequestInit = {}): Promise<Response> {
  const headers = new Headers(init.headers);
  for (const [name, value] of Object.entries(AUTH)) if (!headers.has(name)) headers.set(name, value);
  return sim.fetch(`${ORIGIN}${path}`, { ...init, headers });
}

export function form(fields: Record<string, string>): RequestInit {
  return { body: new URLSearchParams(fields) };
}

export async function body<T = Record<string, unknown>>(response: Response): Promise<T> {
  return (await response.json()) as T;
}

export interface ListBody<T> {
  data: T[];
  links: { first: string; last: string; prev: string | null; next: string | null };
  meta: {
    current_page: number;
    from: number | null;
    last_page: number;
    links: { url: string | null; label: string; active: boolean }[];
    path: string;
    per_page: string;
    to: number | null;
    total: number;
  };
  status: number;
}

/** A minimal report for hand-made stores; results are empty, so the score is what you set. */
export function report(overrides: Partial<SeedReport> = {}): SeedReport {
  return {
    url: 'example.com/page',
    project: 'example.com',
    result: 50,
    results: {},
    privacy: 0,
    password: false,
    generated_at: '2026-01-01T00:00:00.000000Z',
    created_at: '2026-01-01T00:00:00.000000Z',
    updated_at: '2026-01-01T00:00:00.000000Z',
    ...overrides,
  };
}
