/**
 * Settings a deployment can change without a rebuild, read from `config.json` next to
 * index.html. Missing or broken config falls back to the defaults.
 */
export interface RuntimeConfig {
  /** Default API base URL when the user has not set one; '' = the dashboard's own origin. */
  apiBaseUrl: string;
}

const DEFAULTS: RuntimeConfig = { apiBaseUrl: '' };
let loading: Promise<RuntimeConfig> | undefined;

async function fetchRuntimeConfig(): Promise<RuntimeConfig> {
  try {
    const response = await fetch(`${import.meta.env.BASE_URL}config.json`, { cache: 'no-cache' });
    if (!response.ok) return DEFAULTS;
    const value: unknown = await response.json();
    const base = typeof value === 'object' && value !== null ? (value as Record<string, unknown>).apiBaseUrl : undefined;
    return typeof base === 'string' ? { ...DEFAULTS, apiBaseUrl: base } : DEFAULTS;
  } catch {
    // No config.json (or not JSON): the defaults serve.
    return DEFAULTS;
  }
}

/** Loaded once, on first need: only a real connection without its own base URL waits for it. */
export function getRuntimeConfig(): Promise<RuntimeConfig> {
  loading ??= fetchRuntimeConfig();
  return loading;
}
