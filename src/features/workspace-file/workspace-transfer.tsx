import { useEffect, useMemo, useRef, useState, type ChangeEvent } from 'react';
import type { MessageDescriptor } from '@lingui/core';
import { msg, plural, t as translate } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { downloadText } from '../../lib/download';
import { formatDateTime } from '../../lib/i18n/format';
import { useCatalog } from '../../lib/i18n/use-catalog';
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
import { workspaceFileCatalog } from './catalog';
import './workspace-file.css';

/**
 * The settings page's "Your workspace as a file": export what this device keeps for the
 * connection as one file, and import one, with a preview of what it adds, replaces and keeps
 * before anything changes (decision 83). Loaded with the page's first render, as a part of its own.
 * Its sentences are said as they render (the helpers below ask Lingui from components that call
 * `useLingui()`), so in the language on screen, again after a switch; a file's problem is said in
 * the language in which it was read.
 */

type Chosen = { name: string; reading: FileReading };

/** Words for the workspace's fields; a field added later is named from its key until it has its own. */
const FIELD_LABELS: Record<string, MessageDescriptor> = {
  projects: msg`Project settings (targets, what to flag, plans and more)`,
  notes: msg`Notes on the timeline`,
  marks: msg`Needs attention: what was marked seen`,
  branding: msg`Branding of printed reports`,
};

function fieldLabel(field: string): string {
  const label = FIELD_LABELS[field];
  if (label) return translate(label);
  const words = field.replace(/([a-z0-9])([A-Z])/g, '$1 $2').toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

const SHOWN_NAMES = 5;
const NAME_LENGTH = 60;

/** A few names, each cut short, then how many more: the preview stays readable for a big file. */
function someNames(names: string[]): string {
  const shown = names
    .slice(0, SHOWN_NAMES)
    .map((name) => `“${name.length > NAME_LENGTH ? `${name.slice(0, NAME_LENGTH - 1)}…` : name}”`);
  const more = names.length - shown.length;
  const list = shown.join(', ');
  return more > 0 ? translate`${list} and ${more} more` : list;
}

interface EntryCounts {
  added: string[];
  replaced: string[];
  kept: number;
}

function entriesInWords({ added, replaced, kept }: EntryCounts): string {
  const addedCount = added.length;
  const addedNames = someNames(added);
  const replacedCount = replaced.length;
  const replacedNames = someNames(replaced);
  const parts = [
    addedCount > 0 ? plural(addedCount, { one: `# added: ${addedNames}`, other: `# added: ${addedNames}` }) : '',
    replacedCount > 0
      ? plural(replacedCount, {
          one: `# replaced by the file’s: ${replacedNames}`,
          other: `# replaced by the file’s: ${replacedNames}`,
        })
      : '',
    kept > 0 ? plural(kept, { one: '# kept as it is', other: '# kept as they are' }) : '',
  ].filter(Boolean);
  return parts.length > 0 ? parts.join('; ') : translate`none here or in the file`;
}

const WHOLE_WORDS: Record<'added' | 'replaced' | 'kept', MessageDescriptor> = {
  added: msg`added from the file`,
  replaced: msg`replaced by the file’s`,
  kept: msg`kept as it is (the file has none, or the same)`,
};

function changeInWords(change: FieldChange): string {
  return change.kind === 'entries' ? entriesInWords(change) : translate(WHOLE_WORDS[change.outcome]);
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

/** Where the file was made, as the file says it: in English, the file's own words whoever reads it. */
const DEMO_LABEL = 'the built-in demo service';
const OWN_ORIGIN_LABEL = 'the dashboard’s own origin';

function connectionLabel(connection: Connection): string {
  if (connection.mode === 'demo') return DEMO_LABEL;
  return connection.baseUrl || OWN_ORIGIN_LABEL;
}

/** A file's `connectionLabel` as the preview says it: an address as it is, the two above in the language on screen. */
function labelInWords(label: string): string {
  if (label === DEMO_LABEL) return translate`the built-in demo service`;
  if (label === OWN_ORIGIN_LABEL) return translate`the dashboard’s own origin`;
  return label;
}

export function WorkspaceTransfer() {
  useCatalog(workspaceFileCatalog);
  const { t } = useLingui();
  const { loaded, workspace } = useWorkspace();
  const connection = useConnection();
  const [chosen, setChosen] = useState<Chosen | null>(null);
  const [reading, setReading] = useState(false);
  const [importing, setImporting] = useState(false);
  // A message, said as it renders: in the language on screen, even after a switch.
  const [outcome, setOutcome] = useState<MessageDescriptor | null>(null);
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
    setOutcome(msg`Exported as “${name}”. Import it on the settings page of another browser or device.`);
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
    setOutcome(msg`Nothing was imported.`);
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
          ? msg`“${name}” holds nothing this device does not already keep: nothing changed.`
          : msg`Imported “${name}”: ${added} added, ${replaced} replaced, nothing deleted. Other open tabs follow.`,
      );
      setChosen(null);
    } catch {
      setOutcome(
        msg`“${name}” could not be imported: this browser refused to keep it. Check its storage settings, then try again.`,
      );
    } finally {
      setImporting(false);
    }
  };

  const chosenName = chosen?.name;
  const problem = chosen && !chosen.reading.ok ? chosen.reading.problem : null;
  return (
    <section className="form workspace-file" aria-labelledby="workspace-file-title">
      <h2 id="workspace-file-title">{t`Your workspace as a file`}</h2>
      <p>
        {t`Saved views, projects’ targets and plans, notes on the timeline and everything else you set up here for this connection, in one file to import on another browser or device. It holds no API key and no password; results from the service are not in it: they are read again there.`}
      </p>
      <div className="form__actions">
        <button type="button" className="button" onClick={onExport} disabled={!loaded}>
          {t`Export workspace`}
        </button>
        {loaded ? null : <span className="field__hint">{t`Reading what this device keeps…`}</span>}
      </div>
      <div className="field">
        <label htmlFor="workspace-file-input">{t`Import a workspace file`}</label>
        <input
          ref={input}
          id="workspace-file-input"
          type="file"
          accept=".json,application/json"
          aria-describedby="workspace-file-hint"
          onChange={(event) => void onChoose(event)}
        />
        <p id="workspace-file-hint" className="field__hint">
          {t`You see what it adds and replaces before anything changes. Nothing is deleted.`}
        </p>
      </div>
      {reading ? (
        <p role="status" className="field__hint">
          {t`Reading the file…`}
        </p>
      ) : null}
      {problem !== null ? (
        <p role="alert" className="notice notice--error">
          {t`“${chosenName}” cannot be imported. ${problem}`}
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
        {outcome ? t(outcome) : null}
      </p>
    </section>
  );
}

/** "Exported Nov 27, 2026, 10:05 AM from https://seo.example.com. It joins …" */
function exportedInWords(when: string | null, from: string | null): string {
  if (when && from)
    return translate`Exported ${when} from ${from}. It joins this connection’s workspace: what has the same name here is replaced by the file’s, the rest is added, nothing is deleted.`;
  if (when)
    return translate`Exported ${when}. It joins this connection’s workspace: what has the same name here is replaced by the file’s, the rest is added, nothing is deleted.`;
  if (from)
    return translate`Exported at an unknown time from ${from}. It joins this connection’s workspace: what has the same name here is replaced by the file’s, the rest is added, nothing is deleted.`;
  return translate`Exported at an unknown time. It joins this connection’s workspace: what has the same name here is replaced by the file’s, the rest is added, nothing is deleted.`;
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
  const { t } = useLingui();
  const when = file.exportedAt ? formatDateTime(file.exportedAt) : null;
  const from = file.connectionLabel ? labelInWords(file.connectionLabel) : null;

  return (
    <section className="workspace-file__preview" aria-labelledby="workspace-preview-title">
      <h3 id="workspace-preview-title" ref={heading} tabIndex={-1}>
        {t`Import “${name}”?`}
      </h3>
      <p>{exportedInWords(when, from)}</p>
      {/* Before the device has answered, everything would look new. */}
      {ready ? null : <p role="status">{t`Reading what this device keeps…`}</p>}
      <ul className="workspace-file__changes" hidden={!ready}>
        <li>
          <strong>{t`Saved views`}</strong>: {entriesInWords(views)}
        </li>
        {changes.map((change) => (
          <li key={change.field}>
            <strong>{fieldLabel(change.field)}</strong>: {changeInWords(change)}
          </li>
        ))}
      </ul>
      {leftOut > 0 ? (
        <p className="notice notice--warning">
          {plural(leftOut, {
            one: '# entry in the file could not be read and is left out; the rest can be imported.',
            other: '# entries in the file could not be read and are left out; the rest can be imported.',
          })}
        </p>
      ) : null}
      {added + replaced === 0 ? <p>{t`This device already keeps everything in this file.`}</p> : null}
      <div className="form__actions">
        <button type="button" className="button button--primary" onClick={onImport} disabled={!ready || importing}>
          {importing
            ? t`Importing…`
            : t({ message: 'Import', comment: 'Imports the workspace file shown in the preview' })}
        </button>
        <button type="button" className="button" onClick={onCancel} disabled={importing}>
          {t`Cancel`}
        </button>
      </div>
    </section>
  );
}
