import { formatDateTime } from '../lib/i18n/format';

/**
 * Under a form whose values the team shares: what the field held before its current value,
 * newest first, each with when it was set and replaced. When two analysts change it at once the
 * later edit wins; the other is listed here instead of vanishing (issue 38). Closed by default:
 * the count in its summary says there is something to look at.
 */
export function EarlierValues({
  summary,
  about,
  label,
  items,
  when,
}: {
  /** "Earlier settings (2)" */
  summary: string;
  /**
   * What the field is, heard after the summary where a list has one per row ("Earlier names (1)"
   * under each segment would sound the same for every row); not shown.
   */
  about?: string;
  /** The list's accessible name: "Earlier settings of what needs attention". */
  label: string;
  /** Each earlier value in words, with when it was set and when the next edit replaced it (ms). */
  items: readonly { text: string; setAt: number; replacedAt: number }[];
  /** The two moments in the field's words: "set Nov 20, 2026, 10:05 AM, replaced …". */
  when: (set: string, replaced: string) => string;
}) {
  if (items.length === 0) return null;
  return (
    // Not on paper: a closed disclosure would print as a bare summary.
    <details className="earlier-values no-print">
      <summary>
        {summary}
        {about ? <span className="visually-hidden">{`: ${about}`}</span> : null}
      </summary>
      <ul aria-label={label}>
        {items.map(({ text, setAt, replacedAt }, index) => (
          <li key={`${index}-${setAt}`}>
            {text}
            <span className="earlier-values__when">{` — ${when(moment(setAt), moment(replacedAt))}`}</span>
          </li>
        ))}
      </ul>
    </details>
  );
}

/** A moment in the language on screen; a dash for a time no date can hold (a hostile peer's). */
const moment = (at: number) => formatDateTime(at) ?? '—';
