// How the service treats a submitted URL: validated loosely (a bare host is fine), stored
// "cleaned" (no scheme, no leading www., no trailing slash) and grouped by host.
// Everything is string work rather than `new URL().hostname`, because the service (PHP)
// keeps unicode hosts such as `bücher.example` as typed, while URL would punycode them.

export type UrlCheck = { ok: true; cleaned: string; host: string } | { ok: false; reason: 'format' };

// A scheme is letters followed by ':' — but `example.com:8080` is a host and port, not a scheme.
const SCHEME = /^([a-z][a-z0-9+.-]*):(?!\d)/i;

export function checkPageUrl(input: string): UrlCheck {
  const trimmed = input.trim();
  if (trimmed === '' || /\s/.test(trimmed)) return { ok: false, reason: 'format' };
  const scheme = SCHEME.exec(trimmed)?.[1]?.toLowerCase();
  if (scheme !== undefined && scheme !== 'http' && scheme !== 'https') return { ok: false, reason: 'format' };
  const absolute = scheme === undefined ? `http://${trimmed}` : trimmed;
  let parsed: URL;
  try {
    parsed = new URL(absolute);
  } catch {
    return { ok: false, reason: 'format' };
  }
  // A host must follow the scheme's '//' (URL would also take `http:example.com` or `http:///x`).
  // This checks the shape only: the scheme check above alone keeps out `javascript://host/...`.
  if (parsed.hostname === '' || !/^[a-z][a-z0-9+.-]*:\/\/[^/?#]/i.test(absolute))
    return { ok: false, reason: 'format' };

  const withoutScheme = absolute.replace(/^https?:\/\//i, '');
  const withoutWww = withoutScheme.replace(/^www\./i, '');
  const cleaned = withoutWww.replace(/\/+$/, '');
  return { ok: true, cleaned, host: hostOf(cleaned) };
}

/** The project name of a cleaned URL: its host (no port, no credentials), lower-cased. */
export function hostOf(cleanedUrl: string): string {
  const authority = cleanedUrl.split(/[/?#]/, 1)[0] ?? '';
  const hostAndPort = authority.includes('@') ? authority.slice(authority.lastIndexOf('@') + 1) : authority;
  return hostAndPort
    .replace(/:\d*$/, '')
    .replace(/^www\./i, '')
    .toLowerCase();
}

/**
 * Whether the service would fail to fetch the page. `.invalid` is reserved never to resolve
 * (RFC 2606), `unreachable` lets tests ask for the failure by name, and a dotless host
 * (e.g. `notaurl`) does not resolve on the public internet.
 */
export function isUnreachableHost(host: string): boolean {
  return host.endsWith('.invalid') || host.includes('unreachable') || (!host.includes('.') && host !== 'localhost');
}
