/**
 * An outbound link to an analysed page, only for a value that is really an http(s) URL.
 * The service stores URLs without their scheme ("example.com/blog"), so a bare host/path gets
 * https:// in front; anything else (`javascript:…`, `data:…`, garbage) gets no link at all.
 */
export function toSafeHref(value: string): string | null {
  const trimmed = value.trim();
  if (!trimmed || /\s/.test(trimmed)) return null;
  const hasScheme = /^[a-z][a-z0-9+.-]*:/i.test(trimmed);
  // "example.com:8080/x" looks like a scheme but is a host with a port.
  const isHostWithPort = /^[^/:]+:\d+(\/|$)/.test(trimmed);
  const candidate = hasScheme && !isHostWithPort ? trimmed : `https://${trimmed.replace(/^\/+/, '')}`;
  try {
    const url = new URL(candidate);
    if (url.protocol !== 'https:' && url.protocol !== 'http:') return null;
    if (!url.hostname.includes('.') && url.hostname !== 'localhost') return null;
    // Credentials in a stored URL (`user:pa55@host`) must not ride along in a link we offer.
    url.username = '';
    url.password = '';
    return url.href;
  } catch {
    return null;
  }
}
