import { useCallback, useState } from 'react';
import { useLingui } from '@lingui/react/macro';
import type { SettleProgress } from '../api/write-outcomes';
import { formatTime } from '../lib/i18n/format';
import { useCatalog } from '../lib/i18n/use-catalog';
import { sharedPartsCatalog } from './catalog';

/**
 * The progress of settling a write whose answer was lost (see src/api/write-outcomes.ts), for
 * the component that started it: pass `onSettling` to the write, show `progress` while pending.
 */
export function useSettleProgress() {
  const [progress, setProgress] = useState<SettleProgress | null>(null);
  const onSettling = useCallback((next: SettleProgress) => setProgress(next), []);
  const clear = useCallback(() => setProgress(null), []);
  return { progress, onSettling, clear };
}

/**
 * Said while the dashboard reads the service to find out whether a write happened. `question`
 * completes "Checking whether …", e.g. "the report was created".
 */
export function SettlingNotice({
  progress,
  question,
  onStop,
}: {
  progress: SettleProgress;
  question: string;
  onStop?: (() => void) | undefined;
}) {
  useCatalog(sharedPartsCatalog);
  const { t } = useLingui();
  const until = progress.polls ? formatTime(progress.lookingUntil) : null;
  return (
    <div className="notice notice--info" role="status">
      <p>
        <span className="spinner" aria-hidden="true" />{' '}
        {until === null
          ? t({
              message: `The connection was lost before the service answered. Checking whether ${question}… Nothing is sent again meanwhile.`,
              comment: 'question: a clause the screen gives, e.g. "the report was created"',
            })
          : t({
              message: `The connection was lost before the service answered. Checking whether ${question} (until ${until})… Nothing is sent again meanwhile.`,
              comment: 'question: a clause the screen gives, e.g. "the report was created"; until: a time',
            })}
      </p>
      {onStop ? (
        <button type="button" className="button button--small" onClick={onStop}>
          {t`Stop checking`}
        </button>
      ) : null}
    </div>
  );
}

/**
 * The write may or may not have happened, and the service could not be read to find out. The
 * only way on is to check again: offering the write itself could do it twice.
 */
export function UnknownOutcomeNotice({
  question,
  checking,
  onCheckAgain,
}: {
  question: string;
  checking: boolean;
  onCheckAgain: () => void;
}) {
  useCatalog(sharedPartsCatalog);
  const { t } = useLingui();
  return (
    <div className="notice notice--error" role="alert">
      <p>
        <strong>
          {t({
            message: `We could not find out whether ${question}.`,
            comment: 'question: a clause the screen gives, e.g. "the report was created"',
          })}
        </strong>{' '}
        {t`The connection was lost before the service answered, and the service cannot be reached to check. Nothing will be sent again until we know.`}
      </p>
      <button type="button" className="button button--small" onClick={onCheckAgain} disabled={checking}>
        {checking ? t`Checking…` : t`Check again`}
      </button>
    </div>
  );
}
