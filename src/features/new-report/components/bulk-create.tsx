import { useId, useMemo, useState, useSyncExternalStore, type ChangeEvent, type DragEvent } from 'react';
import { Link } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { paths } from '../../../lib/paths';
import { describeDuration, estimateForItems, type ExistingReports, type Job, type JobSpec } from '../../jobs';
import { getJobQueue, startJob } from '../../jobs';
import { JobItems } from '../../job-tray';
import { parseUrlList, toReportUrl, type UrlLine } from '../url-list';

const MAX_FILE_BYTES = 2_000_000;

/**
 * Many pages at once: URLs pasted one per line or read from a .txt/.csv file, each checked and
 * shown the way the service will store it, duplicates removed, invalid lines flagged and
 * editable; then created one by one through the job queue (which survives a reload).
 */
export function BulkCreate() {
  const queryClient = useQueryClient();
  const [text, setText] = useState('');
  const [privacy, setPrivacy] = useState<'public' | 'private'>('public');
  const [existing, setExisting] = useState<ExistingReports>('skip');
  const [fileError, setFileError] = useState<string | null>(null);
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
      setFileError(`${file.name} is not a .txt or .csv file.`);
      return;
    }
    if (file.size > MAX_FILE_BYTES) {
      setFileError(`${file.name} is larger than 2 MB: split it into smaller lists.`);
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

  const start = async () => {
    if (count === 0 || starting) return;
    setStarting(true);
    try {
      const job = await startJob(
        queryClient,
        spec,
        `Create ${count} ${count === 1 ? 'report' : 'reports'}`,
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
            <label htmlFor={textId}>Page URLs, one per line</label>
            <p id={hintId} className="field__hint">
              Paste a list, or drop a .txt or .csv file here (the first column of a CSV is read).
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
              Or choose a file{' '}
              <input
                type="file"
                accept=".txt,.csv,text/plain,text/csv"
                onChange={(event: ChangeEvent<HTMLInputElement>) => void readFile(event.target.files?.[0])}
              />
            </label>
            {fileError ? (
              <p className="field__error" role="alert">
                {fileError}
              </p>
            ) : null}
          </div>
          {text.trim() ? <ListSummary valid={list.valid} invalid={list.invalid} duplicates={list.duplicates} /> : null}
          {list.invalid.length > 0 ? <InvalidLines lines={list.invalid} onFix={fixLine} /> : null}
          <fieldset className="field">
            <legend>Privacy of the new reports</legend>
            <label>
              <input
                type="radio"
                name="bulk-privacy"
                checked={privacy === 'public'}
                onChange={() => setPrivacy('public')}
              />{' '}
              Public
            </label>{' '}
            <label>
              <input
                type="radio"
                name="bulk-privacy"
                checked={privacy === 'private'}
                onChange={() => setPrivacy('private')}
              />{' '}
              Private
            </label>
          </fieldset>
          <div className="field">
            <label htmlFor={existingId}>Pages that already have a report</label>
            <select
              id={existingId}
              value={existing}
              onChange={(event) => setExisting(event.target.value as ExistingReports)}
            >
              <option value="skip">Skip them</option>
              <option value="reanalyse">Analyse their report again</option>
              <option value="create">Create another report</option>
            </select>
          </div>
          <div className="form__actions">
            <button
              type="button"
              className="button button--primary"
              disabled={count === 0 || starting}
              onClick={() => void start()}
            >
              {count === 0 ? 'Analyse pages' : `Analyse ${count} ${count === 1 ? 'page' : 'pages'}`}
            </button>
            {count > 0 ? (
              <span className="bulk-create__estimate">
                Takes {describeDuration(estimateForItems(spec, count))} at the service’s request limit, plus the
                analysis time. It goes on if you leave this page, and resumes if you reload.
              </span>
            ) : null}
          </div>
        </>
      )}
    </div>
  );
}

function ListSummary({ valid, invalid, duplicates }: { valid: UrlLine[]; invalid: UrlLine[]; duplicates: UrlLine[] }) {
  return (
    <div className="bulk-create__summary" role="status">
      <p>
        {valid.length} {valid.length === 1 ? 'page' : 'pages'} ready
        {duplicates.length > 0 ? `, ${duplicates.length} duplicate${duplicates.length === 1 ? '' : 's'} left out` : ''}
        {invalid.length > 0 ? `, ${invalid.length} not a web address` : ''}.
      </p>
      {valid.length > 0 ? (
        <details>
          <summary>As the service will store them</summary>
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
          <summary>Duplicates left out</summary>
          <ul className="bulk-create__urls">
            {duplicates.map((line) => (
              <li key={line.line}>
                Line {line.line}: <bdi>{line.text}</bdi> (same page as line {line.duplicateOf})
              </li>
            ))}
          </ul>
        </details>
      ) : null}
    </div>
  );
}

function InvalidLines({ lines, onFix }: { lines: UrlLine[]; onFix: (line: number, text: string) => void }) {
  return (
    <div className="notice notice--warning bulk-create__invalid">
      <p>
        <strong>
          {lines.length === 1 ? 'This line is' : `These ${lines.length} lines are`} not a web address and will be left
          out.
        </strong>{' '}
        Correct them here to add them.
      </p>
      <ul>
        {lines.slice(0, 50).map((line) => (
          <li key={`${line.line}:${line.text}`}>
            <InvalidLine line={line} onFix={onFix} />
          </li>
        ))}
      </ul>
      {lines.length > 50 ? <p>And {lines.length - 50} more.</p> : null}
    </div>
  );
}

function InvalidLine({ line, onFix }: { line: UrlLine; onFix: (line: number, text: string) => void }) {
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
      <label htmlFor={id}>Line {line.line}</label>
      <input
        id={id}
        value={value}
        aria-invalid={!fixed}
        spellCheck={false}
        onChange={(event) => setValue(event.target.value)}
      />
      <button type="submit" className="button button--small" disabled={!fixed}>
        Add <span className="visually-hidden">line {line.line}</span>
      </button>
    </form>
  );
}

function BulkProgress({ jobId, onAnother }: { jobId: string; onAnother: () => void }) {
  const queue = getJobQueue(useQueryClient());
  const jobs = useSyncExternalStore(queue.subscribe, queue.getSnapshot, queue.getSnapshot);
  const job: Job | undefined = jobs.find((candidate) => candidate.id === jobId);
  if (!job) return null;
  const over = job.state === 'finished' || job.state === 'cancelled';
  return (
    <div className="bulk-create__progress">
      <p>
        {over
          ? 'Finished. Each page’s result is below.'
          : 'Creating the reports one by one. You can leave this page: the Background jobs tray follows them.'}
      </p>
      <JobItems job={job} linkTo={(id) => paths.report.getHref(id)} />
      <p className="form__actions">
        <button type="button" className="button" onClick={onAnother}>
          Add more pages
        </button>
        <Link to={paths.reports.getHref()} className="button">
          All reports
        </Link>
      </p>
    </div>
  );
}
