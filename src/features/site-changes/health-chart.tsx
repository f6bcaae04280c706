import { useId, useState } from 'react';
import { plural, t as translate } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { ApiText } from '../../components/api-text';
import { formatNumber } from '../../lib/i18n/format';
import { RATING_RANGES } from '../../lib/rating';
import { endOfDay, type HealthPoint } from '../audit';
import type { TimelineNote } from '../workspace';
import { dayInWords } from './day-words';

const WIDTH = 640;
const HEIGHT = 220;
const PAD = { top: 12, right: 12, bottom: 28, left: 36 };

/** A point's period, a day or a week, in the language on screen (called while a component renders). */
function periodLabel(point: HealthPoint): string {
  const day = dayInWords(point.from);
  return point.from === point.to
    ? day
    : translate({ message: `Week of ${day}`, comment: 'The week that starts on that day' });
}
const rounded = (average: number | null) => (average === null ? null : Math.round(average));

/**
 * What the chart shows, for screen readers: "From 62 (Nov 2, 2026) to 71 (Nov 26, 2026), lowest
 * 58; 12 days with runs, 2 notes. The table below gives every value."
 */
function describeChart(points: readonly HealthPoint[], scored: readonly HealthPoint[], notes: number): string {
  if (scored.length === 0) return translate`No run in this period has a score.`;
  const lowest = scored.reduce<HealthPoint | null>(
    (low, point) => (low === null || (point.health.average as number) < (low.health.average as number) ? point : low),
    null,
  );
  const first = scored[0] as HealthPoint;
  const last = scored.at(-1) as HealthPoint;
  // Scored points: each has an average.
  const from = rounded(first.health.average) ?? 0;
  const fromPeriod = periodLabel(first);
  const to = rounded(last.health.average) ?? 0;
  const toPeriod = periodLabel(last);
  const low = rounded(lowest?.health.average ?? null) ?? 0;
  const count = points.length;
  const periods =
    points[0]?.from === points[0]?.to
      ? plural(count, { one: '# day with runs', other: '# days with runs' })
      : plural(count, { one: '# week with runs', other: '# weeks with runs' });
  if (notes === 0)
    return translate`From ${from} (${fromPeriod}) to ${to} (${toPeriod}), lowest ${low}; ${periods}. The table below gives every value.`;
  const noted = plural(notes, { one: '# note', other: '# notes' });
  return translate`From ${from} (${fromPeriod}) to ${to} (${toPeriod}), lowest ${low}; ${periods}, ${noted}. The table below gives every value.`;
}

/**
 * Health over time as inline SVG: a line through each period's health (0–100), the rating
 * thresholds as rules, and the analyst's notes as marked dates. Drawn by hand: a chart library
 * would weigh more than this page's own code for one line. The same figures are in a table, for
 * screen readers and for anyone who wants the numbers.
 */
export function HealthChart({
  points,
  notes,
  title,
}: {
  points: readonly HealthPoint[];
  notes: readonly TimelineNote[];
  title: string;
}) {
  const { t } = useLingui();
  const id = useId();
  const [table, setTable] = useState(false);
  const scored = points.filter((point) => point.health.average !== null);
  if (points.length === 0) return <p>{t`No run kept here has a date: there is nothing to draw yet.`}</p>;

  const first = (points[0] as HealthPoint).at;
  const last = (points.at(-1) as HealthPoint).at;
  const span = Math.max(last - first, 1);
  const x = (at: number) =>
    points.length === 1
      ? (PAD.left + WIDTH - PAD.right) / 2
      : PAD.left + ((at - first) / span) * (WIDTH - PAD.left - PAD.right);
  const y = (score: number) => PAD.top + (1 - score / 100) * (HEIGHT - PAD.top - PAD.bottom);
  const line = scored.map((point) => `${x(point.at).toFixed(1)},${y(point.health.average as number).toFixed(1)}`);
  const shownNotes = notes
    .map((note) => ({ note, at: endOfDay(note.date) }))
    .filter(
      (entry): entry is { note: TimelineNote; at: number } =>
        entry.at !== null && entry.at >= first && entry.at <= last,
    );
  const description = describeChart(points, scored, shownNotes.length);

  return (
    <figure className="health-chart">
      <svg
        viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
        role="img"
        aria-labelledby={`${id}-title`}
        aria-describedby={`${id}-desc`}
        className="health-chart__svg"
      >
        <title id={`${id}-title`}>{title}</title>
        <desc id={`${id}-desc`}>{description}</desc>
        {[0, RATING_RANGES.decent.min, RATING_RANGES.good.min, 100].map((score) => (
          <g key={score} className="health-chart__rule">
            <line x1={PAD.left} x2={WIDTH - PAD.right} y1={y(score)} y2={y(score)} />
            <text x={PAD.left - 6} y={y(score) + 4} textAnchor="end">
              {score}
            </text>
          </g>
        ))}
        {shownNotes.map(({ note, at }, index) => (
          <g key={note.id} className="health-chart__note">
            <line x1={x(at)} x2={x(at)} y1={PAD.top} y2={HEIGHT - PAD.bottom} />
            <text x={x(at) + 3} y={PAD.top + 10}>
              {index + 1}
            </text>
          </g>
        ))}
        <polyline className="health-chart__line" points={line.join(' ')} />
        {scored.map((point) => (
          <circle
            key={point.from}
            className="health-chart__point"
            cx={x(point.at)}
            cy={y(point.health.average as number)}
            r={3}
          />
        ))}
        <text className="health-chart__axis" x={PAD.left} y={HEIGHT - 8}>
          {periodLabel(points[0] as HealthPoint)}
        </text>
        {points.length > 1 ? (
          <text className="health-chart__axis" x={WIDTH - PAD.right} y={HEIGHT - 8} textAnchor="end">
            {periodLabel(points.at(-1) as HealthPoint)}
          </text>
        ) : null}
      </svg>
      {shownNotes.length > 0 ? (
        <ol className="health-chart__notes" aria-label={t`Notes on the chart`}>
          {shownNotes.map(({ note }) => {
            const day = dayInWords(note.date);
            return (
              <li key={note.id}>
                <Trans comment="A note of the analyst’s on the chart: its day, then its words">
                  {day}: <ApiText value={note.text} />
                </Trans>
              </li>
            );
          })}
        </ol>
      ) : null}
      <button
        type="button"
        className="button button--small button--ghost no-print"
        aria-expanded={table}
        aria-controls={`${id}-table`}
        onClick={() => setTable((shown) => !shown)}
      >
        {table ? t`Hide the table` : t`Show as a table`}
      </button>
      <div id={`${id}-table`} className="health-chart__table print-expand" hidden={!table}>
        <table className="data-table">
          <caption>
            {t({
              message: `${title}, as a table`,
              comment: 'The title is the chart’s, such as “Health of example.com over time”',
            })}
          </caption>
          <thead>
            <tr>
              <th scope="col">{points[0]?.from === points[0]?.to ? t`Day` : t`Week`}</th>
              <th scope="col">{t`Health`}</th>
              <th scope="col">{t`Pages`}</th>
              <th scope="col">{t`Without a score`}</th>
              <th scope="col">{t`Runs`}</th>
            </tr>
          </thead>
          <tbody>
            {points.map((point) => (
              <tr key={point.from}>
                <th scope="row">{periodLabel(point)}</th>
                <td data-label={t`Health`}>{rounded(point.health.average) ?? t`No score`}</td>
                <td data-label={t`Pages`}>{formatNumber(point.health.pages)}</td>
                <td data-label={t`Without a score`}>{formatNumber(point.health.unscored)}</td>
                <td data-label={t`Runs`}>{formatNumber(point.runs)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </figure>
  );
}
