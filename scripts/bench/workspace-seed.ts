// A year of an analyst's work as the workspace keeps it (issue 38), for scripts/bench/workspace.mjs:
// a note a day (365), 50 segments, 200 check settings (switched off or accepted on a page) and
// 100 saved views, over five projects, with each project's target changed every month. It is
// written through the app's own code (features/workspace: `writeChanges`, `writeViewEntries`),
// one session a day, each with its own Yjs client as a tab of a day would be, so the document's
// layout is whatever that code writes. Printed as JSON: the document's state as one update in
// base64 (what y-indexeddb keeps once it has compacted its updates), what it holds, and the name
// of the IndexedDB database the app opens for the account given (lib/connection-key.ts and
// device-names.ts, not a copy of them).
//
//   npx tsx scripts/bench/workspace-seed.ts <base URL> <API key>
import * as Y from 'yjs';
import { connectionIdOf } from '../../src/lib/connection-key';
import { DOC_PREFIX } from '../../src/features/workspace/device-names';
import { emptyWorkspace, type ProjectEntry, type Workspace } from '../../src/features/workspace/model';
import { workspaceFrom, writeChanges } from '../../src/features/workspace/pieces';
import { readRegisters, registersOf } from '../../src/features/workspace/registers';
import { viewEntriesOf, writeViewEntries } from '../../src/features/workspace/views';

const [baseUrl, apiKey] = process.argv.slice(2);
if (!baseUrl || !apiKey) throw new Error('usage: workspace-seed.ts <base URL> <API key>');

const DAY = 24 * 3600 * 1000;
const PROJECTS = [
  'contoso.com',
  'docs.contoso.com',
  'fourthcoffee.com',
  'shop.fourthcoffee.com',
  'adventure-works.com',
];
const CHECKS = [
  'title',
  'meta_description',
  'headings',
  'content_keywords',
  'image_keywords',
  'seo_friendly_url',
  'robots',
  'in_page_links',
  'favicon',
  'text_compression',
  'load_time',
  'page_size',
  'http_requests',
  'image_format',
  'defer_javascript',
  'dom_size',
];
const SEGMENTS_PER_PROJECT = 10;
const OFF_PER_PROJECT = 8;
const ACCEPTED_PER_PROJECT = 32;
const VIEWS = 100;

const doc = new Y.Doc();
const registers = registersOf(doc);
let workspace: Workspace = emptyWorkspace();
let views: unknown[] = [];
const start = Date.now() - 365 * DAY;
const isoDay = (time: number) => new Date(time).toISOString().slice(0, 10);

/** One day's session: a fresh Yjs client, as a tab opened that day would be. */
function session(day: number, change: (draft: Workspace) => void, changeViews?: (entries: unknown[]) => unknown[]) {
  doc.clientID = 1_000_000 + day;
  const now = start + day * DAY + 10 * 3600 * 1000;
  const before = workspace;
  const after = structuredClone(before);
  change(after);
  doc.transact(() => {
    writeChanges(registers, before, after, now);
    if (changeViews) {
      views = changeViews(views);
      writeViewEntries(registers, views, now);
    }
  });
  workspace = after;
}

const entry = (draft: Workspace, project: string): ProjectEntry => {
  let found = draft.projects.find((candidate) => candidate.project === project);
  if (!found) {
    found = { project, watch: { target: null, newHighFailures: true, dropPoints: 10 }, plan: null };
    draft.projects.push(found);
  }
  return found;
};

for (let day = 0; day < 365; day += 1) {
  const project = PROJECTS[day % PROJECTS.length] as string;
  const nth = Math.floor(day / PROJECTS.length);
  session(
    day,
    (draft) => {
      draft.notes.push({
        id: `note-${day}`,
        date: isoDay(start + day * DAY),
        text: `Day ${day + 1}: ${['published the spring campaign', 'fixed the redirects', 'new product pages', 'core update'][day % 4]}`,
        project: day % 7 === 0 ? null : project,
      });
      const current = entry(draft, project);
      // The target, changed about once a month per project: its register keeps the last few.
      if (day % 30 < PROJECTS.length) current.watch = { ...current.watch, target: 60 + ((day * 7) % 35) };
      if (nth < SEGMENTS_PER_PROJECT) {
        current.segments = [
          ...(current.segments ?? []),
          { id: `segment-${nth}`, name: `Section ${nth + 1}`, pattern: `/section-${nth + 1}/*` },
        ];
      }
      const checks = current.checks ?? { off: [], accepted: [] };
      const at = new Date(start + day * DAY).toISOString();
      if (nth < OFF_PER_PROJECT)
        checks.off = [...checks.off, { check: CHECKS[nth] as string, reason: `Not relevant on ${project}`, at }];
      // Accepted failures come four a session, over the first eight sessions of each project.
      if (nth < ACCEPTED_PER_PROJECT / 4)
        checks.accepted = [
          ...checks.accepted,
          ...[0, 1, 2, 3].map((i) => ({
            check: CHECKS[(nth * 4 + i) % CHECKS.length] as string,
            page: `${project}/section-${(nth % SEGMENTS_PER_PROJECT) + 1}/page-${nth * 4 + i}`,
            note: 'Accepted with the client',
            at,
          })),
        ];
      current.checks = checks;
    },
    // A saved view every few days, until there are a hundred.
    day % 3 === 0 && views.length < VIEWS
      ? (entries) => [
          ...entries,
          {
            id: `view-${entries.length}`,
            name: `Saved view ${entries.length + 1}`,
            href: `/reports?search=section-${entries.length + 1}&result=bad`,
          },
        ]
      : undefined,
  );
}
// The views not yet made by the end of the year, in one last session.
if (views.length < VIEWS)
  session(
    365,
    () => undefined,
    (entries) =>
      entries.concat(
        Array.from({ length: VIEWS - entries.length }, (_, i) => ({
          id: `view-${entries.length + i}`,
          name: `Saved view ${entries.length + i + 1}`,
          href: `/reports?search=section-${entries.length + i + 1}&result=bad`,
        })),
      ),
  );

// Read back through the app's own reading: what the page will show.
const read = workspaceFrom(registers, 'bench');
const held = {
  notes: read.notes.length,
  segments: read.projects.reduce((sum, project) => sum + (project.segments?.length ?? 0), 0),
  checkSettings: read.projects.reduce(
    (sum, project) => sum + (project.checks ? project.checks.off.length + project.checks.accepted.length : 0),
    0,
  ),
  views: viewEntriesOf(registers).length,
  pieces: readRegisters(registers).size,
  edits: registers.length,
};
const update = Y.encodeStateAsUpdate(doc);

process.stdout.write(
  JSON.stringify({
    update: Buffer.from(update).toString('base64'),
    bytes: update.byteLength,
    held,
    lastView: (viewEntriesOf(registers).at(-1) as { name: string }).name,
    database: `${DOC_PREFIX}:${await connectionIdOf({ mode: 'service', baseUrl, apiKey })}`,
  }),
);
