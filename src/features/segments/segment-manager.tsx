import { useMemo, useState, type FormEvent } from 'react';
import type { MessageDescriptor } from '@lingui/core';
import { msg, plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { EarlierValues } from '../../components/earlier-values';
import { Field } from '../../components/field';
import { formatNumber } from '../../lib/i18n/format';
import { useCatalog } from '../../lib/i18n/use-catalog';
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
import { segmentsCatalog } from './catalog';
import { readPattern } from './match';
import { countPages } from './segment-view';

/**
 * Why the workspace refused a name or a segment: descriptors, said in the language on screen when
 * shown (an error stays on screen across a switch of language).
 */
const REFUSALS: Record<SegmentRefusal, MessageDescriptor> = {
  invalid: msg`A name is 1 to ${SEGMENT_NAME_MAX} characters on one line.`,
  'name-taken': msg`Another segment of this project has this name.`,
  'too-many': msg`A project has at most ${MAX_SEGMENTS} segments.`,
  missing: msg`This segment was removed meanwhile (in another tab?).`,
};

/** What the pattern being typed takes, in words: as soon as it is typed, before anything is kept. */
function PatternCount({ pattern, pages }: { pattern: string; pages: readonly ReadReport[] | undefined }) {
  const { t } = useLingui();
  const reading = readPattern(pattern);
  let words: string;
  if (pattern.trim() === '') words = '';
  else if (!reading.pattern) words = reading.problem;
  else if (!pages) words = t`The pages it takes are counted once the project’s reports are read.`;
  else {
    const count = countPages(pages, reading.pattern);
    const total = pages.length;
    const matched = formatNumber(count);
    words =
      count === 0
        ? plural(total, {
            one: 'Matches no page of the # page read: check the pattern (pages analysed later still join).',
            other: 'Matches no page of the # pages read: check the pattern (pages analysed later still join).',
          })
        : count === total
          ? t`Matches every page (${matched}).`
          : plural(total, { one: `Matches ${matched} of # page.`, other: `Matches ${matched} of # pages.` });
  }
  return (
    <p className={reading.problem && words ? 'field__error' : 'field__hint'} role="status" aria-live="polite">
      {words}
    </p>
  );
}

function AddSegment({ project, pages }: { project: string; pages: readonly ReadReport[] | undefined }) {
  const { t, i18n } = useLingui();
  const [name, setName] = useState('');
  const [pattern, setPattern] = useState('');
  const [nameError, setNameError] = useState<MessageDescriptor | undefined>();
  // The pattern's own problem is read again from it when shown (it is cleared when it changes).
  const [patternError, setPatternError] = useState<'unreadable' | 'too-many' | undefined>();
  const [pending, setPending] = useState(false);
  const [added, setAdded] = useState<string | null>(null);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const unreadable = readPattern(pattern).problem !== undefined;
    const nameProblem =
      segmentName(name) === null ? (name.trim() === '' ? msg`Give the segment a name.` : REFUSALS.invalid) : undefined;
    setPatternError(unreadable ? 'unreadable' : undefined);
    setNameError(nameProblem);
    setAdded(null);
    if (unreadable || nameProblem) return;
    setPending(true);
    try {
      const outcome = await addSegment(project, { name, pattern });
      if ('refused' in outcome) {
        if (outcome.refused === 'too-many') setPatternError('too-many');
        else setNameError(REFUSALS[outcome.refused]);
        return;
      }
      setName('');
      setPattern('');
      setAdded(outcome.added.name);
    } finally {
      setPending(false);
    }
  };

  return (
    <form className="form" aria-label={t`Add a segment`} noValidate onSubmit={(event) => void onSubmit(event)}>
      <h3>{t`Add a segment`}</h3>
      <Field label={t`Name`} error={nameError && i18n._(nameError)}>
        <input
          type="text"
          value={name}
          maxLength={SEGMENT_NAME_MAX}
          autoComplete="off"
          onChange={(event) => setName(event.target.value)}
        />
      </Field>
      <Field
        label={t`Pattern`}
        error={
          patternError === 'too-many'
            ? i18n._(REFUSALS['too-many'])
            : patternError === 'unreadable'
              ? readPattern(pattern).problem
              : undefined
        }
        hint={
          <Trans comment="What an address pattern is; the code stays as written">
            A path prefix such as <code>/blog/</code> (also takes <code>/blog/</code> itself), or a wildcard such as{' '}
            <code>/blog/*</code> or <code>*/products/*</code>: <code>*</code> is any run of characters, <code>/</code>{' '}
            included. Case, <code>www.</code>, a trailing slash and the query string do not matter.
          </Trans>
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
          {t`Add segment`}
        </button>
        {added !== null ? (
          <p role="status">{t`Added ${added}: kept on this device, every open dashboard tab follows.`}</p>
        ) : null}
      </div>
    </form>
  );
}

function SegmentRow({ project, segment }: { project: string; segment: Segment }) {
  const { t, i18n } = useLingui();
  const [name, setName] = useState(segment.name);
  const [error, setError] = useState<MessageDescriptor | undefined>();
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
  const { name: current, pattern } = segment;
  const count = earlier.length;
  return (
    <div>
      <form className="filters" aria-label={t`Segment ${current}`} onSubmit={(event) => void onRename(event)}>
        <Field
          label={t({
            message: `Name of ${current} (${pattern})`,
            comment: 'The segment’s name and its address pattern',
          })}
          error={error && i18n._(error)}
        >
          <input
            type="text"
            value={name}
            maxLength={SEGMENT_NAME_MAX}
            autoComplete="off"
            onChange={(event) => setName(event.target.value)}
          />
        </Field>
        <button type="submit" className="button" disabled={pending || name.trim() === segment.name}>
          {t`Rename`}
        </button>
        <button
          type="button"
          className="button button--danger"
          aria-label={t`Remove ${current}`}
          onClick={() => void removeSegment(project, segment.id)}
        >
          {t`Remove`}
        </button>
      </form>
      <EarlierValues
        summary={t`Earlier names (${count})`}
        about={current}
        label={t`Earlier names of ${current}`}
        items={earlier.map(({ value, setAt, replacedAt }) => ({ text: value.name, setAt, replacedAt }))}
        when={(named, renamed) =>
          t({
            message: `named so ${named}, renamed ${renamed}`,
            comment: 'When an earlier name of a segment was given, and when another replaced it',
          })
        }
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
  useCatalog(segmentsCatalog);
  const { t } = useLingui();
  const pages = useMemo(() => (reports ? latestRunPerUrl(reports) : undefined), [reports]);
  return (
    <div className="form page--narrow">
      <AddSegment project={project} pages={pages} />
      {segments.length > 0 ? (
        <>
          <h3>{t`Rename or remove`}</h3>
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
