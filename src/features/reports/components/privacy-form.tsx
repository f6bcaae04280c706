import { useEffect, useMemo, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import * as z from 'zod/mini';
import type { Report } from '../../../api';
import { toast } from '../../../components/toast';
import { describeError } from '../../../lib/error-words';
import { applyFieldErrors } from '../../../lib/form-errors';
import { useUpdatePrivacy, type PrivacyChange } from '../mutations';
import { PrivacyFields, PrivacySchema, checkPassword } from './privacy-fields';

function privacyFormSchema(hasPassword: boolean) {
  return z
    .object({ privacy: PrivacySchema, password: z.string() })
    .check(z.superRefine((values, ctx) => checkPassword(values, ctx, hasPassword)));
}
type PrivacyValues = z.infer<ReturnType<typeof privacyFormSchema>>;

interface PrivacyFormProps {
  report: Report;
  /** Told whenever the form gains or loses unsaved changes, so the page can ask before leaving. */
  onDirtyChange: (dirty: boolean) => void;
}

/**
 * Privacy and password of a report. The password is write-only: never pre-filled, and sent only
 * when typed, so an empty field keeps the one the report already has.
 */
export function PrivacyForm({ report, onDirtyChange }: PrivacyFormProps) {
  const update = useUpdatePrivacy(report.id);
  const [failure, setFailure] = useState<string | null>(null);
  // The schema follows the saved state, not the optimistic one: the rule is about what the service holds.
  const [savedHasPassword, setSavedHasPassword] = useState(report.hasPassword);
  const schema = useMemo(() => privacyFormSchema(savedHasPassword), [savedHasPassword]);
  const {
    register,
    handleSubmit,
    control,
    reset,
    setError,
    formState: { errors, isDirty },
  } = useForm<PrivacyValues>({
    resolver: zodResolver(schema),
    // Not kept in sync with the cache on purpose: an optimistic write or a refetch must not
    // overwrite what the person is typing. A successful save resets the form below.
    defaultValues: { privacy: report.privacy, password: '' },
  });
  const privacy = useWatch({ control, name: 'privacy' });

  useEffect(() => onDirtyChange(isDirty), [isDirty, onDirtyChange]);

  const onSubmit = handleSubmit(async (values) => {
    if (update.isPending) return;
    setFailure(null);
    const change: PrivacyChange = { privacy: values.privacy };
    if (values.privacy === 'password' && values.password !== '') change.password = values.password;
    try {
      const saved = await update.mutateAsync(change);
      setSavedHasPassword(saved.hasPassword);
      reset({ privacy: saved.privacy, password: '' });
      toast.success('Privacy saved.');
    } catch (error) {
      const notOnTheForm = applyFieldErrors(error, setError, ['privacy', 'password']);
      if (notOnTheForm) {
        setFailure(['The privacy was not changed.', ...notOnTheForm].join(' '));
        return;
      }
      const { title, detail } = describeError(error);
      setFailure(`The privacy was not changed: ${title.toLowerCase()}. ${detail} The previous setting is shown again.`);
    }
  });

  return (
    <section className="report-section" aria-labelledby="privacy-title">
      <h2 id="privacy-title">Privacy</h2>
      <form className="form" onSubmit={onSubmit} noValidate aria-label="Privacy and password">
        <PrivacyFields
          privacy={privacy}
          privacyProps={register('privacy')}
          passwordProps={register('password')}
          privacyError={errors.privacy?.message}
          passwordError={errors.password?.message}
          hasPassword={savedHasPassword}
          disabled={update.isPending}
        />
        {privacy === 'password' ? null : savedHasPassword ? (
          <p className="field__hint">The current password is removed when privacy is not “Password”.</p>
        ) : null}
        <div className="form__actions">
          <button type="submit" className="button button--primary" disabled={!isDirty || update.isPending}>
            {update.isPending ? 'Saving…' : 'Save privacy'}
          </button>
          {isDirty && !update.isPending ? (
            <button type="button" className="button" onClick={() => reset()}>
              Discard changes
            </button>
          ) : null}
          {isDirty ? <span className="field__hint">Unsaved changes</span> : null}
        </div>
        {failure ? (
          <p className="notice notice--error" role="alert">
            {failure}
          </p>
        ) : null}
      </form>
    </section>
  );
}
