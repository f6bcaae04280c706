import { useId, useRef, useState } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import type { Report } from '../../../api';
import { useShareLink } from '../../exports';

/**
 * "Anyone with the link" needs the link: for a public or password report, the service's own page
 * for it, with a Copy button. Private reports and the demo say why there is none.
 */
export function ShareReport({ report }: { report: Report }) {
  const { t } = useLingui();
  const link = useShareLink(report.id);
  const labelId = useId();
  const anchor = useRef<HTMLAnchorElement>(null);
  const [copy, setCopy] = useState<{ url: string; done: boolean } | null>(null);

  if (report.privacy === 'private') {
    return (
      <p className="share">
        <Trans>
          <span className="share__label">Sharing:</span> private, only your account can open it at the service.
        </Trans>
      </p>
    );
  }
  if (link.kind === 'demo') {
    return (
      <p className="share">
        <Trans>
          <span className="share__label">Sharing:</span> the demo service has no report pages; with your own service,
          the link to this report is shown here.
        </Trans>
      </p>
    );
  }
  if (link.kind !== 'ready') return null;

  const onCopy = async () => {
    try {
      await navigator.clipboard.writeText(link.url);
      setCopy({ url: link.url, done: true });
    } catch {
      // No clipboard access (permissions, an old browser): select the link so that a shortcut copies it.
      const selection = window.getSelection();
      if (anchor.current && selection) selection.selectAllChildren(anchor.current);
      setCopy({ url: link.url, done: false });
    }
  };
  const copied = copy?.url === link.url ? copy : null;
  return (
    <div className="share">
      <span id={labelId} className="share__label">
        {report.privacy === 'password' ? t`Link to share (asks for the password):` : t`Link to share:`}
      </span>{' '}
      <a ref={anchor} href={link.url} className="share__url" target="_blank" rel="noopener noreferrer">
        {link.url}
      </a>{' '}
      <button type="button" className="button button--small no-print" aria-describedby={labelId} onClick={onCopy}>
        {t`Copy link`}
      </button>
      <span role="status" className="share__status">
        {copied ? (copied.done ? t`Link copied.` : t`Could not copy: the link is selected, press Ctrl+C or ⌘C.`) : ''}
      </span>
    </div>
  );
}
