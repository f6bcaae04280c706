import { useEffect, useId, useState } from 'react';
import { t as translate } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { useCatalog } from '../../lib/i18n/use-catalog';
import { askAgainToKeepStorage, useRemovalSinceLastVisit } from '../device-storage';
import { keptOnDeviceCatalog } from './catalog';
import { RemovalNotice } from './removal-notice';
import { RetentionRules } from './retention-rules';
import { useKeptFigures, type KeptFigures } from './use-kept-figures';
import { watchWhatIsKept } from './watch';
import { sizeInWords } from './words';
import './kept-on-device.css';

/**
 * The settings page's "Kept on this device" (issue 38): how much each kind of kept data takes,
 * whether the browser promised to keep it (and a way to ask again), the retention rules with
 * their preview, and a notice when the browser removed it since the last visit
 * (docs/decisions/0103-kept-on-this-device.md). A part of its own, loaded with the page.
 */
export function KeptOnDevice() {
  useCatalog(keptOnDeviceCatalog);
  const { t } = useLingui();
  const id = useId();
  useEffect(watchWhatIsKept, []);
  const removal = useRemovalSinceLastVisit();
  const { figures, refreshing, refresh } = useKeptFigures();
  return (
    <section className="form kept-on-device" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{t`Kept on this device`}</h2>
      {removal ? <RemovalNotice removal={removal} /> : null}
      {/* Busy while the figures are read again after a change (here or in another tab). */}
      <div className="kept-on-device__figures" aria-busy={refreshing}>
        {figures ? (
          <>
            <Figures figures={figures} />
            <KeepPromise kept={figures.kept} onAsked={refresh} />
          </>
        ) : (
          <p role="status">{t`Counting what is kept…`}</p>
        )}
      </div>
      <RetentionRules />
    </section>
  );
}

function Figures({ figures }: { figures: KeptFigures }) {
  const { t } = useLingui();
  const { kinds, estimate } = figures;
  const nothing = kinds.every(({ footprint }) => footprint?.entries === 0);
  return (
    <>
      {nothing ? (
        <p>
          {t`Nothing is kept on this device yet. Projects you open, the results a page had before you analyse it again, and jobs that must survive a reload are kept here as you work.`}
        </p>
      ) : (
        <table className="data-table">
          <caption className="visually-hidden">{t`What is kept on this device, by kind`}</caption>
          <thead>
            <tr>
              <th scope="col">{t({ message: 'What', comment: 'A column: the kind of data kept on this device' })}</th>
              <th scope="col">{t`How many`}</th>
              <th scope="col">{t`Size, about`}</th>
            </tr>
          </thead>
          <tbody>
            {kinds.map(({ kind, footprint }) => (
              <tr key={kind.id}>
                <th scope="row">{kind.label}</th>
                <td>{footprint ? kind.counted(footprint.entries) : t`Could not be read`}</td>
                <td>{footprint && footprint.entries > 0 ? sizeInWords(footprint.bytes) : '—'}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {estimate ? <p className="field__hint">{estimateInWords(estimate)}</p> : null}
    </>
  );
}

/** "The browser counts 2.4 MB for this dashboard (2.3 MB of it in IndexedDB), of about 120 GB it allows." */
function estimateInWords(estimate: NonNullable<KeptFigures['estimate']>): string {
  const usage = sizeInWords(estimate.usage);
  const quota = sizeInWords(estimate.quota);
  if (estimate.indexedDb === undefined)
    return translate`The browser counts ${usage} for this dashboard, of about ${quota} it allows.`;
  const indexedDb = sizeInWords(estimate.indexedDb);
  return translate`The browser counts ${usage} for this dashboard (${indexedDb} of it in IndexedDB), of about ${quota} it allows.`;
}

type Asking = 'idle' | 'asking' | 'refused';

function KeepPromise({ kept, onAsked }: { kept: boolean | undefined; onAsked: () => void }) {
  const { t } = useLingui();
  const [asking, setAsking] = useState<Asking>('idle');
  if (kept === undefined)
    return <p>{t`This browser cannot be asked to keep it: it may remove it when space runs short.`}</p>;
  if (kept) return <p>{t`The browser has promised to keep it: it goes only if you clear this site’s data.`}</p>;
  const ask = async () => {
    setAsking('asking');
    const granted = await askAgainToKeepStorage();
    setAsking(granted ? 'idle' : 'refused');
    onAsked();
  };
  return (
    <div>
      <p>
        {t`The browser has not promised to keep it: when the device runs short of space, it may remove it without asking.`}
      </p>
      <button type="button" className="button" onClick={() => void ask()} disabled={asking === 'asking'}>
        {t`Ask the browser to keep it`}
      </button>
      <p role="status" className="field__hint">
        {asking === 'refused'
          ? t`The browser did not promise. Browsers decide by how much a site is used, or ask you; bookmarking or installing the dashboard can help.`
          : ''}
      </p>
    </div>
  );
}
