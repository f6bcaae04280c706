import { useState } from 'react';
import { useLingui } from '@lingui/react/macro';
import { formatNumber } from '../lib/i18n/format';
import { useCatalog } from '../lib/i18n/use-catalog';
import { cutForDisplay, DISPLAY_LIMIT, showBidiControls } from '../lib/display-text';
import { sharedPartsCatalog } from './catalog';

/**
 * A string from the service, shown as inert text: isolated from the text around it (<bdi>),
 * bidirectional controls made visible, and cut past `limit` characters with "Show all".
 */
export function ApiText({ value, limit = DISPLAY_LIMIT }: { value: string; limit?: number }) {
  useCatalog(sharedPartsCatalog);
  const { t } = useLingui();
  const [expanded, setExpanded] = useState(false);
  const { text, cut } = cutForDisplay(value, limit);
  if (!cut) return <bdi>{showBidiControls(value)}</bdi>;
  const characters = formatNumber(value.length);
  return (
    <>
      <bdi className={expanded ? 'api-text api-text--expanded' : 'api-text'}>
        {showBidiControls(expanded ? value : text)}
        {expanded ? null : '…'}
      </bdi>{' '}
      <button
        type="button"
        className="button button--small button--ghost"
        aria-expanded={expanded}
        onClick={(event) => {
          // Inside a link or a row with its own click handler, this button does only this.
          event.preventDefault();
          event.stopPropagation();
          setExpanded((value) => !value);
        }}
      >
        {expanded ? t`Show less` : t`Show all (${characters} characters)`}
      </button>
    </>
  );
}
