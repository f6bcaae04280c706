import { useCallback, useState } from 'react';
import type { SettleProgress } from '../api/write-outcomes';
import { formatTime } from '../lib/format';

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
  const until = progress.polls ? ` (until ${formatTime(progress.lookingUntil)})` : '';
  return (
    <div className="notice notice--info" role="status">
      <p>
        <span className="spinner" aria-hidden="true" /> The connection was lost before the service answered. Checking
        whether {question}
        {until}… Nothing is sent again meanwhile.
      </p>
      {onStop ? (
        <button type="button" className="button button--small" onClick={onStop}>
          Stop checking
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
  return (
    <div className="notice notice--error" role="alert">
      <p>
        <strong>We could not find out whether {question}.</strong> The connection was lost before the service answered,
        and the service cannot be reached to check. Nothing will be sent again until we know.
      </p>
      <button type="button" className="button button--small" onClick={onCheckAgain} disabled={checking}>
        {checking ? 'Checking…' : 'Check again'}
      </button>
    </div>
  );
}
