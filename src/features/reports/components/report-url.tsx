import { toSafeHref } from '../../../lib/safe-url';

/** The analysed page's address, and a link out only when it is really an http(s) URL. */
export function OpenPageLink({ url }: { url: string }) {
  const href = toSafeHref(url);
  if (!href) return null;
  return (
    <a className="open-page" href={href} target="_blank" rel="noopener noreferrer">
      Open page <span className="visually-hidden">{url} (opens in a new tab)</span>
    </a>
  );
}
