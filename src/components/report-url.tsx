import { useLingui } from '@lingui/react/macro';
import { toSafeHref } from '../lib/safe-url';

/**
 * The analysed page's address, and a link out only when it is really an http(s) URL. Its name
 * carries the address in a label, not in hidden text: in a list the address is on screen beside
 * it already, and hidden text is laid out and shaped all the same, a second time in every row
 * (decision 0096).
 */
export function OpenPageLink({ url, tabIndex }: { url: string; tabIndex?: number }) {
  const { t } = useLingui();
  const href = toSafeHref(url);
  if (!href) return null;
  return (
    <a
      className="open-page"
      href={href}
      target="_blank"
      rel="noopener noreferrer"
      tabIndex={tabIndex}
      aria-label={t`Open page ${url} (opens in a new tab)`}
    >
      {t`Open page`}
    </a>
  );
}
