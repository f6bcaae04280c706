import { useEffect, useId, useState, useSyncExternalStore } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { plural } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import type { Job } from '../jobs';
import { browserLanguage, chooseLanguage, savedChoice, type LanguageChoice } from '../../lib/i18n/language-choice';
import { LANGUAGE_NAMES, LANGUAGES, PSEUDO_LOCALE } from '../../lib/i18n/locales';

type JobQueue = ReturnType<(typeof import('../jobs'))['getJobQueue']>;

/** Running or paused: not over yet (as the job tray counts them). */
const isActive = (job: Job) => job.state === 'running' || job.state === 'paused';
const NO_JOBS: readonly Job[] = [];
const noChange = () => () => {};

/**
 * How many of this account's background jobs are not over: what the job tray shows, from the same
 * queue. The language is not switched under them: a job's words and its progress stay in one
 * language from its start to its end. The queue's code comes after the page, as the tray's does
 * (already in memory when a job ran in this tab); until then none is counted.
 */
function useActiveJobCount(): number {
  const queryClient = useQueryClient();
  const [jobs, setJobs] = useState<{ queue: JobQueue; connection: () => string } | null>(null);
  useEffect(() => {
    let live = true;
    import('../jobs').then(
      ({ getJobQueue, connectionId }) => live && setJobs({ queue: getJobQueue(queryClient), connection: connectionId }),
      () => undefined, // its code out of reach (offline): no job can have started from this page either
    );
    return () => {
      live = false;
    };
  }, [queryClient]);
  const snapshot = jobs?.queue.getSnapshot ?? (() => NO_JOBS);
  const all = useSyncExternalStore(jobs?.queue.subscribe ?? noChange, snapshot, snapshot);
  const connection = jobs?.connection();
  return all.filter((job) => job.connection === connection && isActive(job)).length;
}

/**
 * The dashboard's language on this device: each language named in itself, or the browser's.
 * Applied at once, without a reload; not while a background job runs. (A client report's
 * language is another setting.)
 */
export function LanguageSetting() {
  const id = useId();
  const { t } = useLingui();
  const [choice, setChoice] = useState(savedChoice);
  const [failed, setFailed] = useState(false);
  const activeJobs = useActiveJobCount();
  const browser = LANGUAGE_NAMES[browserLanguage()];

  const choose = (next: LanguageChoice) => {
    const before = choice;
    setChoice(next);
    setFailed(false);
    chooseLanguage(next).catch(() => {
      setChoice(before);
      setFailed(true);
    });
  };

  return (
    <section className="form" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{t`Language`}</h2>
      <div className="field">
        <select
          id={`${id}-language`}
          aria-labelledby={`${id}-title`}
          aria-describedby={`${id}-hint`}
          value={choice}
          disabled={activeJobs > 0}
          onChange={(event) => choose(event.target.value as LanguageChoice)}
        >
          <option value="">{t`As the browser (${browser})`}</option>
          {LANGUAGES.map((language) => (
            <option key={language} value={language} lang={language}>
              {LANGUAGE_NAMES[language]}
            </option>
          ))}
          {/* Chosen only by a test run (`?lang=pseudo` or stored): shown then, never offered. */}
          {choice === PSEUDO_LOCALE ? <option value={PSEUDO_LOCALE}>Pseudo</option> : null}
        </select>
        <p className="field__hint" id={`${id}-hint`}>
          {activeJobs > 0
            ? plural(activeJobs, {
                one: 'A background job is running: the language can be changed once it has finished or has been cancelled.',
                other:
                  '# background jobs are running: the language can be changed once they have finished or have been cancelled.',
              })
            : t`The dashboard’s language, kept on this device and applied at once.`}
        </p>
        {failed ? (
          <p className="field__error" role="alert">
            {t`That language’s words could not be loaded. Check the connection and try again.`}
          </p>
        ) : null}
      </div>
    </section>
  );
}
