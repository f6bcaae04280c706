import { useMemo, useState, type FormEvent } from 'react';
import { EarlierValues } from '../../components/earlier-values';
import { Field } from '../../components/field';
import { formatDateTime } from '../../lib/format';
import { formatNumber, formatPages } from '../../lib/format-number';
import { latestRunPerUrl, type ReadReport } from '../audit';
import {
  addSegment,
  MAX_SEGMENTS,
  removeSegment,
  renameSegment,
  SEGMENT_NAME_MAX,
  SEGMENT_PATTERN_MAX,
  segmentName,
  useSegmentHistory,
  type Segment,
  type SegmentRefusal,
} from '../workspace';
import { readPattern } from './match';
import { countPages } from './segment-view';

const REFUSALS: Record<SegmentRefusal, string> = {
  invalid: `A name is 1 to ${SEGMENT_NAME_MAX} characters on one line.`,
  'name-taken': 'Another segment of this project has this name.',
  'too-many': `A project has at most ${MAX_SEGMENTS} segments.`,
  missing: 'This segment was removed meanwhile (in another tab?).',
};

/** What the pattern being typed takes, in words: as soon as it is typed, before anything is kept. */
function PatternCount({ pattern, pages }: { pattern: string; pages: readonly ReadReport[] | undefined }) {
  const reading = readPattern(pattern);
  let words: string;
  if (pattern.trim() === '') words = '';
  else if (!reading.pattern) words = reading.problem;
  else if (!pages) words = 'The pages it takes are counted once the project’s reports are read.';
  else {
    const count = countPages(pages, reading.pattern);
    words =
      count === 0
        ? `Matches no page of the ${formatPages(pages.length)} read: check the pattern (pages analysed later still join).`
        : count === pages.length
          ? `Matches every page (${formatNumber(count)}).`
          : `Matches ${formatNumber(count)} of ${formatPages(pages.length)}.`;
  }
  return (
    <p className={reading.problem && words ? 'field__error' : 'field__hint'} role="status" aria-live="polite">
      {words}
    </p>
  );
}

function AddSegment({ project, pages }: { project: string; pages: readonly ReadReport[] | undefined }) {
  const [name, setName] = useState('');
  const [pattern, setPattern] = useState('');
  const [nameError, setNameError] = useState<string | undefined>();
  const [patternError, setPatternError] = useState<string | undefined>();
  const [pending, setPending] = useState(false);
  const [added, setAdded] = useState<string | null>(null);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const problem = readPattern(pattern).problem;
    const nameProblem =
      segmentName(name) === null ? (name.trim() === '' ? 'Give the segment a name.' : REFUSALS.invalid) : undefined;
    setPatternError(problem);
    setNameError(nameProblem);
    setAdded(null);
    if (problem || nameProblem) return;
    setPending(true);
    try {
      const outcome = await addSegment(project, { name, pattern });
      if ('refused' in outcome) {
        if (outcome.refused === 'too-many') setPatternError(REFUSALS['too-many']);
        else setNameError(REFUSALS[outcome.refused]);
        return;
      }
      setName('');
      setPattern('');
      setAdded(`Added ${outcome.added.name}: kept on this device, every open dashboard tab follows.`);
    } finally {
      setPending(false);
    }
  };

  return (
    <form className="form" aria-label="Add a segment" noValidate onSubmit={(event) => void onSubmit(event)}>
      <h3>Add a segment</h3>
      <Field label="Name" error={nameError}>
        <input
          type="text"
          value={name}
          maxLength={SEGMENT_NAME_MAX}
          autoComplete="off"
          onChange={(event) => setName(event.target.value)}
        />
      </Field>
      <Field
        label="Pattern"
        error={patternError}
        hint={
          <>
            A path prefix such as <code>/blog/</code> (also takes <code>/blog/</code> itself), or a wildcard such as{' '}
            <code>/blog/*</code> or <code>*/products/*</code>: <code>*</code> is any run of characters, <code>/</code>{' '}
            included. Case, <code>www.</code>, a trailing slash and the query string do not matter.
          </>
        }
      >
        <input
          type="text"
          value={pattern}
          maxLength={SEGMENT_PATTERN_MAX}
          autoComplete="off"
          spellCheck={false}
          onChange={(event) => {
            setPattern(event.target.value);
            setPatternError(undefined);
          }}
        />
      </Field>
      <PatternCount pattern={pattern} pages={pages} />
      <div className="form__actions">
        <button type="submit" className="button button--primary" disabled={pending}>
          Add segment
        </button>
        {added ? <p role="status">{added}</p> : null}
      </div>
    </form>
  );
}

function SegmentRow({ project, segment }: { project: string; segment: Segment }) {
  const [name, setName] = useState(segment.name);
  const [error, setError] = useState<string | undefined>();
  const [pending, setPending] = useState(false);
  // Names a concurrent rename replaced (the later one wins): listed, not lost.
  const earlier = useSegmentHistory(project, segment.id).filter(({ value }) => value.name !== segment.name);
  const onRename = async (event: FormEvent) => {
    event.preventDefault();
    setPending(true);
    try {
      const refused = await renameSegment(project, segment.id, name);
      setError(refused ? REFUSALS[refused] : undefined);
    } finally {
      setPending(false);
    }
  };
  return (
    <div>
      <form className="filters" aria-label={`Segment ${segment.name}`} onSubmit={(event) => void onRename(event)}>
        <Field label={`Name of ${segment.name} (${segment.pattern})`} error={error}>
          <input
            type="text"
            value={name}
            maxLength={SEGMENT_NAME_MAX}
            autoComplete="off"
            onChange={(event) => setName(event.target.value)}
          />
        </Field>
        <button type="submit" className="button" disabled={pending || name.trim() === segment.name}>
          Rename
        </button>
        <button
          type="button"
          className="button button--danger"
          aria-label={`Remove ${segment.name}`}
          onClick={() => void removeSegment(project, segment.id)}
        >
          Remove
        </button>
      </form>
      <EarlierValues
        summary={`Earlier names (${earlier.length})`}
        label={`Earlier names of ${segment.name}`}
        items={earlier.map(({ value, setAt, replacedAt }, index) => ({
          key: `${index}-${setAt}`,
          text: value.name,
          when: `named so ${formatDateTime(setAt)}, renamed ${formatDateTime(replacedAt)}`,
        }))}
      />
    </div>
  );
}

/** Adding a segment (with a live count of the pages its pattern takes), renaming and removing one. */
export function SegmentManager({
  project,
  segments,
  reports,
}: {
  project: string;
  segments: readonly Segment[];
  reports: readonly ReadReport[] | undefined;
}) {
  const pages = useMemo(() => (reports ? latestRunPerUrl(reports) : undefined), [reports]);
  return (
    <div className="form page--narrow">
      <AddSegment project={project} pages={pages} />
      {segments.length > 0 ? (
        <>
          <h3>Rename or remove</h3>
          <div className="form">
            {segments.map((segment) => (
              // Keyed by name too: a rename in another tab starts the row afresh from it.
              <SegmentRow key={`${segment.id} ${segment.name}`} project={project} segment={segment} />
            ))}
          </div>
        </>
      ) : null}
    </div>
  );
}
