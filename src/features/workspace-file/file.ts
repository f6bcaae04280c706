import * as v from 'valibot';
import { t } from '@lingui/core/macro';
import { formatNumber } from '../../lib/i18n/format';
import { IsoTime, readOr } from '../../lib/schema';
import { sameValue } from '../../lib/merge-by-key';
import { emptyWorkspace, parseWorkspace, WORKSPACE_VERSION, type Workspace } from '../workspace';
import { readPortableViews, type PortableView } from '../saved-views';

/**
 * The workspace as a file (issue 29, decision 83): what a person made on this device for this
 * connection (the workspace record, whole, and the saved views) in one versioned JSON file, to be
 * imported on another device or browser. Never in it: the API key, a password, results read from
 * the service (they are read again there), the connection's id. Pure: reading a file is a yes with
 * what can be imported, or a no with the words that say why (in the language on screen as the file
 * is read); a no changes nothing.
 */

export const WORKSPACE_FILE_FORMAT = 'seo-dashboard-workspace';
export const WORKSPACE_FILE_VERSION = 1;
/** Far above a real workspace (a logo included); a file over it is refused before it is read. */
export const MAX_WORKSPACE_FILE_BYTES = 5 * 1024 * 1024;
const MAX_LABEL = 300;

export interface WorkspaceFile {
  format: typeof WORKSPACE_FILE_FORMAT;
  version: typeof WORKSPACE_FILE_VERSION;
  /** When it was exported (ISO). */
  exportedAt: string;
  /** Where it was made, in words (a service's address, the demo): shown in the preview only. */
  connectionLabel: string | null;
  /** The workspace as ../workspace parses it, without its connection: it joins the importer's. */
  workspace: Workspace;
  savedViews: PortableView[];
}

export type FileReading =
  | {
      ok: true;
      file: WorkspaceFile;
      /** Entries in the file that could not be read and are left out (said in the preview). */
      leftOut: number;
    }
  | { ok: false; problem: string };

export function buildWorkspaceFile({
  workspace,
  savedViews,
  exportedAt,
  connectionLabel,
}: {
  workspace: Workspace;
  savedViews: PortableView[];
  exportedAt: Date;
  connectionLabel: string | null;
}): WorkspaceFile {
  return {
    format: WORKSPACE_FILE_FORMAT,
    version: WORKSPACE_FILE_VERSION,
    exportedAt: exportedAt.toISOString(),
    connectionLabel,
    workspace: { ...workspace, connection: null },
    savedViews,
  };
}

export function workspaceFileText(file: WorkspaceFile): string {
  return `${JSON.stringify(file, null, 2)}\n`;
}

/** `seo-dashboard-workspace-2026-11-27.json`: the day it was exported, in the person's time zone. */
export function workspaceFileName(at: Date): string {
  const day = [at.getFullYear(), at.getMonth() + 1, at.getDate()].map((n) => String(n).padStart(2, '0')).join('-');
  return `${WORKSPACE_FILE_FORMAT}-${day}.json`;
}

function megabytes(bytes: number): string {
  return formatNumber(bytes / (1024 * 1024), 1);
}

/** A size seen before the file is read: an empty or oversized file is refused unread. */
export function refuseBySize(bytes: number): string | null {
  if (bytes === 0) return t`This file is empty. Choose the .json file that “Export workspace” made.`;
  if (bytes > MAX_WORKSPACE_FILE_BYTES) {
    const size = megabytes(bytes);
    const most = megabytes(MAX_WORKSPACE_FILE_BYTES);
    return t`This file is ${size} MB: a workspace file is at most ${most} MB, so it is not one. Choose the .json file that “Export workspace” made.`;
  }
  return null;
}

/** Entries of the file that the workspace's own reading left out (broken, repeated, too many). */
function countLeftOut(raw: Record<string, unknown>, workspace: Workspace): number {
  const empty = emptyWorkspace() as unknown as Record<string, unknown>;
  let leftOut = 0;
  for (const [field, value] of Object.entries(workspace)) {
    const given = raw[field];
    if (field === 'version' || field === 'connection' || given === undefined) continue;
    if (Array.isArray(value)) leftOut += Array.isArray(given) ? Math.max(0, given.length - value.length) : 1;
    else if (given !== null && sameValue(value, empty[field]) && !sameValue(given, value)) leftOut += 1;
  }
  return leftOut;
}

/** What says the file is one: its format, whatever else it holds. */
const FormatSchema = v.object({ format: v.unknown() });

/** A version above `known`: the file was made by a newer dashboard. */
const newer = (known: number) =>
  v.pipe(
    v.number(),
    v.check((version: number) => version > known),
  );
const NewerSchema = v.union([
  v.object({ version: newer(WORKSPACE_FILE_VERSION) }),
  v.object({ workspace: v.object({ version: newer(WORKSPACE_VERSION) }) }),
]);

/**
 * The file's own fields. Its workspace is kept as it came (../workspace reads it, and what it left
 * out is counted), its saved views as a list (../saved-views reads them).
 */
const FileSchema = v.object({
  format: v.literal(WORKSPACE_FILE_FORMAT),
  version: v.literal(WORKSPACE_FILE_VERSION),
  workspace: v.looseObject({ version: v.literal(WORKSPACE_VERSION) }),
  savedViews: v.optional(v.array(v.unknown())),
  exportedAt: v.fallback(IsoTime, ''),
  connectionLabel: v.fallback(
    v.pipe(
      v.string(),
      v.transform((label: string) => label.trim().slice(0, MAX_LABEL)),
    ),
    '',
  ),
});

/** Reads a file's text: a workspace file this dashboard can import, or why not. */
export function readWorkspaceFile(text: string): FileReading {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return {
      ok: false,
      problem: t`This file is not a workspace file: it is not JSON. Choose the .json file that “Export workspace” made.`,
    };
  }
  const format = readOr(FormatSchema, Array.isArray(parsed) ? null : parsed, null)?.format;
  if (format === undefined)
    return {
      ok: false,
      problem: t`This file is JSON, but not a workspace file of this dashboard. Choose the .json file that “Export workspace” made.`,
    };
  if (format !== WORKSPACE_FILE_FORMAT) {
    if (typeof format !== 'string')
      return {
        ok: false,
        problem: t`This file is of another format, not a workspace file of this dashboard. Choose the .json file that “Export workspace” made.`,
      };
    const named = format.slice(0, 60);
    return {
      ok: false,
      problem: t`This file is a “${named}” file, not a workspace file of this dashboard. Choose the .json file that “Export workspace” made.`,
    };
  }
  if (v.is(NewerSchema, parsed))
    return {
      ok: false,
      problem: t`This workspace file was made by a newer version of the dashboard, which this one cannot read. Update this dashboard (reload it, or ask whoever runs it), then import the file again.`,
    };
  const read = v.safeParse(FileSchema, parsed);
  if (!read.success)
    return {
      ok: false,
      problem: read.issues.every((issue) => issue.path?.[0]?.key === 'savedViews')
        ? t`This workspace file is damaged: its saved views cannot be read. Nothing was imported.`
        : t`This workspace file is damaged: its version or its workspace cannot be read. Nothing was imported.`,
    };

  const file = read.output;
  const workspace = parseWorkspace(file.workspace);
  const views = readPortableViews(file.savedViews);
  return {
    ok: true,
    file: {
      format: WORKSPACE_FILE_FORMAT,
      version: WORKSPACE_FILE_VERSION,
      exportedAt: file.exportedAt,
      connectionLabel: file.connectionLabel || null,
      workspace: { ...workspace, connection: null },
      savedViews: views.views,
    },
    leftOut: countLeftOut(file.workspace, workspace) + views.leftOut,
  };
}

/** Reads a chosen file: its size first (an oversized file is never read), then its text. */
export async function readChosenFile(file: Blob): Promise<FileReading> {
  const bySize = refuseBySize(file.size);
  if (bySize) return { ok: false, problem: bySize };
  let text: string;
  try {
    text = await file.text();
  } catch {
    return { ok: false, problem: t`This file could not be read from the disk. Choose it again.` };
  }
  return readWorkspaceFile(text);
}
