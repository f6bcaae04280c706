import { useId } from 'react';
import { plural } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import type { Report } from '../../../api';
import { dateInWords } from '../moments';

const WIDTH = 320;
const HEIGHT = 100;
const PAD = 10;
/** Room on the left for the threshold numbers. */
const LABEL_WIDTH = 18;

const yOf = (score: number) => PAD + ((100 - Math.min(100, Math.max(0, score))) * (HEIGHT - 2 * PAD)) / 100;

/**
 * The score of each run, oldest to newest, evenly spaced (the dates are in the text and the
 * table beside it). The chart is an image whose text alternative lists every point; the
 * dashed lines are the service's rating thresholds (49 and 80).
 */
export function ScoreTrend({ runs, currentId }: { runs: readonly Report[]; currentId: string }) {
  const { t } = useLingui();
  const captionId = useId();
  const scored = [...runs].reverse().filter((run): run is Report & { score: number } => run.score !== null);
  if (scored.length < 2) return null;
  const step = (WIDTH - LABEL_WIDTH - 2 * PAD) / (scored.length - 1);
  const points = scored.map((run, index) => ({ run, x: LABEL_WIDTH + PAD + index * step, y: yOf(run.score) }));
  const first = scored[0]!;
  const last = scored[scored.length - 1]!;
  const scores = scored
    .map((run) => {
      const { score } = run;
      const day = dateInWords(run.generatedAt ?? run.createdAt);
      return run.id === currentId ? t`${score} on ${day} (this report)` : t`${score} on ${day}`;
    })
    .join(', ');
  const description = t`Score of each run, oldest first: ${scores}.`;
  const from = first.score;
  const to = last.score;
  const fromDay = dateInWords(first.generatedAt ?? first.createdAt);
  const toDay = dateInWords(last.generatedAt ?? last.createdAt);
  const count = scored.length;
  return (
    <figure className="score-trend">
      <svg
        className="score-trend__chart"
        viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
        role="img"
        aria-label={description}
        aria-describedby={captionId}
      >
        {[49, 80].map((threshold) => (
          <g key={threshold}>
            <line
              className="score-trend__threshold"
              x1={LABEL_WIDTH}
              x2={WIDTH}
              y1={yOf(threshold)}
              y2={yOf(threshold)}
            />
            <text className="score-trend__label" x={0} y={yOf(threshold) + 3}>
              {threshold}
            </text>
          </g>
        ))}
        <polyline className="score-trend__line" points={points.map((p) => `${p.x},${p.y}`).join(' ')} />
        {points.map(({ run, x, y }) => (
          <circle
            key={run.id}
            className={run.id === currentId ? 'score-trend__point score-trend__point--current' : 'score-trend__point'}
            cx={x}
            cy={y}
            r={run.id === currentId ? 5 : 3.5}
          />
        ))}
      </svg>
      <figcaption id={captionId} className="score-trend__caption">
        {plural(count, {
          one: `From ${from} (${fromDay}) to ${to} (${toDay}) over # run.`,
          other: `From ${from} (${fromDay}) to ${to} (${toDay}) over # runs.`,
        })}
      </figcaption>
    </figure>
  );
}
