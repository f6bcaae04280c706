import { useEffect, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { t as translate } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { Field } from '../../../components/field';
import { checksCatalog } from '../../../lib/check-catalog';
import { checkTitle } from '../../../lib/checks';
import { setProjectWatch, setReanalysisPlan, useProjectEntry, type ProjectEntry } from '../../workspace';
import { PRIVACY_LABELS } from '../../reports';
import '../../attention/attention.css';
import { WatchHistory } from './watch-history';
import { useCatalog } from '../../../lib/i18n/use-catalog';
import { projectPagesCatalog } from '../catalog';

interface WatchValues {
  target: string;
  newHighFailures: boolean;
  dropPoints: string;
  cadence: 'none' | 'weekly' | 'monthly';
  scope: 'every-page' | 'failing';
  check: string;
  privacy: 'private' | 'public';
  automatic: boolean;
  paused: boolean;
}

function valuesOf({ watch, plan }: ProjectEntry): WatchValues {
  return {
    target: watch.target === null ? '' : String(watch.target),
    newHighFailures: watch.newHighFailures,
    dropPoints: watch.dropPoints === null ? '' : String(watch.dropPoints),
    cadence: plan?.cadence ?? 'none',
    scope: plan?.scope.kind ?? 'every-page',
    check: plan?.scope.kind === 'failing' ? plan.scope.check : '',
    privacy: plan?.privacy ?? 'private',
    automatic: plan?.automatic ?? false,
    paused: plan?.paused ?? false,
  };
}

/** A whole number in [min, 100] as typed, or empty; the rule's message otherwise. */
const pointsRule = (min: number, message: () => string) => (value: string) => {
  const typed = value.trim();
  if (typed === '') return true;
  const number = Number(typed);
  return (Number.isInteger(number) && number >= min && number <= 100) || message();
};
const targetRule = pointsRule(0, () => translate`The target is a whole number from 0 to 100.`);
const dropRule = pointsRule(1, () => translate`The drop is a whole number from 1 to 100.`);
const toPoints = (value: string) => (value.trim() === '' ? null : Number(value.trim()));

/**
 * On a project's page: what the Needs attention list flags for it (a target, new failures of
 * high-importance checks, big drops) and its re-analysis plan. Kept on this device, for every
 * open tab.
 */
export function ProjectWatch({ project, checks }: { project: string; checks: readonly string[] }) {
  useCatalog(projectPagesCatalog, checksCatalog);
  const { t, i18n } = useLingui();
  // The store as it is (not the deferred value): the form is reset from it after a save, and a
  // lagging value would put the replaced settings back for a moment.
  const { loaded, entry } = useProjectEntry(project, { now: true });
  const [saved, setSaved] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    reset,
    control,
    formState: { errors, isDirty, isSubmitting },
  } = useForm<WatchValues>({ defaultValues: valuesOf(entry) });
  // The form starts from what the device keeps, once it has answered (and not over typing).
  useEffect(() => {
    if (loaded && !isDirty) reset(valuesOf(entry));
  }, [loaded, entry, isDirty, reset]);
  const cadence = useWatch({ control, name: 'cadence' });
  const scope = useWatch({ control, name: 'scope' });
  const checkChoices = [
    ...new Set([...checks, ...(entry.plan?.scope.kind === 'failing' ? [entry.plan.scope.check] : [])]),
  ];

  const onSave = handleSubmit(async (values) => {
    await setProjectWatch(project, {
      target: toPoints(values.target),
      newHighFailures: values.newHighFailures,
      dropPoints: toPoints(values.dropPoints),
    });
    await setReanalysisPlan(
      project,
      values.cadence === 'none'
        ? null
        : {
            cadence: values.cadence,
            scope: values.scope === 'failing' ? { kind: 'failing', check: values.check } : { kind: 'every-page' },
            privacy: values.privacy,
            automatic: values.automatic,
            paused: values.paused,
          },
    );
    reset(values);
    setSaved(t`Saved on this device: every open dashboard tab follows.`);
  });

  return (
    <form
      className="form watch-form"
      onSubmit={(event) => void onSave(event)}
      noValidate
      aria-label={t`Watch and re-analyse`}
    >
      <fieldset className="watch-form__group">
        <legend>{t`What needs attention`}</legend>
        <Field
          label={t`Target health`}
          error={errors.target?.message}
          hint={t`Flagged when the project’s health is below it (0–100). Empty: no target.`}
        >
          <input type="text" inputMode="numeric" {...register('target', { validate: targetRule })} />
        </Field>
        <label className="choice">
          <input type="checkbox" {...register('newHighFailures')} />{' '}
          {t`Flag pages that newly fail a high-importance check`}
        </label>
        <Field
          label={t`Flag a page whose score falls by at least (points)`}
          error={errors.dropPoints?.message}
          hint={t`Empty: drops are not flagged.`}
        >
          <input type="text" inputMode="numeric" {...register('dropPoints', { validate: dropRule })} />
        </Field>
        <WatchHistory project={project} />
      </fieldset>
      <fieldset className="watch-form__group">
        <legend>{t`Re-analysis plan`}</legend>
        <Field label={t`Cadence`}>
          <select {...register('cadence')}>
            <option value="none">{t`No plan`}</option>
            <option value="weekly">{t`Weekly`}</option>
            <option value="monthly">{t`Monthly`}</option>
          </select>
        </Field>
        {cadence === 'none' ? null : (
          <>
            <Field
              label={t`Pages`}
              hint={t`Each gets a new run; earlier runs stay for the change report and the chart.`}
            >
              <select {...register('scope')}>
                <option value="every-page">{t`Every page (the latest run of each address)`}</option>
                <option value="failing">{t`Pages failing a chosen check`}</option>
              </select>
            </Field>
            {scope === 'failing' ? (
              <Field label={t`Check`} error={errors.check?.message}>
                <select {...register('check', { validate: (value) => value !== '' || translate`Choose the check.` })}>
                  <option value="">{t`Choose a check…`}</option>
                  {checkChoices.map((check) => (
                    <option key={check} value={check}>
                      {checkTitle(check, i18n)}
                    </option>
                  ))}
                </select>
              </Field>
            ) : null}
            <Field label={t`New runs are`}>
              <select {...register('privacy')}>
                {/* The privacy words are the app's (features/reports), said the same everywhere. */}
                <option value="private">{PRIVACY_LABELS.private}</option>
                <option value="public">{PRIVACY_LABELS.public}</option>
              </select>
            </Field>
            <label className="choice">
              <input type="checkbox" {...register('automatic')} /> {t`Start by itself when due`}
            </label>
            <label className="choice">
              <input type="checkbox" {...register('paused')} />{' '}
              {t({ message: 'Paused', comment: 'The re-analysis plan is paused' })}
            </label>
            <p className="field__hint">
              {t`A plan runs only while a dashboard tab is open: nothing runs while no dashboard is open, and a due plan waits for the next one.`}
            </p>
          </>
        )}
      </fieldset>
      <div className="form__actions">
        <button type="submit" className="button button--primary" disabled={isSubmitting}>
          {t`Save`}
        </button>
        {saved && !isDirty ? <p role="status">{saved}</p> : null}
      </div>
    </form>
  );
}
