import { useEffect, useState } from 'react';
import type { ReportId } from '../../api';
import { getRuntimeConfig, loadedRuntimeConfig, type RuntimeConfig } from '../../lib/runtime-config';
import { useConnection } from '../connection';

/**
 * The service shows each report at its own web page, `{service}/reports/{id}` by default
 * (public to anyone, password reports behind a form). A deployment whose service differs sets
 * `reportPageUrl` in config.json. Only an http(s) address is ever offered.
 */
const DEFAULT_REPORT_PAGE_URL = '{service}/reports/{id}';

/** config.json's `reportPageUrl`; a template without `{id}` would send every report to one page. */
function reportPageTemplate({ raw }: RuntimeConfig): string {
  const template = raw.reportPageUrl;
  return typeof template === 'string' && template.includes('{id}') ? template : DEFAULT_REPORT_PAGE_URL;
}

export function reportPageUrl(template: string, service: string, id: ReportId): string | null {
  // The API lives under {service}/api/v1: a base URL given with it still names the service.
  const filled = template
    .split('{service}')
    .join(service.replace(/\/+$/, '').replace(/\/api\/v1$/i, ''))
    .split('{id}')
    .join(encodeURIComponent(id));
  try {
    const url = new URL(filled);
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.href : null;
  } catch {
    return null;
  }
}

/** The service's page of a report under this config (for exports, outside React); null if none. */
export function servicePageOf(config: RuntimeConfig, service: string, id: ReportId): string | null {
  return reportPageUrl(reportPageTemplate(config), service, id);
}

export type ShareLink =
  /** The demo's simulated service has no web pages to send anyone to. */
  { kind: 'demo' } | { kind: 'loading' } | { kind: 'ready'; url: string } | { kind: 'unavailable' };

export function useShareLink(id: ReportId): ShareLink {
  const connection = useConnection();
  const [config, setConfig] = useState<RuntimeConfig | undefined>(loadedRuntimeConfig);
  useEffect(() => {
    if (config) return;
    let live = true;
    void getRuntimeConfig().then((loaded) => {
      if (live) setConfig(loaded);
    });
    return () => {
      live = false;
    };
  }, [config]);
  if (connection.mode === 'demo') return { kind: 'demo' };
  if (!config) return { kind: 'loading' };
  // An empty base URL means the API is proxied under this origin, and so is the service.
  const service = connection.baseUrl || config.apiBaseUrl || window.location.origin;
  const url = servicePageOf(config, service, id);
  return url ? { kind: 'ready', url } : { kind: 'unavailable' };
}
