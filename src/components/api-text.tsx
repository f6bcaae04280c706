import { useState } from 'react';
import { formatNumber } from '../lib/format-number';
import { cutForDisplay, DISPLAY_LIMIT, showBidiControls } from '../lib/display-text';

/**
 * A string from the service, shown as inert text: isolated from the text around it (<bdi>),
 * bidirectional controls made visible, and cut past `limit` characters with "Show all".
 */
export function ApiText({ value, limit = DISPLAY_LIMIT }: { value: string; limit?: number }) {
  const [expanded, setExpanded] = useState(false);
  const { text, cut } = cutForDisplay(value, limit);
  if (!cut) return <bdi>{showBidiControls(value)}</bdi>;
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
        {expanded ? 'Show less' : `Show all (${formatNumber(value.length)} characters)`}
      </button>
    </>
  );
}
