import { toSafeHref } from '../lib/safe-url';

/** The analysed page's address, and a link out only when it is really an http(s) URL. */
export function OpenPageLink({ url, tabIndex }: { url: string; tabIndex?: number }) {
  const href = toSafeHref(url);
  if (!href) return null;
  return (
    <a className="open-page" href={href} target="_blank" rel="noopener noreferrer" tabIndex={tabIndex}>
      Open page{' '}
      <span className="visually-hidden">
        <bdi>{url}</bdi> (opens in a new tab)
      </span>
    </a>
  );
}
