import { useForm, useWatch } from 'react-hook-form';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import type { Privacy, Report, StoreReportInput } from '../../../api';
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
import {
  ANALYSIS_LIMIT_TEXT,
  noticeCreatedElsewhere,
  noticeNotCreatedElsewhere,
  type CreateResult,
} from '../../report-actions';
import { useCreateReport } from '../../report-actions';
import { toReportUrl } from '../url-list';
import '../../report-page/report-page.css';

// Many pages at once: its code (and the job queue's) loads when the section is opened.
const BulkCreate = lazyPart(async () => (await import('../components/bulk-create')).BulkCreate);

// Validated by react-hook-form's own rules (docs/decisions/0050); the rules see the values
// trimmed, the form keeps what was typed.
interface NewReportValues {
  url: string;
  privacy: Privacy;
  password: string;
}

function validUrl(value: string): true | string {
  const url = value.trim();
  if (url === '') return 'Enter the address of the page to analyse.';
  return (
    toReportUrl(url) !== null ||
    'Enter a web address such as example.com or https://example.com/page. Only http and https addresses can be analysed.'
  );
}

const passwordWhenNew = passwordRule(false);

export function NewReportPage() {
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
    toast.success(
      settledByReading
        ? `The connection was lost before the service answered, but the report for ${report.url} was created.`
        : `Report created for ${report.url}.`,
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
    failureText = `${title}: ${detail}`;
  } else if (create.error && notOnTheForm && notOnTheForm.length > 0) {
    failureText = notOnTheForm.join(' ');
  }

  return (
    <section className="page page--narrow" aria-labelledby="new-report-title">
      <p className="back-link">
        <Link to={paths.reports.getHref()}>← All reports</Link>
      </p>
      <h1 id="new-report-title">New report</h1>
      <form className="form" onSubmit={onSubmit} noValidate aria-busy={create.isPending}>
        <Field
          label="Page URL"
          error={errors.url?.message}
          hint="For example example.com/blog. https:// is added when you leave it out."
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
            {create.isSuccess ? 'Opening the report…' : create.isPending ? 'Analysing…' : 'Analyse page'}
          </button>
          <Link to={paths.reports.getHref()} className="button">
            Cancel
          </Link>
        </div>
        {create.isPending && settle.progress ? (
          <SettlingNotice progress={settle.progress} question="the report was created" />
        ) : null}
        {unknown && !create.isPending ? (
          <UnknownOutcomeNotice
            question="the report was created"
            checking={create.isPending}
            onCheckAgain={() => checkAgain({ recheck: unknown.recheck, onSettling: settle.onSettling })}
          />
        ) : null}
        <div role="status" className="analysis-status">
          {create.isPending && !settle.progress ? (
            <p className="notice notice--info">
              <span className="spinner" aria-hidden="true" /> Analysing the page… This usually takes a few seconds and
              can take up to {ANALYSIS_LIMIT_TEXT}. You can leave this page: the report is created anyway, and a notice
              with a link tells you when it is ready.
            </p>
          ) : null}
        </div>
        {later ? (
          <SendLater error={later} notDone="The report was not created yet." onSend={() => void onSubmit()} />
        ) : null}
        {failureText ? (
          <div className="notice notice--error" role="alert">
            <p>
              <strong>The report could not be created.</strong> {failureText}
            </p>
            <button type="button" className="button button--small" onClick={() => void onSubmit()}>
              Try again
            </button>
          </div>
        ) : null}
      </form>
      <section className="bulk-create-section" aria-labelledby="bulk-create-title">
        <h2 id="bulk-create-title">Many pages at once</h2>
        {bulkOpen ? (
          <BulkCreate />
        ) : (
          <button type="button" className="button" onClick={() => setBulkOpen(true)}>
            Analyse a list of pages
          </button>
        )}
      </section>
      <UnsavedChangesDialog unsaved={unsaved} what="The new report’s details have not been sent yet." />
    </section>
  );
}
