import { useEffect, useRef, useState, type ReactNode } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { requestsPausedUntil } from '../api';
import { isLimitReached, retryLaterMs } from '../api/retry-later';
import { useCatalog } from '../lib/i18n/use-catalog';
import { useSecondsLeft } from '../lib/use-seconds-left';
import { sharedPartsCatalog } from './catalog';
import type { SendLaterProps } from './send-later';

interface Plan {
  error: unknown;
  /** When it can be sent (epoch ms): the service's wait, and every tab's pause of requests. */
  at: number;
  /** The person asked for it to be sent then, by itself. */
  scheduled: boolean;
}

const planFor = (error: unknown): Plan => ({
  error,
  at: Math.max(Date.now() + (retryLaterMs(error) ?? 0), requestsPausedUntil()),
  scheduled: false,
});

/**
 * A write from a form that the service answered "not now" without doing it (its limit was
 * reached, or it is down for a moment and said when to come back): says when it can be sent,
 * and offers to send it then by itself, which the person can call off. The form keeps every
 * value; `onSend` sends the form as it is at that time (docs/decisions/0067). `notDone` says
 * what did not happen, e.g. "The report was not created yet.".
 */
export function SendLaterNotice({ error, notDone, onSend }: SendLaterProps) {
  useCatalog(sharedPartsCatalog);
  const { t } = useLingui();
  const [plan, setPlan] = useState(() => planFor(error));
  // A new refusal starts a new wait (state adjusted while rendering, as React advises).
  if (plan.error !== error) setPlan(planFor(error));
  const seconds = useSecondsLeft(plan.at);
  // The form's latest submit, without restarting the wait at every render.
  const send = useRef(onSend);
  useEffect(() => {
    send.current = onSend;
  });

  useEffect(() => {
    if (!plan.scheduled) return;
    const timer = setTimeout(() => send.current(), Math.max(0, plan.at - Date.now()));
    return () => clearTimeout(timer);
  }, [plan.scheduled, plan.at]);

  const why = isLimitReached(error) ? t`The service’s limit was reached.` : t`The service is unavailable for a moment.`;
  const ready = seconds <= 0;
  let when: ReactNode;
  if (ready) when = t`It can be sent now.`;
  else if (plan.scheduled)
    when = (
      <Trans>
        It will be sent by itself in <span aria-live="off">{seconds} s</span>.
      </Trans>
    );
  else
    when = (
      <Trans>
        It can be sent in <span aria-live="off">{seconds} s</span>.
      </Trans>
    );

  return (
    <div className="notice notice--warning" role="alert">
      <p>
        <strong>{notDone}</strong> {why} {when} {t`Everything you entered is kept.`}
      </p>
      {ready ? (
        <button type="button" className="button button--small button--primary" onClick={onSend}>
          {t`Send now`}
        </button>
      ) : (
        // One button whose words change: focus stays on it when the person changes their mind.
        <button
          type="button"
          className="button button--small"
          onClick={() => setPlan({ ...plan, scheduled: !plan.scheduled })}
        >
          {plan.scheduled ? t`Don’t send it by itself` : t`Send when possible`}
        </button>
      )}
    </div>
  );
}
