import { useId, useState } from 'react';
import { useLingui } from '@lingui/react/macro';
import { ApiText } from '../../components/api-text';
import { dayOf, startOfDay } from '../audit';
import { addTimelineNote, NOTE_MAX_LENGTH, removeTimelineNote, useTimelineNotes } from '../workspace';
import { dayInWords } from './day-words';

/**
 * The analyst's notes on the timeline ("site migration", "Google core update"): a project's own,
 * or for the whole account (`project` undefined, as on the overview). Shown on the health chart
 * and in the change report.
 */
export function TimelineNotesEditor({ project }: { project?: string }) {
  const { t } = useLingui();
  const id = useId();
  const notes = useTimelineNotes(project);
  const [date, setDate] = useState(() => dayOf(Date.now()));
  const [text, setText] = useState('');
  const [forAccount, setForAccount] = useState(project === undefined);
  const [error, setError] = useState<string | null>(null);

  return (
    <div className="timeline-notes no-print">
      {notes.length > 0 ? (
        <ul className="timeline-notes__list" aria-label={t`Notes on the timeline`}>
          {notes.map((note) => {
            const day = dayInWords(note.date);
            const text = note.text;
            return (
              <li key={note.id}>
                <strong>{day}</strong> <ApiText value={text} />
                {note.project === null && project !== undefined
                  ? ` ${t({ message: '(whole account)', comment: 'A note on the timeline of every project of the account' })}`
                  : null}{' '}
                <button
                  type="button"
                  className="button button--small button--ghost"
                  aria-label={t`Remove the note of ${day}: ${text}`}
                  onClick={() => void removeTimelineNote(note.id)}
                >
                  {t({ message: 'Remove', comment: 'Button: remove a note from the timeline' })}
                </button>
              </li>
            );
          })}
        </ul>
      ) : null}
      <form
        className="filters timeline-notes__form"
        aria-label={t`Add a note to the timeline`}
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          const trimmed = text.trim();
          if (startOfDay(date) === null) return setError(t`Give the note a date.`);
          if (trimmed === '') return setError(t`Write what happened, e.g. “Site migration”.`);
          void addTimelineNote({
            date,
            text: trimmed,
            project: forAccount || project === undefined ? null : project,
          }).then((kept) => {
            if (!kept) return setError(t`The note could not be kept: check its date and words.`);
            setText('');
            setError(null);
          });
        }}
      >
        <label className="filter">
          <span className="filter__label">{t({ message: 'Date', comment: 'The day of a note on the timeline' })}</span>
          <input type="date" value={date} required onChange={(event) => setDate(event.target.value)} />
        </label>
        <label className="filter">
          <span className="filter__label">{t`What happened`}</span>
          <input
            type="text"
            value={text}
            maxLength={NOTE_MAX_LENGTH}
            aria-invalid={error !== null}
            aria-describedby={error ? `${id}-error` : undefined}
            onChange={(event) => setText(event.target.value)}
          />
        </label>
        {project !== undefined ? (
          <label className="choice">
            <input type="checkbox" checked={forAccount} onChange={(event) => setForAccount(event.target.checked)} />{' '}
            {t`For every project`}
          </label>
        ) : null}
        <button type="submit" className="button">
          {t`Add the note`}
        </button>
        {error ? (
          <p id={`${id}-error`} className="field__error" role="alert">
            {error}
          </p>
        ) : null}
      </form>
    </div>
  );
}
