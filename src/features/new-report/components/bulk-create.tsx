import { useId, useMemo, useState, useSyncExternalStore, type ChangeEvent, type DragEvent } from 'react';
import { Link } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { plural, t as translate } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { paths } from '../../../lib/paths';
import { useCatalog } from '../../../lib/i18n/use-catalog';
import { describeDuration, estimateForItems, type ExistingReports, type Job, type JobSpec } from '../../jobs';
import { getJobQueue, jobsCatalog, startJob } from '../../jobs';
import { JobItems } from '../../job-tray';
import { PRIVACY_LABELS } from '../../reports';
import { newReportCatalog } from '../catalog';
import { parseUrlList, toReportUrl, type UrlLine } from '../url-list';

const MAX_FILE_BYTES = 2_000_000;

/** Why a file was not read: said in the language on screen, with the file's name as it is. */
type FileProblem = { kind: 'not-a-list' | 'too-large'; name: string };

/**
 * Many pages at once: URLs pasted one per line or read from a .txt/.csv file, each checked and
 * shown the way the service will store it, duplicates removed, invalid lines flagged and
 * editable; then created one by one through the job queue (which survives a reload).
 */
export function BulkCreate() {
  useCatalog(newReportCatalog, jobsCatalog);
  const { t } = useLingui();
  const queryClient = useQueryClient();
  const [text, setText] = useState('');
  const [privacy, setPrivacy] = useState<'public' | 'private'>('public');
  const [existing, setExisting] = useState<ExistingReports>('skip');
  const [fileError, setFileError] = useState<FileProblem | null>(null);
  const [jobId, setJobId] = useState<string | null>(null);
  const [starting, setStarting] = useState(false);
  const list = useMemo(() => parseUrlList(text), [text]);
  const textId = useId();
  const hintId = useId();
  const existingId = useId();

  const readFile = async (file: File | undefined) => {
    setFileError(null);
    if (!file) return;
    if (!/\.(txt|csv)$/i.test(file.name) && !/^text\//.test(file.type)) {
      setFileError({ kind: 'not-a-list', name: file.name });
      return;
    }
    if (file.size > MAX_FILE_BYTES) {
      setFileError({ kind: 'too-large', name: file.name });
      return;
    }
    const content = await file.text();
    setText((current) => (current.trim() ? `${current.trimEnd()}\n${content}` : content));
  };

  const onDrop = (event: DragEvent<HTMLTextAreaElement>) => {
    const file = event.dataTransfer.files[0];
    if (!file) return;
    event.preventDefault();
    void readFile(file);
  };

  /** Replaces one line of the list with its corrected text. */
  const fixLine = (line: number, corrected: string) => {
    setText((current) => {
      const lines = current.split(/\r\n|\r|\n/);
      lines[line - 1] = corrected;
      return lines.join('\n');
    });
  };

  const spec: JobSpec = { kind: 'create', privacy, existing };
  const count = list.valid.length;
  // In the jobs' own words (features/jobs).
  const duration = describeDuration(estimateForItems(spec, count));

  const start = async () => {
    if (count === 0 || starting) return;
    setStarting(true);
    try {
      const job = await startJob(
        queryClient,
        spec,
        // What the job is, kept with it: the tray makes its words when it shows it.
        { kind: 'create', reports: count },
        list.valid.map((line) => ({
          key: line.stored ?? line.text,
          label: line.stored ?? line.text,
          url: line.url ?? '',
        })),
      );
      setJobId(job.id);
      setText('');
    } finally {
      setStarting(false);
    }
  };

  return (
    <div className="bulk-create">
      {jobId ? <BulkProgress jobId={jobId} onAnother={() => setJobId(null)} /> : null}
      {jobId ? null : (
        <>
          <div className="field">
            <label htmlFor={textId}>{t`Page URLs, one per line`}</label>
            <p id={hintId} className="field__hint">
              {t`Paste a list, or drop a .txt or .csv file here (the first column of a CSV is read).`}
            </p>
            <textarea
              id={textId}
              aria-describedby={hintId}
              rows={8}
              spellCheck={false}
              value={text}
              onChange={(event) => setText(event.target.value)}
              onDrop={onDrop}
            />
          </div>
          <div className="field">
            <label className="file-choice">
              {t`Or choose a file`}{' '}
              <input
                type="file"
                accept=".txt,.csv,text/plain,text/csv"
                onChange={(event: ChangeEvent<HTMLInputElement>) => void readFile(event.target.files?.[0])}
              />
            </label>
            {fileError ? (
              <p className="field__error" role="alert">
                {fileProblemInWords(fileError)}
              </p>
            ) : null}
          </div>
          {text.trim() ? <ListSummary valid={list.valid} invalid={list.invalid} duplicates={list.duplicates} /> : null}
          {list.invalid.length > 0 ? <InvalidLines lines={list.invalid} onFix={fixLine} /> : null}
          <fieldset className="field">
            <legend>{t`Privacy of the new reports`}</legend>
            <label>
              <input
                type="radio"
                name="bulk-privacy"
                checked={privacy === 'public'}
                onChange={() => setPrivacy('public')}
              />{' '}
              {PRIVACY_LABELS.public}
            </label>{' '}
            <label>
              <input
                type="radio"
                name="bulk-privacy"
                checked={privacy === 'private'}
                onChange={() => setPrivacy('private')}
              />{' '}
              {PRIVACY_LABELS.private}
            </label>
          </fieldset>
          <div className="field">
            <label htmlFor={existingId}>{t`Pages that already have a report`}</label>
            <select
              id={existingId}
              value={existing}
              onChange={(event) => setExisting(event.target.value as ExistingReports)}
            >
              <option value="skip">{t`Skip them`}</option>
              <option value="reanalyse">{t`Analyse their report again`}</option>
              <option value="create">{t`Create another report`}</option>
            </select>
          </div>
          <div className="form__actions">
            <button
              type="button"
              className="button button--primary"
              disabled={count === 0 || starting}
              onClick={() => void start()}
            >
              {count === 0 ? t`Analyse pages` : plural(count, { one: 'Analyse # page', other: 'Analyse # pages' })}
            </button>
            {count > 0 ? (
              <span className="bulk-create__estimate">
                {t({
                  message: `Takes ${duration} at the service’s request limit, plus the analysis time. It goes on if you leave this page, and resumes if you reload.`,
                  comment: 'The duration is “about 2 minutes”, “a few seconds”',
                })}
              </span>
            ) : null}
          </div>
        </>
      )}
    </div>
  );
}

function fileProblemInWords({ kind, name }: FileProblem): string {
  return kind === 'not-a-list'
    ? translate`${name} is not a .txt or .csv file.`
    : translate`${name} is larger than 2 MB: split it into smaller lists.`;
}

/** "2 pages ready, 1 duplicate left out, 1 not a web address.": one sentence for each case. */
function summaryInWords(ready: number, left: number, wrong: number): string {
  if (left > 0 && wrong > 0)
    return translate`${plural(ready, { one: '# page ready', other: '# pages ready' })}, ${plural(left, {
      one: '# duplicate left out',
      other: '# duplicates left out',
    })}, ${plural(wrong, { one: '# not a web address', other: '# not a web address' })}.`;
  if (left > 0)
    return translate`${plural(ready, { one: '# page ready', other: '# pages ready' })}, ${plural(left, {
      one: '# duplicate left out',
      other: '# duplicates left out',
    })}.`;
  if (wrong > 0)
    return translate`${plural(ready, { one: '# page ready', other: '# pages ready' })}, ${plural(wrong, {
      one: '# not a web address',
      other: '# not a web address',
    })}.`;
  return plural(ready, { one: '# page ready.', other: '# pages ready.' });
}

function ListSummary({ valid, invalid, duplicates }: { valid: UrlLine[]; invalid: UrlLine[]; duplicates: UrlLine[] }) {
  const { t } = useLingui();
  return (
    <div className="bulk-create__summary" role="status">
      <p>{summaryInWords(valid.length, duplicates.length, invalid.length)}</p>
      {valid.length > 0 ? (
        <details>
          <summary>{t`As the service will store them`}</summary>
          <ol className="bulk-create__urls">
            {valid.map((line) => (
              <li key={line.line}>
                <bdi>{line.stored}</bdi>
              </li>
            ))}
          </ol>
        </details>
      ) : null}
      {duplicates.length > 0 ? (
        <details>
          <summary>{t`Duplicates left out`}</summary>
          <ul className="bulk-create__urls">
            {duplicates.map(({ line, text, duplicateOf: first }) => {
              // An element, never the typed text itself: <Trans> would read markup in a string as its own.
              const typed = <bdi>{text}</bdi>;
              return (
                <li key={line}>
                  <Trans comment="A line of the list, as typed, is the same page as an earlier line">
                    Line {line}: {typed} (same page as line {first})
                  </Trans>
                </li>
              );
            })}
          </ul>
        </details>
      ) : null}
    </div>
  );
}

function InvalidLines({ lines, onFix }: { lines: UrlLine[]; onFix: (line: number, text: string) => void }) {
  const { t } = useLingui();
  const count = lines.length;
  const more = count - 50;
  return (
    <div className="notice notice--warning bulk-create__invalid">
      <p>
        <strong>
          {plural(count, {
            one: 'This line is not a web address and will be left out.',
            other: 'These # lines are not a web address and will be left out.',
          })}
        </strong>{' '}
        {t`Correct them here to add them.`}
      </p>
      <ul>
        {lines.slice(0, 50).map((line) => (
          <li key={`${line.line}:${line.text}`}>
            <InvalidLine line={line} onFix={onFix} />
          </li>
        ))}
      </ul>
      {more > 0 ? <p>{plural(more, { one: 'And # more.', other: 'And # more.' })}</p> : null}
    </div>
  );
}

function InvalidLine({ line, onFix }: { line: UrlLine; onFix: (line: number, text: string) => void }) {
  const { t } = useLingui();
  const number = line.line;
  const [value, setValue] = useState(line.text);
  const id = useId();
  const fixed = toReportUrl(value) !== null;
  return (
    <form
      className="bulk-create__fix"
      onSubmit={(event) => {
        event.preventDefault();
        if (fixed) onFix(line.line, value);
      }}
    >
      <label htmlFor={id}>{t({ message: `Line ${number}`, comment: 'A line of the list of pages' })}</label>
      <input
        id={id}
        value={value}
        aria-invalid={!fixed}
        spellCheck={false}
        onChange={(event) => setValue(event.target.value)}
      />
      <button type="submit" className="button button--small" disabled={!fixed}>
        <Trans comment="Adds the corrected line to the list">
          Add <span className="visually-hidden">line {number}</span>
        </Trans>
      </button>
    </form>
  );
}

function BulkProgress({ jobId, onAnother }: { jobId: string; onAnother: () => void }) {
  const { t } = useLingui();
  const queue = getJobQueue(useQueryClient());
  const jobs = useSyncExternalStore(queue.subscribe, queue.getSnapshot, queue.getSnapshot);
  const job: Job | undefined = jobs.find((candidate) => candidate.id === jobId);
  if (!job) return null;
  const over = job.state === 'finished' || job.state === 'cancelled';
  return (
    <div className="bulk-create__progress">
      <p>
        {over
          ? t`Finished. Each page’s result is below.`
          : t({
              message:
                'Creating the reports one by one. You can leave this page: the Background jobs tray follows them.',
              comment: 'Background jobs: the name of the tray that lists the jobs running',
            })}
      </p>
      <JobItems job={job} linkTo={(id) => paths.report.getHref(id)} />
      <p className="form__actions">
        <button type="button" className="button" onClick={onAnother}>
          {t`Add more pages`}
        </button>
        <Link to={paths.reports.getHref()} className="button">
          {t`All reports`}
        </Link>
      </p>
    </div>
  );
}
