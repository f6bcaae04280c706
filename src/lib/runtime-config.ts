/**
 * Settings a deployment can change without a rebuild, read from `config.json` next to
 * index.html. Missing or broken config falls back to the defaults.
 */
export interface RuntimeConfig {
  /** Default API base URL when the user has not set one; '' = the dashboard's own origin. */
  apiBaseUrl: string;
  /** Requests the dashboard starts per minute at most, to stay under the service's limit (~60). */
  requestsPerMinute: number;
  /**
   * config.json as it came, for settings only a lazily loaded page reads (and checks) itself,
   * e.g. the report page's `reportPageUrl`: their code stays out of the first paint.
   */
  raw: Record<string, unknown>;
}

export const DEFAULT_REQUESTS_PER_MINUTE = 55;
const DEFAULTS: RuntimeConfig = { apiBaseUrl: '', requestsPerMinute: DEFAULT_REQUESTS_PER_MINUTE, raw: {} };
let loading: Promise<RuntimeConfig> | undefined;

/**
 * Read by hand, not with the schema library (docs/decisions/0094): the first request may wait for
 * the base URL, so this is in the first paint of /reports.
 */
async function fetchRuntimeConfig(): Promise<RuntimeConfig> {
  try {
    // index.html preloads it; a matching plain fetch takes that answer (the server says no-cache).
    const response = await fetch(`${import.meta.env.BASE_URL}config.json`);
    if (!response.ok) return DEFAULTS;
    const value: unknown = await response.json();
    if (typeof value !== 'object' || value === null) return DEFAULTS;
    const raw = value as Record<string, unknown>;
    const { apiBaseUrl, requestsPerMinute } = raw;
    return {
      apiBaseUrl: typeof apiBaseUrl === 'string' ? apiBaseUrl : DEFAULTS.apiBaseUrl,
      requestsPerMinute:
        typeof requestsPerMinute === 'number' && requestsPerMinute > 0 ? requestsPerMinute : DEFAULTS.requestsPerMinute,
      raw,
    };
  } catch {
    // No config.json (or not JSON): the defaults serve.
    return DEFAULTS;
  }
}

let loaded: RuntimeConfig | undefined;

/** Loaded once, on first need: only a real connection without its own base URL waits for it. */
export function getRuntimeConfig(): Promise<RuntimeConfig> {
  loading ??= fetchRuntimeConfig().then((config) => (loaded = config));
  return loading;
}

/**
 * The config if it has arrived (the app asks for it at start): a part drawn from it is drawn in
 * its first render, rather than one render later, pushing down what is below it.
 */
export function loadedRuntimeConfig(): RuntimeConfig | undefined {
  return loaded;
}
