import { useEffect, useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { plural, t as translate } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { Field } from '../../components/field';
import {
  loadRetentionRules,
  RETENTION_LIMITS,
  retentionError,
  saveRetentionRules,
  subscribeKeptChanges,
  typedRetention,
  type RetentionPlan,
} from '../device-storage';
import { previewRetention, removeRetained, RETAINED_WORDS, type KeptRef } from './kept-kinds';
import { listInWords, sizeInWords } from './words';

interface RulesValues {
  keepRuns: string;
  maxMonths: string;
}

type Step =
  | { status: 'idle' }
  | { status: 'previewing' }
  | { status: 'preview'; plan: RetentionPlan<KeptRef>; changed: boolean }
  | { status: 'removing'; plan: RetentionPlan<KeptRef> }
  /** What went per kind (null: the browser refused), and how many listed items had changed and stayed. */
  | { status: 'removed'; removed: Record<KeptRef['kind'], number> | null; stayed: number };

const KINDS = Object.keys(RETAINED_WORDS) as KeptRef['kind'][];

/** "12 kept audits and 40 earlier results". */
function retainedInWords(counts: Partial<Record<string, number>>): string {
  return listInWords(
    KINDS.filter((kind) => (counts[kind] ?? 0) > 0).map((kind) => RETAINED_WORDS[kind](counts[kind] ?? 0)),
  );
}

/** What the confirmation removed, said when shown (so in the language on screen). */
function removedInWords(removed: Record<KeptRef['kind'], number> | null, stayed: number): string {
  if (!removed) return translate`Nothing could be removed just now: the browser refused. Try again later.`;
  const list = retainedInWords(removed);
  const what = removed.audits + removed.earlier > 0 ? translate`Removed ${list}.` : translate`Nothing was removed.`;
  if (stayed === 0) return what;
  const since = plural(stayed, {
    one: '# item had changed since the preview and stayed.',
    other: '# items had changed since the preview and stayed.',
  });
  return `${what} ${since}`;
}

/**
 * What a rule must be, said when one as typed is not (device-storage says whether it is): one
 * sentence per field, said at render, so in the language on screen.
 */
function ruleProblem(field: keyof RulesValues): string {
  const { min, max } = RETENTION_LIMITS[field];
  return field === 'keepRuns'
    ? translate`Enter a whole number of runs from ${min} to ${max}.`
    : translate`Enter a whole number of months from ${min} to ${max}.`;
}

/**
 * The retention rules: the newest runs of each page to keep, the age beyond which kept items go.
 * Nothing is removed before the analyst has seen the preview and confirmed it; the confirmation
 * removes exactly what was previewed (an item kept anew since stays), and only while the preview
 * still stands: a change to the stores meanwhile (another tab's) asks for a new preview.
 */
export function RetentionRules() {
  const { t } = useLingui();
  const id = useId();
  const [step, setStep] = useState<Step>({ status: 'idle' });
  const stored = loadRetentionRules();
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<RulesValues>({
    defaultValues: { keepRuns: String(stored.keepRuns), maxMonths: String(stored.maxMonths) },
  });
  const { min: fewestRuns, max: mostRuns } = RETENTION_LIMITS.keepRuns;
  const { min: fewestMonths, max: mostMonths } = RETENTION_LIMITS.maxMonths;
  const clearPreview = () => setStep((current) => (current.status === 'preview' ? { status: 'idle' } : current));

  // Whatever changes the stores while a preview is shown (another tab removed or kept something)
  // makes it stale: it is no longer exactly what would go.
  useEffect(
    () =>
      subscribeKeptChanges(() =>
        setStep((current) => (current.status === 'preview' ? { ...current, changed: true } : current)),
      ),
    [],
  );

  const onPreview = handleSubmit(async (values) => {
    const rules = typedRetention(values.keepRuns, values.maxMonths);
    if (!rules) return;
    saveRetentionRules(rules);
    setStep({ status: 'previewing' });
    const plan = await previewRetention(rules);
    setStep({ status: 'preview', plan, changed: false });
  });

  const onRemove = async (plan: RetentionPlan<KeptRef>) => {
    setStep({ status: 'removing', plan });
    const removed = await removeRetained(plan.remove).catch(() => null);
    const stayed = removed ? plan.remove.length - removed.audits - removed.earlier : 0;
    setStep({ status: 'removed', removed, stayed });
  };

  const rulesField = (field: keyof RulesValues) =>
    register(field, {
      validate: (value) => retentionError(field, value) === null || ruleProblem(field),
      onChange: clearPreview,
    });

  return (
    <form className="form kept-on-device__rules" aria-labelledby={`${id}-title`} onSubmit={onPreview} noValidate>
      <h3 id={`${id}-title`}>{t`Retention rules`}</h3>
      <p className="field__hint">
        {t`For the kept audits and the results before a re-analysis. A kept audit is read again from the service when its project is next opened; results before a re-analysis are kept nowhere else, and cannot be brought back.`}
      </p>
      <Field
        label={t`Runs to keep per page`}
        error={errors.keepRuns ? ruleProblem('keepRuns') : undefined}
        hint={t`The newest results before a re-analysis of each page stay, from ${fewestRuns} to ${mostRuns}.`}
      >
        <input type="number" inputMode="numeric" min={RETENTION_LIMITS.keepRuns.min} {...rulesField('keepRuns')} />
      </Field>
      <Field
        label={t`Remove what is older than (months)`}
        error={errors.maxMonths ? ruleProblem('maxMonths') : undefined}
        hint={t`Kept audits and earlier results kept longer ago than this go, from ${fewestMonths} to ${mostMonths} months.`}
      >
        <input type="number" inputMode="numeric" min={RETENTION_LIMITS.maxMonths.min} {...rulesField('maxMonths')} />
      </Field>
      <div className="form__actions">
        <button type="submit" className="button" disabled={step.status === 'previewing' || step.status === 'removing'}>
          {t`Preview what would go`}
        </button>
      </div>
      <div role="status" aria-live="polite">
        {step.status === 'preview' ? (
          <Preview
            plan={step.plan}
            changed={step.changed}
            onRemove={() => void onRemove(step.plan)}
            onCancel={() => setStep({ status: 'idle' })}
          />
        ) : null}
        {step.status === 'removing' ? <p>{t`Removing…`}</p> : null}
        {step.status === 'removed' ? (
          <p className="notice notice--success">{removedInWords(step.removed, step.stayed)}</p>
        ) : null}
      </div>
    </form>
  );
}

interface PreviewProps {
  plan: RetentionPlan<KeptRef>;
  changed: boolean;
  onRemove: () => void;
  onCancel: () => void;
}

function Preview({ plan, changed, onRemove, onCancel }: PreviewProps) {
  const { t } = useLingui();
  if (plan.remove.length === 0) return <p>{t`Nothing would be removed under these rules.`}</p>;
  const what = retainedInWords(plan.byKind);
  const size = sizeInWords(plan.bytes);
  return (
    <div className="kept-on-device__preview">
      <p>{t`${what} would be removed, ${size}.`}</p>
      {changed ? (
        <p className="notice notice--warning">
          {t`What is kept on this device changed since this preview (in another tab, or as you worked). Preview again to see what would go now.`}
        </p>
      ) : null}
      <div className="form__actions">
        <button type="button" className="button button--danger" onClick={onRemove} disabled={changed}>
          {t`Remove them`}
        </button>
        <button type="button" className="button" onClick={onCancel}>
          {t`Cancel`}
        </button>
      </div>
    </div>
  );
}
