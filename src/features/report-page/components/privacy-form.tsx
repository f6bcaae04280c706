import { useEffect, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { Trans, useLingui } from '@lingui/react/macro';
import { useQueryClient } from '@tanstack/react-query';
import { type Privacy, type Report } from '../../../api';
import { isUnknownOutcome, type WriteResult } from '../../../api/write-outcomes';
import { canSendLater, SendLater } from '../../../components/send-later';
import { toast } from '../../../components/toast';
import { SettlingNotice, UnknownOutcomeNotice, useSettleProgress } from '../../../components/write-outcome';
import { describeError, reasonInSentence } from '../../../api/error-words';
import { applyFieldErrors } from '../../../components/form-errors';
import { useIsMounted } from '../../../lib/use-is-mounted';
import { useUpdatePrivacy, type PrivacyChange } from '../../report-actions';
import { PRIVACY_LABELS, reportQueries } from '../../reports';
import { describePrivacy, describeReportChanges, describeSavingAnyway } from '../report-changes';
import { PrivacyFields, passwordRule, validPrivacy } from '../../report-actions';
import { useCatalog } from '../../../lib/i18n/use-catalog';
import { reportPageCatalog } from '../catalog';

// Validated by react-hook-form's own rules (privacy-fields.tsx, docs/decisions/0050).
interface PrivacyValues {
  privacy: Privacy;
  password: string;
}

interface PrivacyFormProps {
  report: Report;
  /** Told whenever the form gains or loses unsaved changes, so the page can ask before leaving. */
  onDirtyChange: (dirty: boolean) => void;
}

interface Conflict {
  /** What changed since the form was filled, in words. */
  changes: string[];
  /** The report as the service holds it now. */
  current: Report;
}

/**
 * Privacy and password of a report. The password is write-only: never pre-filled, and sent only
 * when typed, so an empty field keeps the one the report already has.
 *
 * No silent overwrite: before saving, the report is read again and compared with the version the
 * form was filled from (another tab or person may have changed it); if it changed, the form says
 * what changed and asks. After any save the form shows what the service holds.
 */
export function PrivacyForm({ report, onDirtyChange }: PrivacyFormProps) {
  // Its own module, loaded after the page: its words may come after the page's.
  useCatalog(reportPageCatalog);
  const { t } = useLingui();
  const question = t({
    message: 'the privacy was changed',
    comment: 'Completes "Checking whether …" and "We could not find out whether …" after a lost answer',
  });
  const queryClient = useQueryClient();
  const update = useUpdatePrivacy(report.id);
  const settle = useSettleProgress();
  const [failure, setFailure] = useState<string | null>(null);
  // The service answered "not now" (its limit) to the check or the write: nothing was changed.
  const [refusedForNow, setRefusedForNow] = useState<unknown>(null);
  // The version of the report this form's values start from.
  const [baseline, setBaseline] = useState(report);
  const [conflict, setConflict] = useState<Conflict | null>(null);
  const isMounted = useIsMounted();
  const [checking, setChecking] = useState(false);
  // The password rule follows the saved state, not the optimistic one: it is about what the service holds.
  const [savedHasPassword, setSavedHasPassword] = useState(report.hasPassword);
  const {
    register,
    handleSubmit,
    control,
    reset,
    setError,
    formState: { errors, isDirty },
  } = useForm<PrivacyValues>({
    // Not kept in sync with the cache on purpose: an optimistic write or a refetch must not
    // overwrite what the person is typing. A successful save resets the form below.
    defaultValues: { privacy: report.privacy, password: '' },
  });
  const privacy = useWatch({ control, name: 'privacy' });
  const password = useWatch({ control, name: 'password' });

  useEffect(() => onDirtyChange(isDirty), [isDirty, onDirtyChange]);

  /** The form now starts from what the service holds. */
  const showSaved = ({ value: saved, settledByReading }: WriteResult<Report>) => {
    setBaseline(saved);
    setSavedHasPassword(saved.hasPassword);
    reset({ privacy: saved.privacy, password: '' });
    const holds = describePrivacy(saved);
    toast.success(
      settledByReading
        ? t`The connection was lost before the service answered. The service holds ${holds}.`
        : t`Privacy saved.`,
    );
  };

  /** Reads the report again; a conflict when it changed since `since` was shown. */
  const findConflict = async (since: Report): Promise<Conflict | null> => {
    const current = await queryClient.fetchQuery({ ...reportQueries.detail(report.id), staleTime: 0 });
    const changes = describeReportChanges(since, current);
    return changes.length > 0 ? { changes, current } : null;
  };

  const save = async (values: PrivacyValues, since: Report) => {
    if (update.isPending || checking) return;
    setFailure(null);
    setRefusedForNow(null);
    setConflict(null);
    settle.clear();
    const change: PrivacyChange = { privacy: values.privacy };
    if (values.privacy === 'password' && values.password !== '') change.password = values.password;
    setChecking(true);
    try {
      const found = await findConflict(since);
      if (found) {
        setConflict(found);
        return;
      }
    } catch (error) {
      if (canSendLater(error)) {
        setRefusedForNow(error);
        return;
      }
      const { title, detail } = describeError(error);
      const reason = reasonInSentence(title);
      setFailure(
        t`Nothing was saved: the report could not be read to check for changes made elsewhere (${reason}). ${detail}`,
      );
      return;
    } finally {
      setChecking(false);
    }
    // Left meanwhile, or the page was dropped because another tab connected elsewhere: this save
    // belonged to what is gone and must not reach the connection that replaced it.
    if (!isMounted()) return;
    try {
      showSaved(await update.mutateAsync({ input: change, onSettling: settle.onSettling }));
    } catch (error) {
      if (isUnknownOutcome(error)) return;
      if (canSendLater(error)) {
        setRefusedForNow(error);
        return;
      }
      const notOnTheForm = applyFieldErrors(error, setError, ['privacy', 'password']);
      if (notOnTheForm) {
        setFailure([t`The privacy was not changed.`, ...notOnTheForm].join(' '));
        return;
      }
      const { title, detail } = describeError(error);
      const reason = reasonInSentence(title);
      setFailure(t`The privacy was not changed: ${reason}. ${detail} The previous setting is shown again.`);
    }
  };

  // While saving, the button is disabled and the browser drops its focus to <body>: once the
  // outcome shows, focus goes back to the form's heading, so that Tab goes on from here.
  const keepFocus = () => {
    const active = document.activeElement;
    if (!active || active === document.body || !active.isConnected) document.getElementById('privacy-title')?.focus();
  };
  const onSubmit = handleSubmit((values) => save(values, baseline).finally(keepFocus));
  // "Save mine anyway": the person has seen the other change; it is the new starting point.
  const saveAnyway = handleSubmit((values) =>
    conflict ? save(values, conflict.current).finally(keepFocus) : undefined,
  );
  const keepTheirs = () => {
    if (!conflict) return;
    setBaseline(conflict.current);
    setSavedHasPassword(conflict.current.hasPassword);
    reset({ privacy: conflict.current.privacy, password: '' });
    setConflict(null);
  };
  const unknown = isUnknownOutcome<Report>(update.error) ? update.error : null;
  const busy = update.isPending || checking;
  const passwordLabel = PRIVACY_LABELS.password;

  return (
    <section className="report-section" aria-labelledby="privacy-title">
      <h2 id="privacy-title" tabIndex={-1}>
        {t`Privacy`}
      </h2>
      <form className="form" onSubmit={onSubmit} noValidate aria-label={t`Privacy and password`}>
        <PrivacyFields
          privacy={privacy}
          privacyProps={register('privacy', { validate: validPrivacy })}
          passwordProps={register('password', { validate: passwordRule(savedHasPassword) })}
          privacyError={errors.privacy?.message}
          passwordError={errors.password?.message}
          hasPassword={savedHasPassword}
          disabled={busy}
        />
        {privacy === 'password' ? null : savedHasPassword ? (
          <p className="field__hint">{t`The current password is removed when privacy is not “${passwordLabel}”.`}</p>
        ) : null}
        <div className="form__actions">
          <button type="submit" className="button button--primary" disabled={!isDirty || busy}>
            {busy ? t`Saving…` : t`Save privacy`}
          </button>
          {isDirty && !busy ? (
            <button type="button" className="button" onClick={() => reset()}>
              {t`Discard changes`}
            </button>
          ) : null}
          {isDirty ? <span className="field__hint">{t`Unsaved changes`}</span> : null}
        </div>
        {conflict ? (
          <div className="notice notice--warning" role="alert">
            <p>
              <Trans>
                <strong>This report was changed elsewhere since you opened it.</strong> Your change is not saved yet.
              </Trans>
            </p>
            <ul>
              {conflict.changes.map((change) => (
                <li key={change}>{change}</li>
              ))}
            </ul>
            <p>{describeSavingAnyway(privacy, privacy === 'password' && password !== '', conflict.current)}</p>
            <div className="form__actions">
              <button type="button" className="button button--primary" onClick={() => void saveAnyway()}>
                {t`Save my change anyway`}
              </button>
              <button type="button" className="button" onClick={keepTheirs}>
                {t`Keep what the service holds`}
              </button>
            </div>
          </div>
        ) : null}
        {update.isPending && settle.progress ? <SettlingNotice progress={settle.progress} question={question} /> : null}
        {unknown && !update.isPending ? (
          <UnknownOutcomeNotice
            question={question}
            checking={update.isPending}
            onCheckAgain={() => {
              settle.clear();
              update
                .mutateAsync({ recheck: unknown.recheck, onSettling: settle.onSettling })
                .then(showSaved, () => undefined);
            }}
          />
        ) : null}
        {refusedForNow !== null && !busy ? (
          <SendLater
            error={refusedForNow}
            notDone={t`The privacy was not changed yet.`}
            onSend={() => void onSubmit()}
          />
        ) : null}
        {failure ? (
          <p className="notice notice--error" role="alert">
            {failure}
          </p>
        ) : null}
      </form>
    </section>
  );
}
