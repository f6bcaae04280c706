/**
 * A page address the way the service stores it: no scheme, no leading `www.`, no trailing
 * slash ("https://www.example.com/blog/" is stored as "example.com/blog"). Searching, matching
 * a lost store's report and de-duplicating pasted lists all compare addresses in this form.
 * Returns null for what is not a web address at all.
 */
export function toServiceUrl(input: string): string | null {
  const trimmed = input.trim();
  if (trimmed === '' || /\s/.test(trimmed)) return null;
  // A scheme is letters then ':', but "example.com:8080" is a host and a port.
  const scheme = /^([a-z][a-z0-9+.-]*):(?!\d)/i.exec(trimmed)?.[1]?.toLowerCase();
  if (scheme !== undefined && scheme !== 'http' && scheme !== 'https') return null;
  const cleaned = trimmed
    .replace(/^https?:\/\//i, '')
    .replace(/^www\./i, '')
    .replace(/\/+$/, '');
  return cleaned === '' ? null : cleaned;
}
