import { useEffect, useId, useState } from 'react';
import { askAgainToKeepStorage, formatStorageSize, useRemovalSinceLastVisit } from '../device-storage';
import { RemovalNotice } from './removal-notice';
import { RetentionRules } from './retention-rules';
import { useKeptFigures, type KeptFigures } from './use-kept-figures';
import { watchWhatIsKept } from './watch';
import { countOf } from './words';
import './kept-on-device.css';

/**
 * The settings page's "Kept on this device" (issue 38): how much each kind of kept data takes,
 * whether the browser promised to keep it (and a way to ask again), the retention rules with
 * their preview, and a notice when the browser removed it since the last visit
 * (docs/decisions/0103-kept-on-this-device.md). A part of its own, loaded with the page.
 */
export function KeptOnDevice() {
  const id = useId();
  useEffect(watchWhatIsKept, []);
  const removal = useRemovalSinceLastVisit();
  const { figures, refreshing, refresh } = useKeptFigures();
  return (
    <section className="form kept-on-device" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>Kept on this device</h2>
      {removal ? <RemovalNotice removal={removal} /> : null}
      {/* Busy while the figures are read again after a change (here or in another tab). */}
      <div className="kept-on-device__figures" aria-busy={refreshing}>
        {figures ? (
          <>
            <Figures figures={figures} />
            <KeepPromise kept={figures.kept} onAsked={refresh} />
          </>
        ) : (
          <p role="status">Counting what is kept…</p>
        )}
      </div>
      <RetentionRules />
    </section>
  );
}

function Figures({ figures }: { figures: KeptFigures }) {
  const { kinds, estimate } = figures;
  const nothing = kinds.every(({ footprint }) => footprint?.entries === 0);
  return (
    <>
      {nothing ? (
        <p>
          Nothing is kept on this device yet. Projects you open, the results a page had before you analyse it again, and
          jobs that must survive a reload are kept here as you work.
        </p>
      ) : (
        <table className="data-table">
          <caption className="visually-hidden">What is kept on this device, by kind</caption>
          <thead>
            <tr>
              <th scope="col">What</th>
              <th scope="col">How many</th>
              <th scope="col">Size, about</th>
            </tr>
          </thead>
          <tbody>
            {kinds.map(({ kind, footprint }) => (
              <tr key={kind.id}>
                <th scope="row">{kind.label}</th>
                <td>{footprint ? countOf(footprint.entries, kind.entry) : 'Could not be read'}</td>
                <td>{footprint && footprint.entries > 0 ? formatStorageSize(footprint.bytes) : '—'}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {estimate ? (
        <p className="field__hint">
          The browser counts {formatStorageSize(estimate.usage)} for this dashboard
          {estimate.indexedDb !== undefined ? ` (${formatStorageSize(estimate.indexedDb)} of it in IndexedDB)` : ''}, of
          about {formatStorageSize(estimate.quota)} it allows.
        </p>
      ) : null}
    </>
  );
}

type Asking = 'idle' | 'asking' | 'refused';

function KeepPromise({ kept, onAsked }: { kept: boolean | undefined; onAsked: () => void }) {
  const [asking, setAsking] = useState<Asking>('idle');
  if (kept === undefined)
    return <p>This browser cannot be asked to keep it: it may remove it when space runs short.</p>;
  if (kept) return <p>The browser has promised to keep it: it goes only if you clear this site’s data.</p>;
  const ask = async () => {
    setAsking('asking');
    const granted = await askAgainToKeepStorage();
    setAsking(granted ? 'idle' : 'refused');
    onAsked();
  };
  return (
    <div>
      <p>
        The browser has not promised to keep it: when the device runs short of space, it may remove it without asking.
      </p>
      <button type="button" className="button" onClick={() => void ask()} disabled={asking === 'asking'}>
        Ask the browser to keep it
      </button>
      <p role="status" className="field__hint">
        {asking === 'refused'
          ? 'The browser did not promise. Browsers decide by how much a site is used, or ask you; bookmarking or installing the dashboard can help.'
          : ''}
      </p>
    </div>
  );
}
