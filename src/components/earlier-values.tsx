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
  items: readonly { key: string; text: string; when: string }[];
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
        {items.map(({ key, text, when }) => (
          <li key={key}>
            {text}
            <span className="earlier-values__when">{` — ${when}`}</span>
          </li>
        ))}
      </ul>
    </details>
  );
}
