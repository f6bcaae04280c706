import { useEffect, useMemo, useRef, useState, type ChangeEvent } from 'react';
import { downloadText } from '../../lib/download';
import { formatDateTime } from '../../lib/format';
import { importViews, planViewsImport, portableViews, useSavedViews } from '../saved-views';
import { useConnection, type Connection } from '../connection';
import { importWorkspace, mergeWorkspace, useWorkspace, type FieldChange } from '../workspace';
import {
  buildWorkspaceFile,
  readChosenFile,
  workspaceFileName,
  workspaceFileText,
  type FileReading,
  type WorkspaceFile,
} from './file';
import './workspace-file.css';

/**
 * The settings page's "Your workspace as a file": export what this device keeps for the
 * connection as one file, and import one, with a preview of what it adds, replaces and keeps
 * before anything changes (decision 83). Loaded with the page's first render, as a part of its own.
 */

type Chosen = { name: string; reading: FileReading };

/** Words for the workspace's fields; a field added later is named from its key until it has its own. */
const FIELD_LABELS: Record<string, string> = {
  projects: 'Project settings (targets, what to flag, plans and more)',
  notes: 'Notes on the timeline',
  marks: 'Needs attention: what was marked seen',
  branding: 'Branding of printed reports',
};

function fieldLabel(field: string): string {
  const words = field.replace(/([a-z0-9])([A-Z])/g, '$1 $2').toLowerCase();
  return FIELD_LABELS[field] ?? words.charAt(0).toUpperCase() + words.slice(1);
}

const SHOWN_NAMES = 5;
const NAME_LENGTH = 60;

/** A few names, each cut short, then how many more: the preview stays readable for a big file. */
function someNames(names: string[]): string {
  const shown = names
    .slice(0, SHOWN_NAMES)
    .map((name) => `“${name.length > NAME_LENGTH ? `${name.slice(0, NAME_LENGTH - 1)}…` : name}”`);
  const more = names.length - shown.length;
  return more > 0 ? `${shown.join(', ')} and ${more} more` : shown.join(', ');
}

interface EntryCounts {
  added: string[];
  replaced: string[];
  kept: number;
}

function entriesInWords({ added, replaced, kept }: EntryCounts): string {
  const parts = [
    added.length > 0 ? `${added.length} added: ${someNames(added)}` : '',
    replaced.length > 0 ? `${replaced.length} replaced by the file’s: ${someNames(replaced)}` : '',
    kept > 0 ? `${kept} kept as ${kept === 1 ? 'it is' : 'they are'}` : '',
  ].filter(Boolean);
  return parts.length > 0 ? parts.join('; ') : 'none here or in the file';
}

const WHOLE_WORDS = {
  added: 'added from the file',
  replaced: 'replaced by the file’s',
  kept: 'kept as it is (the file has none, or the same)',
} as const;

function changeInWords(change: FieldChange): string {
  return change.kind === 'entries' ? entriesInWords(change) : WHOLE_WORDS[change.outcome];
}

function changesCount(changes: FieldChange[], views: EntryCounts): { added: number; replaced: number } {
  let added = views.added.length;
  let replaced = views.replaced.length;
  for (const change of changes) {
    if (change.kind === 'entries') {
      added += change.added.length;
      replaced += change.replaced.length;
    } else if (change.outcome === 'added') added += 1;
    else if (change.outcome === 'replaced') replaced += 1;
  }
  return { added, replaced };
}

function connectionLabel(connection: Connection): string {
  if (connection.mode === 'demo') return 'the built-in demo service';
  return connection.baseUrl || 'the dashboard’s own origin';
}

export function WorkspaceTransfer() {
  const { loaded, workspace } = useWorkspace();
  const connection = useConnection();
  const [chosen, setChosen] = useState<Chosen | null>(null);
  const [reading, setReading] = useState(false);
  const [importing, setImporting] = useState(false);
  const [outcome, setOutcome] = useState<string | null>(null);
  const input = useRef<HTMLInputElement>(null);

  const onExport = () => {
    const at = new Date();
    const file = buildWorkspaceFile({
      workspace,
      savedViews: portableViews(),
      exportedAt: at,
      connectionLabel: connectionLabel(connection),
    });
    const name = workspaceFileName(at);
    downloadText(name, workspaceFileText(file), 'application/json');
    setOutcome(`Exported as “${name}”. Import it on the settings page of another browser or device.`);
  };

  const onChoose = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    // The same file can be chosen again (after Cancel, or after fixing it).
    event.target.value = '';
    if (!file) return;
    setOutcome(null);
    setChosen(null);
    setReading(true);
    const reading = await readChosenFile(file);
    setReading(false);
    setChosen({ name: file.name, reading });
  };

  const onCancel = () => {
    setChosen(null);
    setOutcome('Nothing was imported.');
    input.current?.focus();
  };

  const onImport = async (name: string, file: WorkspaceFile) => {
    setImporting(true);
    try {
      const changes = await importWorkspace(file.workspace);
      const views = await importViews(file.savedViews);
      const { added, replaced } = changesCount(changes, views);
      setOutcome(
        added + replaced === 0
          ? `“${name}” holds nothing this device does not already keep: nothing changed.`
          : `Imported “${name}”: ${added} added, ${replaced} replaced, nothing deleted. Other open tabs follow.`,
      );
      setChosen(null);
    } catch {
      setOutcome(
        `“${name}” could not be imported: this browser refused to keep it. Check its storage settings, then try again.`,
      );
    } finally {
      setImporting(false);
    }
  };

  return (
    <section className="form workspace-file" aria-labelledby="workspace-file-title">
      <h2 id="workspace-file-title">Your workspace as a file</h2>
      <p>
        Saved views, projects’ targets and plans, notes on the timeline and everything else you set up here for this
        connection, in one file to import on another browser or device. It holds no API key and no password; results
        from the service are not in it: they are read again there.
      </p>
      <div className="form__actions">
        <button type="button" className="button" onClick={onExport} disabled={!loaded}>
          Export workspace
        </button>
        {loaded ? null : <span className="field__hint">Reading what this device keeps…</span>}
      </div>
      <div className="field">
        <label htmlFor="workspace-file-input">Import a workspace file</label>
        <input
          ref={input}
          id="workspace-file-input"
          type="file"
          accept=".json,application/json"
          aria-describedby="workspace-file-hint"
          onChange={(event) => void onChoose(event)}
        />
        <p id="workspace-file-hint" className="field__hint">
          You see what it adds and replaces before anything changes. Nothing is deleted.
        </p>
      </div>
      {reading ? (
        <p role="status" className="field__hint">
          Reading the file…
        </p>
      ) : null}
      {chosen && !chosen.reading.ok ? (
        <p role="alert" className="notice notice--error">
          {`“${chosen.name}” cannot be imported. ${chosen.reading.problem}`}
        </p>
      ) : null}
      {chosen?.reading.ok ? (
        <ImportPreview
          name={chosen.name}
          file={chosen.reading.file}
          leftOut={chosen.reading.leftOut}
          ready={loaded}
          importing={importing}
          current={workspace}
          onImport={() => chosen.reading.ok && void onImport(chosen.name, chosen.reading.file)}
          onCancel={onCancel}
        />
      ) : null}
      <p role="status" className={outcome ? 'notice notice--info' : 'visually-hidden'}>
        {outcome}
      </p>
    </section>
  );
}

interface PreviewProps {
  name: string;
  file: WorkspaceFile;
  leftOut: number;
  ready: boolean;
  importing: boolean;
  current: ReturnType<typeof useWorkspace>['workspace'];
  onImport: () => void;
  onCancel: () => void;
}

function ImportPreview({ name, file, leftOut, ready, importing, current, onImport, onCancel }: PreviewProps) {
  // Follows what this device keeps while the preview is open (another tab may change it): the
  // views' hook re-renders on their change, the workspace comes in as `current`.
  useSavedViews();
  const views = planViewsImport(file.savedViews);
  const changes = useMemo(() => mergeWorkspace(current, file.workspace).changes, [current, file]);
  const { added, replaced } = changesCount(changes, views);
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  const exported = file.exportedAt ? `Exported ${formatDateTime(file.exportedAt)}` : 'Exported at an unknown time';

  return (
    <section className="workspace-file__preview" aria-labelledby="workspace-preview-title">
      <h3 id="workspace-preview-title" ref={heading} tabIndex={-1}>
        {`Import “${name}”?`}
      </h3>
      <p>
        {`${exported}${file.connectionLabel ? ` from ${file.connectionLabel}` : ''}. It joins this connection’s workspace: what has the same name here is replaced by the file’s, the rest is added, nothing is deleted.`}
      </p>
      {/* Before the device has answered, everything would look new. */}
      {ready ? null : <p role="status">Reading what this device keeps…</p>}
      <ul className="workspace-file__changes" hidden={!ready}>
        <li>
          <strong>Saved views</strong>: {entriesInWords(views)}
        </li>
        {changes.map((change) => (
          <li key={change.field}>
            <strong>{fieldLabel(change.field)}</strong>: {changeInWords(change)}
          </li>
        ))}
      </ul>
      {leftOut > 0 ? (
        <p className="notice notice--warning">
          {`${leftOut} ${leftOut === 1 ? 'entry' : 'entries'} in the file could not be read and ${leftOut === 1 ? 'is' : 'are'} left out; the rest can be imported.`}
        </p>
      ) : null}
      {added + replaced === 0 ? <p>This device already keeps everything in this file.</p> : null}
      <div className="form__actions">
        <button type="button" className="button button--primary" onClick={onImport} disabled={!ready || importing}>
          {importing ? 'Importing…' : 'Import'}
        </button>
        <button type="button" className="button" onClick={onCancel} disabled={importing}>
          Cancel
        </button>
      </div>
    </section>
  );
}
