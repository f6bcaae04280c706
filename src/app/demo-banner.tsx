import { NavLink } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { Messages } from '@lingui/core';
import { useLingui } from '@lingui/react/macro';
import { ConfirmDialog } from '../components/confirm-dialog';
import { toast } from '../components/toast';
import { messages as english } from '../lib/i18n/locales/en/demo.po';
import { catalog } from '../lib/i18n/switch-language';
import { useCatalog } from '../lib/i18n/use-catalog';
import { paths } from '../lib/paths';
import { demoSeed, resetDemoData } from './demo';

/**
 * The banner's words: a catalog of its own (lib/i18n/catalogs.ts), not the shell's, whose English
 * is in the first paint of every visit: only the demo shows this.
 */
const demoCatalog = catalog(
  'demo',
  english,
  import.meta.glob<{ messages: Messages }>(['../lib/i18n/locales/*/demo.po', '!../lib/i18n/locales/en/demo.po']),
);

/** Says that the data is the built-in demo's, with the way to connect a service and a reset. */
export function DemoBanner() {
  useCatalog(demoCatalog);
  const { t } = useLingui();
  const queryClient = useQueryClient();
  const [resetting, setResetting] = useState(false);
  const [asking, setAsking] = useState(false);
  const reset = async () => {
    setResetting(true);
    try {
      await resetDemoData();
      await queryClient.invalidateQueries();
      toast.success(t`Demo data reset.`);
    } finally {
      setResetting(false);
      setAsking(false);
    }
  };
  return (
    <div className="demo-banner" role="note" aria-label={t`Demo data`}>
      <strong className="demo-banner__marker">{t`Demo data`}</strong>
      <span className="demo-banner__explanation">
        {demoSeed() === 'hostile'
          ? t`Hostile test data: every value here tries to break the page, and must show as plain text. Open the address with ?demo-seed=demo to go back.`
          : t`You are exploring a simulated service. Connect your own on the settings page.`}
      </span>
      <span className="demo-banner__actions">
        <NavLink to={paths.settings.getHref()}>{t`Connect a service`}</NavLink>
        <button type="button" className="button button--small" onClick={() => setAsking(true)} disabled={resetting}>
          {resetting ? t`Resetting…` : t`Reset demo data`}
        </button>
      </span>
      <ConfirmDialog
        open={asking}
        title={t`Reset the demo data?`}
        confirmLabel={t`Reset demo data`}
        pending={resetting}
        pendingLabel={t`Resetting…`}
        onConfirm={() => void reset()}
        onCancel={() => setAsking(false)}
      >
        <p>{t`The demo data is put back as it was. Reports you created or changed in the demo will be lost.`}</p>
      </ConfirmDialog>
    </div>
  );
}
