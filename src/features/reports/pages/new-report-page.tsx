import { useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Link, useNavigate } from 'react-router-dom';
import * as z from 'zod/mini';
import { isApiError, type StoreReportInput } from '../../../api';
import { Field } from '../../../components/field';
import { describeError } from '../../../components/states';
import { toast } from '../../../components/toast';
import { UnsavedChangesDialog } from '../../../components/unsaved-changes-dialog';
import { toSafeHref } from '../../../lib/safe-url';
import { useIsMounted } from '../../../lib/use-is-mounted';
import { useUnsavedChanges } from '../../../lib/use-unsaved-changes';
import { PrivacyFields, PrivacySchema, checkPassword } from '../components/privacy-fields';
import { ANALYSIS_LIMIT_TEXT, noticeCreatedElsewhere } from '../background-analysis';
import { useCreateReport } from '../mutations';
import { reportHref } from '../report-href';
import '../report-page.css';

/**
 * What we send for a typed address: http(s) URLs as typed, a bare host or path with https://
 * in front, and null for anything that is not a web address (javascript:, mailto:, garbage).
 */
function toReportUrl(value: string): string | null {
  const trimmed = value.trim();
  const href = toSafeHref(trimmed);
  if (!href) return null;
  if (/^https?:\/\//i.test(trimmed)) return trimmed;
  // "https:example.com" parses but the service wants the slashes: send the parsed form.
  if (/^https?:/i.test(trimmed)) return href;
  return `https://${trimmed.replace(/^\/+/, '')}`;
}

const NewReportSchema = z
  .object({
    url: z.string().check(
      z.trim(),
      z.minLength(1, 'Enter the address of the page to analyse.'),
      z.refine(
        (value) => toReportUrl(value) !== null,
        'Enter a web address such as example.com or https://example.com/page. Only http and https addresses can be analysed.',
      ),
    ),
    privacy: PrivacySchema,
    password: z.string(),
  })
  .check(z.superRefine((values, ctx) => checkPassword(values, ctx, false)));
type NewReportValues = z.infer<typeof NewReportSchema>;

const FIELDS = ['url', 'privacy', 'password'] as const;
const isField = (name: string): name is (typeof FIELDS)[number] => (FIELDS as readonly string[]).includes(name);

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
    resolver: zodResolver(NewReportSchema),
    defaultValues: { url: '', privacy: 'public', password: '' },
  });
  const privacy = useWatch({ control, name: 'privacy' });
  // Once sent, nothing typed can be lost: the report is created whether or not the person stays.
  const unsaved = useUnsavedChanges(isDirty && !create.isPending);
  const isMounted = useIsMounted();

  const onSubmit = handleSubmit(async (values) => {
    // The button is disabled too; Enter in a field must not start a second analysis either.
    if (create.isPending) return;
    const url = toReportUrl(values.url);
    if (url === null) return;
    const input: StoreReportInput = { url, privacy: values.privacy };
    if (values.privacy === 'password') input.password = values.password;
    try {
      const report = await create.mutateAsync(input);
      // Someone who left while the page was analysed is not pulled back to it when it is done:
      // a notice leads there instead.
      if (!isMounted()) {
        noticeCreatedElsewhere(report);
        return;
      }
      toast.success(`Report created for ${report.url}.`);
      unsaved.allowNextNavigation();
      navigate(reportHref(report.id));
    } catch (error) {
      if (!isMounted()) {
        const { title } = describeError(error);
        // Only a refusal by the service is certain; a lost answer may still have created it.
        const refused = isApiError(error) && error.kind === 'http';
        toast.error(
          refused
            ? `The report for ${url} was not created: ${title.toLowerCase()}.`
            : `The report for ${url} may not have been created: ${title.toLowerCase()}. Look for it in the reports list before trying again.`,
        );
        return;
      }
      if (!isApiError(error) || !error.isValidation) return;
      let first = true;
      for (const [name, messages] of Object.entries(error.fieldErrors)) {
        if (!isField(name)) continue;
        setError(name, { type: 'server', message: messages.join(' ') }, { shouldFocus: first });
        first = false;
      }
    }
  });

  const failure = create.error;
  const fieldErrorsShown =
    isApiError(failure) && failure.isValidation && Object.keys(failure.fieldErrors).some(isField);
  const failureText = failure && !fieldErrorsShown ? describeError(failure) : null;

  return (
    <section className="page page--narrow" aria-labelledby="new-report-title">
      <p className="back-link">
        <Link to="/reports">← All reports</Link>
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
            readOnly={create.isPending}
            {...register('url')}
          />
        </Field>
        <PrivacyFields
          privacy={privacy}
          privacyProps={register('privacy')}
          passwordProps={register('password')}
          privacyError={errors.privacy?.message}
          passwordError={errors.password?.message}
          hasPassword={false}
          disabled={create.isPending}
        />
        <div className="form__actions">
          <button type="submit" className="button button--primary" disabled={create.isPending}>
            {create.isPending ? 'Analysing…' : 'Analyse page'}
          </button>
          <Link to="/reports" className="button">
            Cancel
          </Link>
        </div>
        <div role="status" className="analysis-status">
          {create.isPending ? (
            <p className="notice notice--info">
              <span className="spinner" aria-hidden="true" /> Analysing the page… This usually takes a few seconds and
              can take up to {ANALYSIS_LIMIT_TEXT}. You can leave this page: the report is created anyway, and a notice
              with a link tells you when it is ready.
            </p>
          ) : null}
        </div>
        {failureText ? (
          <div className="notice notice--error" role="alert">
            <p>
              <strong>The report could not be created.</strong> {failureText.title}: {failureText.detail}
            </p>
            <button type="button" className="button button--small" onClick={() => void onSubmit()}>
              Try again
            </button>
          </div>
        ) : null}
      </form>
      <UnsavedChangesDialog unsaved={unsaved} what="The new report’s details have not been sent yet." />
    </section>
  );
}
