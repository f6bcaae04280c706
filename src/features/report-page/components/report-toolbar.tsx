import { useState } from 'react';
import { useLingui } from '@lingui/react/macro';
import type { Report } from '../../../api';
import { lazyPart, usePreloadWhenIdle } from '../../../components/lazy-part';
import { PRIVACY_LABELS } from '../../reports';
import { DeleteReport } from '../../report-actions';

// The privacy form's code (with react-hook-form) is not needed to read a
// report: it loads once the page is idle after showing the report, or when the panel first
// opens, whichever comes first, so that it does not delay the findings.
const PrivacyForm = lazyPart(async () => (await import('./privacy-form')).PrivacyForm, {
  placeholder: () => <PrivacyFormLoading />,
});

function PrivacyFormLoading() {
  const { t } = useLingui();
  return <p>{t`Loading the privacy settings…`}</p>;
}

interface ReportToolbarProps {
  report: Report;
  reanalysing: boolean;
  /** False while a re-analysis runs or its outcome is unknown: nothing is sent twice. */
  canReanalyse: boolean;
  onReanalyse: () => void;
  onPrivacyDirtyChange: (dirty: boolean) => void;
  onDeleted: (settledByReading: boolean) => void;
  onPrint: () => void;
  /** Undefined: nothing to download (no checks). */
  onDownloadChecks: (() => void) | undefined;
}

/**
 * The report's actions in one compact row that does not compete with the findings: re-analyse,
 * privacy (edited in place below the row), then the secondary ones (print, the checks' CSV, and
 * delete last and quiet). On a phone the secondary ones fold under "More actions" (CSS shows the
 * toggle only there; on a wide screen the group is simply part of the row).
 */
export function ReportToolbar({
  report,
  reanalysing,
  canReanalyse,
  onReanalyse,
  onPrivacyDirtyChange,
  onDeleted,
  onPrint,
  onDownloadChecks,
}: ReportToolbarProps) {
  const { t } = useLingui();
  const privacy = PRIVACY_LABELS[report.privacy];
  const [privacyOpen, setPrivacyOpen] = useState(false);
  // Mounted from the first opening on, then only hidden (below).
  const [privacyOpened, setPrivacyOpened] = useState(false);
  const [moreOpen, setMoreOpen] = useState(false);
  usePreloadWhenIdle(PrivacyForm.preload);
  return (
    <>
      <div className="report-toolbar no-print" role="group" aria-label={t`Report actions`}>
        <button type="button" className="button" onClick={onReanalyse} disabled={!canReanalyse}>
          {reanalysing ? t`Re-analysing…` : t`Re-analyse page`}
        </button>
        <button
          type="button"
          className="button"
          aria-expanded={privacyOpen}
          aria-controls="privacy-panel"
          onClick={() => {
            setPrivacyOpen((open) => !open);
            setPrivacyOpened(true);
          }}
        >
          {t`Privacy: ${privacy}`} <span aria-hidden="true">{privacyOpen ? '▴' : '▾'}</span>
        </button>
        <button
          type="button"
          className="button report-toolbar__more-toggle"
          aria-expanded={moreOpen}
          aria-controls="report-more-actions"
          onClick={() => setMoreOpen((open) => !open)}
        >
          {t`More actions`} <span aria-hidden="true">{moreOpen ? '▴' : '▾'}</span>
        </button>
        <span
          id="report-more-actions"
          className={moreOpen ? 'report-toolbar__more report-toolbar__more--open' : 'report-toolbar__more'}
        >
          <button type="button" className="button" onClick={onPrint}>
            {t`Print / save as PDF`}
          </button>
          <button type="button" className="button" disabled={!onDownloadChecks} onClick={onDownloadChecks}>
            {t`Download checks (CSV)`}
          </button>
          <span className="report-toolbar__end">
            <DeleteReport report={report} onDeleted={onDeleted} />
          </span>
        </span>
      </div>
      {/* Hidden, not unmounted: closing the panel keeps what was typed (and the leave prompt). */}
      <div id="privacy-panel" className="report-toolbar__panel no-print" hidden={!privacyOpen}>
        {privacyOpened ? <PrivacyForm key={report.id} report={report} onDirtyChange={onPrivacyDirtyChange} /> : null}
      </div>
    </>
  );
}
