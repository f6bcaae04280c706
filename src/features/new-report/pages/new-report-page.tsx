import { useForm, useWatch } from 'react-hook-form';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { plural, t as translate } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { ANALYSIS_TIMEOUT_MS, type Privacy, type Report, type StoreReportInput } from '../../../api';
import { isUnknownOutcome } from '../../../api/write-outcomes';
import { lazyPart } from '../../../components/lazy-part';
import { Field } from '../../../components/field';
import { canSendLater, SendLater } from '../../../components/send-later';
import { toast } from '../../../components/toast';
import { UnsavedChangesDialog } from '../../../components/unsaved-changes-dialog';
import { SettlingNotice, UnknownOutcomeNotice, useSettleProgress } from '../../../components/write-outcome';
import { describeError } from '../../../api/error-words';
import { applyFieldErrors } from '../../../components/form-errors';
import { paths } from '../../../lib/paths';
import { useIsMounted } from '../../../lib/use-is-mounted';
import { useUnsavedChanges } from '../../../lib/use-unsaved-changes';
import { PrivacyFields, passwordRule, validPrivacy } from '../../report-actions';
import { noticeCreatedElsewhere, noticeNotCreatedElsewhere, type CreateResult } from '../../report-actions';
import { useCreateReport } from '../../report-actions';
import { useCatalog } from '../../../lib/i18n/use-catalog';
import { newReportCatalog } from '../catalog';
import { toReportUrl } from '../url-list';
import '../../report-page/report-page.css';

// Many pages at once: its code (and the job queue's) loads when the section is opened.
const BulkCreate = lazyPart(async () => (await import('../components/bulk-create')).BulkCreate);

/** Said into the outcome notices' English sentences (components/write-outcome.tsx), so in English. */

// Validated by react-hook-form's own rules (docs/decisions/0050); the rules see the values
// trimmed, the form keeps what was typed.
interface NewReportValues {
  url: string;
  privacy: Privacy;
  password: string;
}

function validUrl(value: string): true | string {
  const url = value.trim();
  if (url === '') return translate`Enter the address of the page to analyse.`;
  return (
    toReportUrl(url) !== null ||
    translate`Enter a web address such as example.com or https://example.com/page. Only http and https addresses can be analysed.`
  );
}

const passwordWhenNew = passwordRule(false);

export function NewReportPage() {
  useCatalog(newReportCatalog);
  const { t } = useLingui();
  const question = t({
    message: 'the report was created',
    comment: 'Completes "Checking whether …" and "We could not find out whether …" after a lost answer',
  });
  const navigate = useNavigate();
  const create = useCreateReport();
  const {
    register,
    handleSubmit,
    control,
    setError,
    formState: { errors, isDirty },
  } = useForm<NewReportValues>({
    defaultValues: { url: '', privacy: 'public', password: '' },
  });
  const privacy = useWatch({ control, name: 'privacy' });
  const unknown = isUnknownOutcome<Report>(create.error) ? create.error : null;
  // Once sent, nothing typed can be lost: the report is created whether or not the person stays
  // (and after a lost answer it may have been).
  const unsaved = useUnsavedChanges(isDirty && !create.isPending && !unknown);
  // Created: the report's page is on its way (its code may still be loading). Sending the form
  // again meanwhile would store the page a second time.
  const locked = create.isPending || create.isSuccess;
  const isMounted = useIsMounted();
  // A 422's messages for fields this form does not have; null when the failure was not a 422.
  const [notOnTheForm, setNotOnTheForm] = useState<string[] | null>(null);
  const settle = useSettleProgress();
  const [bulkOpen, setBulkOpen] = useState(false);
  // What was last sent, for a notice about it once the person has left the page.
  const [sentUrl, setSentUrl] = useState('');

  // A second report the store left (a request sent twice) is shown by the report's page.
  const onCreated = ({ value: report, settledByReading, duplicates }: CreateResult) => {
    // Someone who left while the page was analysed is not pulled back to it when it is done:
    // a notice leads there instead.
    if (!isMounted()) {
      noticeCreatedElsewhere(report, settledByReading, duplicates);
      return;
    }
    const address = report.url;
    toast.success(
      settledByReading
        ? translate`The connection was lost before the service answered, but the report for ${address} was created.`
        : translate`Report created for ${address}.`,
    );
    unsaved.allowNextNavigation();
    navigate(paths.report.getHref(report.id));
  };

  const onSubmit = handleSubmit(async (values) => {
    // The button is disabled too; Enter in a field must not start a second analysis either.
    if (locked) return;
    const url = toReportUrl(values.url.trim());
    if (url === null) return;
    const input: StoreReportInput = { url, privacy: values.privacy };
    if (values.privacy === 'password') input.password = values.password;
    setNotOnTheForm(null);
    setSentUrl(url);
    settle.clear();
    try {
      onCreated(await create.mutateAsync({ input, onSettling: settle.onSettling }));
    } catch (error) {
      if (!isMounted()) {
        noticeNotCreatedElsewhere(url, error);
        return;
      }
      setNotOnTheForm(applyFieldErrors(error, setError, ['url', 'privacy', 'password']));
    }
  });

  const checkAgain = (recheck: Parameters<typeof create.mutateAsync>[0]) => {
    settle.clear();
    create.mutateAsync(recheck).then(onCreated, (error: unknown) => {
      // On the page, the mutation's error says it; elsewhere, a notice.
      if (!isMounted()) noticeNotCreatedElsewhere(sentUrl, error);
    });
  };

  // Field errors show on their fields; the notice says what they cannot, or why it failed.
  // An unknown outcome is not a failure: it gets its own notice, which never offers a second store.
  // A "not now" from the service (its limit) created nothing: it offers to send the form later.
  const later = create.error && canSendLater(create.error) ? create.error : null;
  let failureText: string | null = null;
  if (create.error && !unknown && !later && notOnTheForm === null) {
    const { title, detail } = describeError(create.error);
    failureText = t({
      message: `${title}: ${detail}`,
      comment: 'What went wrong, then why (both as the app says them)',
    });
  } else if (create.error && notOnTheForm && notOnTheForm.length > 0) {
    failureText = notOnTheForm.join(' ');
  }

  // The limit in whole minutes, as it is set.
  const minutes = Math.max(1, Math.round(ANALYSIS_TIMEOUT_MS / 60_000));

  return (
    <section className="page page--narrow" aria-labelledby="new-report-title">
      <p className="back-link">
        <Link to={paths.reports.getHref()}>{t`← All reports`}</Link>
      </p>
      <h1 id="new-report-title">{t`New report`}</h1>
      <form className="form" onSubmit={onSubmit} noValidate aria-busy={create.isPending}>
        <Field
          label={t`Page URL`}
          error={errors.url?.message}
          hint={t`For example example.com/blog. https:// is added when you leave it out.`}
        >
          <input
            type="url"
            inputMode="url"
            autoComplete="url"
            spellCheck={false}
            readOnly={locked}
            {...register('url', { validate: validUrl })}
          />
        </Field>
        <PrivacyFields
          privacy={privacy}
          privacyProps={register('privacy', { validate: validPrivacy })}
          passwordProps={register('password', { validate: passwordWhenNew })}
          privacyError={errors.privacy?.message}
          passwordError={errors.password?.message}
          hasPassword={false}
          disabled={locked}
        />
        <div className="form__actions">
          <button type="submit" className="button button--primary" disabled={locked}>
            {create.isSuccess ? t`Opening the report…` : create.isPending ? t`Analysing…` : t`Analyse page`}
          </button>
          <Link to={paths.reports.getHref()} className="button">
            {t`Cancel`}
          </Link>
        </div>
        {create.isPending && settle.progress ? <SettlingNotice progress={settle.progress} question={question} /> : null}
        {unknown && !create.isPending ? (
          <UnknownOutcomeNotice
            question={question}
            checking={create.isPending}
            onCheckAgain={() => checkAgain({ recheck: unknown.recheck, onSettling: settle.onSettling })}
          />
        ) : null}
        <div role="status" className="analysis-status">
          {create.isPending && !settle.progress ? (
            <p className="notice notice--info">
              <span className="spinner" aria-hidden="true" />{' '}
              {plural(minutes, {
                one: 'Analysing the page… This usually takes a few seconds and can take up to # minute. You can leave this page: the report is created anyway, and a notice with a link tells you when it is ready.',
                other:
                  'Analysing the page… This usually takes a few seconds and can take up to # minutes. You can leave this page: the report is created anyway, and a notice with a link tells you when it is ready.',
              })}
            </p>
          ) : null}
        </div>
        {later ? (
          <SendLater error={later} notDone={t`The report was not created yet.`} onSend={() => void onSubmit()} />
        ) : null}
        {failureText ? (
          <div className="notice notice--error" role="alert">
            <p>
              <strong>{t`The report could not be created.`}</strong> {failureText}
            </p>
            <button type="button" className="button button--small" onClick={() => void onSubmit()}>
              {t`Try again`}
            </button>
          </div>
        ) : null}
      </form>
      <section className="bulk-create-section" aria-labelledby="bulk-create-title">
        <h2 id="bulk-create-title">{t`Many pages at once`}</h2>
        {bulkOpen ? (
          <BulkCreate />
        ) : (
          <button type="button" className="button" onClick={() => setBulkOpen(true)}>
            {t`Analyse a list of pages`}
          </button>
        )}
      </section>
      <UnsavedChangesDialog unsaved={unsaved} what={t`The new report’s details have not been sent yet.`} />
    </section>
  );
}
