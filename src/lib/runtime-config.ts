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
   * The address of a report's own page at the service, for sharing: `{service}` is the API base
   * URL (or this origin), `{id}` the report's id.
   */
  reportPageUrl: string;
}

export const DEFAULT_REQUESTS_PER_MINUTE = 55;
export const DEFAULT_REPORT_PAGE_URL = '{service}/reports/{id}';
const DEFAULTS: RuntimeConfig = {
  apiBaseUrl: '',
  requestsPerMinute: DEFAULT_REQUESTS_PER_MINUTE,
  reportPageUrl: DEFAULT_REPORT_PAGE_URL,
};
let loading: Promise<RuntimeConfig> | undefined;

async function fetchRuntimeConfig(): Promise<RuntimeConfig> {
  try {
    // index.html preloads it; a matching plain fetch takes that answer (the server says no-cache).
    const response = await fetch(`${import.meta.env.BASE_URL}config.json`);
    if (!response.ok) return DEFAULTS;
    const value: unknown = await response.json();
    if (typeof value !== 'object' || value === null) return DEFAULTS;
    const { apiBaseUrl, requestsPerMinute, reportPageUrl } = value as Record<string, unknown>;
    return {
      apiBaseUrl: typeof apiBaseUrl === 'string' ? apiBaseUrl : DEFAULTS.apiBaseUrl,
      requestsPerMinute:
        typeof requestsPerMinute === 'number' && requestsPerMinute > 0 ? requestsPerMinute : DEFAULTS.requestsPerMinute,
      // A template without {id} would send every report to one page: ignore it.
      reportPageUrl:
        typeof reportPageUrl === 'string' && reportPageUrl.includes('{id}') ? reportPageUrl : DEFAULTS.reportPageUrl,
    };
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
