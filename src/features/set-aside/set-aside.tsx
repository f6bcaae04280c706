import { useEffect, useId, useMemo, useRef, type ReactNode } from 'react';
import { msg, plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from 'react-router';
import { ratingFromScore, type Check } from '../../api';
import { ApiText } from '../../components/api-text';
import { EarlierValues } from '../../components/earlier-values';
import { RatingBadge } from '../../components/rating-badge';
import { checksCatalog } from '../../lib/check-catalog';
import { checkTitle } from '../../lib/checks';
import { formatDate } from '../../lib/i18n/format';
import { useCatalog } from '../../lib/i18n/use-catalog';
import { paths } from '../../lib/paths';
import { pageKey, pagesWithChecks, useReadSnapshots, type ProjectAudit, type ReadReport } from '../audit';
import {
  acceptanceOf,
  adjustedHealth,
  adjustedScore,
  hasSetAside,
  offEntryOf,
  setAsideOf,
  REASON_MAX_LENGTH,
  switchCheckOn,
  unacceptFailure,
  useCheckSettings,
  useCheckSettingsHistory,
  type CheckSettings,
  type CheckSettingsHistory,
  type ReplacedValue,
} from '../workspace';
import { setAsideCatalog } from './catalog';

/**
 * No stylesheet of its own (a new one would add its name to the first paint's chunk): its classes
 * are in project-pages/projects.css, which the audit's and the change report's pages load, and the
 * overview styles its one line.
 *
 * The check settings on a project's screens: the dashboard's estimate beside the service's score,
 * what is set aside (never hidden: listed with its reason, each with a way to count it again),
 * the form that asks why, and the undo offered right after a change.
 */

/** The words of the estimate, the same wherever it shows (said in the language on screen). */
const ESTIMATE_LABEL = msg`Dashboard’s estimate`;
const ESTIMATE_NOTE = msg`From the checks that still count, with the service’s default weights (high 10, medium 5, low 0). The service’s own score counts every check.`;

interface AdjustedHealthProps {
  reports: readonly ReadReport[];
  settings: CheckSettings;
  /** One line (the overview's table). */
  compact?: boolean;
}

/**
 * A project's adjusted health beside the service's score: shown once something is set aside
 * (until then it would only repeat the service's figure). Each part here asks for its words only
 * when it has something to say: a project with nothing set aside waits for none.
 */
export function AdjustedHealth(props: AdjustedHealthProps) {
  return hasSetAside(props.settings) ? <ShownAdjustedHealth {...props} /> : null;
}

function ShownAdjustedHealth({ reports, settings, compact = false }: AdjustedHealthProps) {
  useCatalog(setAsideCatalog);
  const { t, i18n } = useLingui();
  const health = useMemo(() => adjustedHealth(pagesWithChecks(reports), settings), [reports, settings]);
  const score = health.average === null ? null : Math.round(health.average);
  const figure =
    score === null ? (
      <span>{t({ message: 'no figure', comment: 'The estimate when no page has a check left to count' })}</span>
    ) : (
      <RatingBadge rating={ratingFromScore(score)} score={score} />
    );
  const label = i18n._(ESTIMATE_LABEL);
  const { unknown, nothingToCount } = health;
  if (compact)
    return (
      <Trans comment="{label}: Dashboard’s estimate; {figure}: its score">
        {label}: {figure}
      </Trans>
    );
  return (
    <div className="adjusted-health" role="group" aria-labelledby="adjusted-health-label">
      <p className="health__label" id="adjusted-health-label">
        {t`Dashboard’s estimate, without what is set aside`}
      </p>
      <p className="health__figure">{figure}</p>
      <p className="health__note">
        {i18n._(ESTIMATE_NOTE)}
        {unknown > 0
          ? ` ${plural(unknown, {
              one: '# page read before the dashboard kept what the estimate needs: read everything again to include them.',
              other:
                '# pages read before the dashboard kept what the estimate needs: read everything again to include them.',
            })}`
          : ''}
        {nothingToCount > 0
          ? ` ${plural(nothingToCount, {
              one: '# page with no weighed check left to count, left out.',
              other: '# pages with no weighed check left to count, left out.',
            })}`
          : ''}
      </p>
    </div>
  );
}

/** "2 checks switched off, 1 failure accepted": at render, in the language on screen. */
const setAsidePhrase = (settings: CheckSettings) => {
  const parts = [];
  const off = settings.off.length;
  const accepted = settings.accepted.length;
  if (off > 0) parts.push(plural(off, { one: '# check switched off', other: '# checks switched off' }));
  if (accepted > 0) parts.push(plural(accepted, { one: '# failure accepted', other: '# failures accepted' }));
  return parts.join(', ');
};

/**
 * A project's estimate on one line, for a list of projects (the overview): what is set aside and
 * the estimate from what this device read of it. Nothing for a project with nothing set aside.
 */
export function ProjectEstimate({ project }: { project: string }) {
  const { settings } = useCheckSettings(project);
  if (!hasSetAside(settings)) return null;
  return <ReadProjectEstimate project={project} settings={settings} />;
}

function ReadProjectEstimate({ project, settings }: { project: string; settings: CheckSettings }) {
  useCatalog(setAsideCatalog);
  const { t, i18n } = useLingui();
  const { loading, snapshots } = useReadSnapshots(project);
  const reports = snapshots[0]?.reports;
  const label = i18n._(ESTIMATE_LABEL);
  const figure = loading ? '…' : t`once the project is read on this device`;
  const phrase = setAsidePhrase(settings);
  return (
    <span className="adjusted-health adjusted-health--compact">
      {reports ? (
        <AdjustedHealth reports={reports} settings={settings} compact />
      ) : (
        <Trans comment="{label}: Dashboard’s estimate; {figure}: its score">
          {label}: {figure}
        </Trans>
      )}
      <span className="set-aside__none"> {t`Set aside: ${phrase}`}</span>
    </span>
  );
}

/**
 * On a report's page: which of its checks are set aside in its project, with the analyst's words,
 * and the report's estimate without them beside the service's score shown above. Nothing when
 * none is. Loaded after the report's first paint (a part of the report page, not of /reports).
 */
export function SetAsideNote({ project, url, checks }: { project: string; url: string; checks: readonly Check[] }) {
  const { settings } = useCheckSettings(project);
  const page = pageKey(url);
  const setAside = setAsideOf(settings);
  const named = checks.filter((check) => setAside.isSetAside(check.name, page));
  if (named.length === 0) return null;
  return <ShownSetAsideNote settings={settings} page={page} checks={checks} named={named} />;
}

function ShownSetAsideNote({
  settings,
  page,
  checks,
  named,
}: {
  settings: CheckSettings;
  /** The report's page, as the settings key it. */
  page: string;
  checks: readonly Check[];
  /** Its checks set aside. */
  named: readonly Check[];
}) {
  useCatalog(setAsideCatalog, checksCatalog);
  const { t, i18n } = useLingui();
  const setAside = setAsideOf(settings);
  const score = adjustedScore(checks, (check) => !setAside.isSetAside(check, page));
  const figure =
    score === null ? (
      t({ message: 'no figure', comment: 'The estimate when no page has a check left to count' })
    ) : (
      <RatingBadge rating={ratingFromScore(score)} score={score} />
    );
  const list = named.map((check, index) => {
    const off = offEntryOf(settings, check.name);
    const words = off ? off.reason : (acceptanceOf(settings, check.name, page)?.note ?? '');
    const title = <strong>{checkTitle(check.name, i18n)}</strong>;
    // The analyst's words as they wrote them, never read as markup.
    const why = <ApiText value={words} />;
    return (
      <span key={check.name}>
        {index > 0 ? '; ' : ''}
        {off ? (
          words ? (
            <Trans comment="{title}: a check; {why}: the analyst’s reason, as written">
              {title} (switched off: {why})
            </Trans>
          ) : (
            <Trans comment="{title}: a check">{title} (switched off)</Trans>
          )
        ) : words ? (
          <Trans comment="{title}: a check; {why}: the analyst’s note, as written">
            {title} (accepted on this page: {why})
          </Trans>
        ) : (
          <Trans comment="{title}: a check">{title} (accepted on this page)</Trans>
        )}
      </span>
    );
  });
  return (
    <div className="notice notice--info set-aside-note">
      <p>
        <Trans comment="{list}: the checks set aside, each with its reason">Set aside in this project: {list}.</Trans>
      </p>
      <p>
        {named.length === 1 ? (
          <Trans comment="{figure}: a score; it: the one check set aside">
            Dashboard’s estimate without it: {figure}.
          </Trans>
        ) : (
          <Trans comment="{figure}: a score; them: the checks set aside">
            Dashboard’s estimate without them: {figure}.
          </Trans>
        )}{' '}
        {i18n._(ESTIMATE_NOTE)}
      </p>
    </div>
  );
}

/** The analyst's words for a change: why it does not apply, or a note on an accepted page. */
export function ReasonForm({
  label,
  submitLabel,
  onSubmit,
  onCancel,
}: {
  label: string;
  submitLabel: string;
  onSubmit: (words: string) => void;
  onCancel: () => void;
}) {
  useCatalog(setAsideCatalog);
  const { t } = useLingui();
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  // The form opens on the analyst's click: their words are what comes next.
  useEffect(() => input.current?.focus(), []);
  return (
    <form
      className="reason-form"
      onSubmit={(event) => {
        event.preventDefault();
        onSubmit(String(new FormData(event.currentTarget).get('words') ?? ''));
      }}
    >
      <label htmlFor={id}>{label}</label>
      <input id={id} name="words" type="text" maxLength={REASON_MAX_LENGTH} autoComplete="off" ref={input} />
      <div className="form__actions">
        <button type="submit" className="button button--primary button--small">
          {submitLabel}
        </button>
        <button type="button" className="button button--small" onClick={onCancel}>
          {t`Cancel`}
        </button>
      </div>
    </form>
  );
}

export interface Undoable {
  words: string;
  undo: () => Promise<void>;
}

/** What was just done, said to screen readers, with its undo. */
export function UndoNotice({ last, onDone }: { last: Undoable | null; onDone: () => void }) {
  // The live region is there from the start, for screen readers to hear what comes into it.
  return (
    <div role="status" className="undo-notice-place">
      {last ? <UndoLast last={last} onDone={onDone} /> : null}
    </div>
  );
}

function UndoLast({ last, onDone }: { last: Undoable; onDone: () => void }) {
  useCatalog(setAsideCatalog);
  const { t } = useLingui();
  return (
    <p className="notice notice--info undo-notice">
      {last.words}{' '}
      <button
        type="button"
        className="button button--small"
        onClick={() => {
          onDone();
          void last.undo();
        }}
      >
        {t`Undo`}
      </button>
    </p>
  );
}

const whenSet = (iso: string) => {
  const time = Date.parse(iso);
  return time > 0 ? formatDate(time) : null;
};

function Reason({ words, empty }: { words: string; empty: ReactNode }) {
  return words === '' ? <span className="set-aside__none">{empty}</span> : <ApiText value={words} />;
}

/**
 * Under a check switched off: the reasons it was given before that differ from today's, newest
 * first. When two analysts switch the same check off at once, the later's reason stands and the
 * other's is listed here, not lost. Nothing (and no words to wait for) when there is none.
 */
export function EarlierReasons({
  history,
  check,
  current,
  title,
}: {
  history: CheckSettingsHistory;
  check: string;
  /** The reason it has now. */
  current: string;
  /** The check's title, in the language on screen. */
  title: string;
}) {
  const earlier = differingWords(history.switchedOff(check), (value) => value.reason, current);
  return earlier.length > 0 ? <ShownEarlierWords kind="reasons" earlier={earlier} title={title} /> : null;
}

/** Under a failure accepted on a page: the notes it had before that differ from today's (as above). */
export function EarlierNotes({
  history,
  check,
  page,
  current,
  title,
  where,
}: {
  history: CheckSettingsHistory;
  check: string;
  /** The page as the settings key it (pageKey). */
  page: string;
  current: string;
  title: string;
  /** The page as shown beside it (its address). */
  where: string;
}) {
  const earlier = differingWords(history.accepted(check, page), (value) => value.note, current);
  return earlier.length > 0 ? <ShownEarlierWords kind="notes" earlier={earlier} title={title} where={where} /> : null;
}

type EarlierWords = Omit<ReplacedValue<unknown>, 'value'> & { words: string };

/** The earlier words other than today's, each once (its newest), newest first. */
function differingWords<T>(earlier: readonly ReplacedValue<T>[], wordsOf: (value: T) => string, current: string) {
  const listed = new Set([current]);
  return earlier.flatMap(({ value, setAt, replacedAt }) => {
    const words = wordsOf(value);
    if (listed.has(words)) return [];
    listed.add(words);
    return [{ words, setAt, replacedAt }];
  });
}

function ShownEarlierWords({
  kind,
  earlier,
  title,
  where = '',
}: {
  kind: 'reasons' | 'notes';
  earlier: readonly EarlierWords[];
  title: string;
  where?: string;
}) {
  useCatalog(setAsideCatalog);
  const { t } = useLingui();
  const count = earlier.length;
  return (
    <EarlierValues
      summary={kind === 'reasons' ? t`Earlier reasons (${count})` : t`Earlier notes (${count})`}
      about={kind === 'reasons' ? title : `${title}, ${where}`}
      label={
        kind === 'reasons' ? t`Earlier reasons for switching off ${title}` : t`Earlier notes for ${title} on ${where}`
      }
      items={earlier.map(({ words, setAt, replacedAt }) => ({
        text: words === '' ? (kind === 'reasons' ? t`No reason given` : t`No note`) : words,
        setAt,
        replacedAt,
      }))}
      when={(set, replaced) =>
        kind === 'reasons'
          ? t({
              message: `given ${set}, replaced ${replaced}`,
              context: 'an earlier reason for switching a check off',
              comment: 'When an earlier reason for switching a check off was given, and when another replaced it',
            })
          : t({
              message: `given ${set}, replaced ${replaced}`,
              context: 'an earlier note on a failure accepted on a page',
              comment: 'When an earlier note on accepting a failure was written, and when another replaced it',
            })
      }
    />
  );
}

/**
 * Everything set aside in a project, apart from the issues that count: the checks switched off
 * (with how many pages they fail on now) and the failures accepted on one page.
 */
export function SetAsideList(props: SetAsideListProps) {
  return hasSetAside(props.settings) ? <ShownSetAsideList {...props} /> : null;
}

interface SetAsideListProps {
  project: string;
  settings: CheckSettings;
  audit: ProjectAudit;
}

function ShownSetAsideList({ project, settings, audit }: SetAsideListProps) {
  useCatalog(setAsideCatalog, checksCatalog);
  const { t, i18n } = useLingui();
  const history = useCheckSettingsHistory(project);
  const failing = new Map(audit.issues.map((issue) => [issue.check, issue.pages]));
  return (
    <section className="set-aside" aria-labelledby="set-aside-title">
      <h3 id="set-aside-title">
        {t({ message: 'Set aside in this project', context: 'heading: the checks set aside' })}
      </h3>
      <p className="set-aside__intro">
        <Trans>Not counted in the dashboard’s estimate. The service still counts them in its own score.</Trans>
      </p>
      {settings.off.length > 0 ? (
        <ul className="set-aside__list" aria-label={t`Checks switched off`}>
          {settings.off.map((entry) => {
            const title = checkTitle(entry.check, i18n);
            const pages = failing.get(entry.check) ?? 0;
            const date = whenSet(entry.at);
            return (
              <li key={entry.check}>
                <span className="set-aside__what">
                  <Link to={paths.issue.getHref(project, entry.check)}>{title}</Link>{' '}
                  <span className="badge badge--none">{t`Switched off`}</span>
                </span>
                <span className="set-aside__why">
                  <Reason words={entry.reason} empty={t`No reason given`} />
                  {' · '}
                  {pages > 0
                    ? plural(pages, { one: 'fails on # page', other: 'fails on # pages' })
                    : t`fails on no page now`}
                  {date ? ` · ${t({ message: `since ${date}`, comment: 'Since when a check is switched off' })}` : ''}
                </span>
                <button
                  type="button"
                  className="button button--small"
                  aria-label={t`Count ${title} again`}
                  onClick={() => void switchCheckOn(project, entry.check)}
                >
                  {t`Count again`}
                </button>
                <EarlierReasons history={history} check={entry.check} current={entry.reason} title={title} />
              </li>
            );
          })}
        </ul>
      ) : null}
      {settings.accepted.length > 0 ? (
        <ul className="set-aside__list" aria-label={t`Failures accepted on one page`}>
          {settings.accepted.map((entry) => {
            const title = checkTitle(entry.check, i18n);
            const check = <Link to={paths.issue.getHref(project, entry.check)}>{title}</Link>;
            // The address as stored, never read as markup.
            const address = <ApiText value={entry.page} />;
            const page = entry.page;
            return (
              <li key={`${entry.check}\n${entry.page}`}>
                <span className="set-aside__what">
                  <Trans comment="{check}: a check’s title; {address}: the page’s address">
                    {check} on {address}
                  </Trans>{' '}
                  <span className="badge badge--none">{t`Accepted`}</span>
                </span>
                <span className="set-aside__why">
                  <Reason words={entry.note} empty={t`No note`} />
                </span>
                <button
                  type="button"
                  className="button button--small"
                  aria-label={t`Count ${title} again on ${page}`}
                  onClick={() => void unacceptFailure(project, entry.check, entry.page)}
                >
                  {t`Count again`}
                </button>
                <EarlierNotes
                  history={history}
                  check={entry.check}
                  page={entry.page}
                  current={entry.note}
                  title={title}
                  where={page}
                />
              </li>
            );
          })}
        </ul>
      ) : null}
    </section>
  );
}
