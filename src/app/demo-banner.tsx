import { NavLink } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { ConfirmDialog } from '../components/confirm-dialog';
import { toast } from '../components/toast';
import { paths } from '../lib/paths';
import { demoSeed, resetDemoData } from './demo';

/** Says that the data is the built-in demo's, with the way to connect a service and a reset. */
export function DemoBanner() {
  const queryClient = useQueryClient();
  const [resetting, setResetting] = useState(false);
  const [asking, setAsking] = useState(false);
  const reset = async () => {
    setResetting(true);
    try {
      await resetDemoData();
      await queryClient.invalidateQueries();
      toast.success('Demo data reset.');
    } finally {
      setResetting(false);
      setAsking(false);
    }
  };
  return (
    <div className="demo-banner" role="note" aria-label="Demo data">
      <strong className="demo-banner__marker">Demo data</strong>
      <span className="demo-banner__explanation">
        {demoSeed() === 'hostile'
          ? 'Hostile test data: every value here tries to break the page, and must show as plain text. Open the address with ?demo-seed=demo to go back.'
          : 'You are exploring a simulated service. Connect your own on the settings page.'}
      </span>
      <span className="demo-banner__actions">
        <NavLink to={paths.settings.getHref()}>Connect a service</NavLink>
        <button type="button" className="button button--small" onClick={() => setAsking(true)} disabled={resetting}>
          {resetting ? 'Resetting…' : 'Reset demo data'}
        </button>
      </span>
      <ConfirmDialog
        open={asking}
        title="Reset the demo data?"
        confirmLabel="Reset demo data"
        pending={resetting}
        pendingLabel="Resetting…"
        onConfirm={() => void reset()}
        onCancel={() => setAsking(false)}
      >
        <p>The demo data is put back as it was. Reports you created or changed in the demo will be lost.</p>
      </ConfirmDialog>
    </div>
  );
}
