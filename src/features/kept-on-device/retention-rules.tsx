import { useEffect, useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Field } from '../../components/field';
import {
  formatStorageSize,
  loadRetentionRules,
  RETENTION_LIMITS,
  retentionError,
  saveRetentionRules,
  subscribeKeptChanges,
  typedRetention,
  type RetentionPlan,
} from '../device-storage';
import { previewRetention, removeRetained, RETAINED_WORDS, type KeptRef } from './kept-kinds';
import { countOf, listInWords } from './words';

interface RulesValues {
  keepRuns: string;
  maxMonths: string;
}

type Step =
  | { status: 'idle' }
  | { status: 'previewing' }
  | { status: 'preview'; plan: RetentionPlan<KeptRef>; changed: boolean }
  | { status: 'removing'; plan: RetentionPlan<KeptRef> }
  | { status: 'removed'; message: string };

const KINDS = Object.keys(RETAINED_WORDS) as KeptRef['kind'][];

/** "12 kept audits and 40 earlier results". */
function retainedInWords(counts: Partial<Record<string, number>>): string {
  return listInWords(
    KINDS.filter((kind) => (counts[kind] ?? 0) > 0).map((kind) => countOf(counts[kind] ?? 0, RETAINED_WORDS[kind])),
  );
}

/**
 * The retention rules: the newest runs of each page to keep, the age beyond which kept items go.
 * Nothing is removed before the analyst has seen the preview and confirmed it; the confirmation
 * removes exactly what was previewed (an item kept anew since stays), and only while the preview
 * still stands: a change to the stores meanwhile (another tab's) asks for a new preview.
 */
export function RetentionRules() {
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
    if (!removed) {
      setStep({
        status: 'removed',
        message: 'Nothing could be removed just now: the browser refused. Try again later.',
      });
      return;
    }
    const gone = removed.audits + removed.earlier;
    const kept = plan.remove.length - gone;
    const what = gone > 0 ? `Removed ${retainedInWords(removed)}.` : 'Nothing was removed.';
    const since =
      kept > 0 ? ` ${countOf(kept, { one: 'item', many: 'items' })} had changed since the preview and stayed.` : '';
    setStep({ status: 'removed', message: what + since });
  };

  const rulesField = (field: keyof RulesValues) =>
    register(field, {
      validate: (value) => retentionError(field, value) ?? true,
      onChange: clearPreview,
    });

  return (
    <form className="form kept-on-device__rules" aria-labelledby={`${id}-title`} onSubmit={onPreview} noValidate>
      <h3 id={`${id}-title`}>Retention rules</h3>
      <p className="field__hint">
        For the kept audits and the results before a re-analysis. A kept audit is read again from the service when its
        project is next opened; results before a re-analysis are kept nowhere else, and cannot be brought back.
      </p>
      <Field
        label="Runs to keep per page"
        error={errors.keepRuns?.message}
        hint={`The newest results before a re-analysis of each page stay, from ${RETENTION_LIMITS.keepRuns.min} to ${RETENTION_LIMITS.keepRuns.max}.`}
      >
        <input type="number" inputMode="numeric" min={RETENTION_LIMITS.keepRuns.min} {...rulesField('keepRuns')} />
      </Field>
      <Field
        label="Remove what is older than (months)"
        error={errors.maxMonths?.message}
        hint={`Kept audits and earlier results kept longer ago than this go, from ${RETENTION_LIMITS.maxMonths.min} to ${RETENTION_LIMITS.maxMonths.max} months.`}
      >
        <input type="number" inputMode="numeric" min={RETENTION_LIMITS.maxMonths.min} {...rulesField('maxMonths')} />
      </Field>
      <div className="form__actions">
        <button type="submit" className="button" disabled={step.status === 'previewing' || step.status === 'removing'}>
          Preview what would go
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
        {step.status === 'removing' ? <p>Removing…</p> : null}
        {step.status === 'removed' ? <p className="notice notice--success">{step.message}</p> : null}
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
  if (plan.remove.length === 0) return <p>Nothing would be removed under these rules.</p>;
  return (
    <div className="kept-on-device__preview">
      <p>
        {retainedInWords(plan.byKind)} would be removed, {formatStorageSize(plan.bytes)}.
      </p>
      {changed ? (
        <p className="notice notice--warning">
          What is kept on this device changed since this preview (in another tab, or as you worked). Preview again to
          see what would go now.
        </p>
      ) : null}
      <div className="form__actions">
        <button type="button" className="button button--danger" onClick={onRemove} disabled={changed}>
          Remove them
        </button>
        <button type="button" className="button" onClick={onCancel}>
          Cancel
        </button>
      </div>
    </div>
  );
}
