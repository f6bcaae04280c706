import 'fake-indexeddb/auto';
import { act, screen, waitFor, within } from '@testing-library/react';
import { IDBFactory } from 'fake-indexeddb';
import * as Y from 'yjs';
import { pageKey } from '../../src/features/audit';
import { accept, switchOff, type CheckSettings } from '../../src/features/workspace/check-settings';
import { acceptFailure, switchCheckOff } from '../../src/features/workspace/check-actions';
import { changeEntry, type Workspace } from '../../src/features/workspace/model';
import { workspaceFrom, writeChanges } from '../../src/features/workspace/pieces';
import { registersOf } from '../../src/features/workspace/registers';
import { forgetWorkspaceInMemory, workspaceStore } from '../../src/features/workspace/store';
import { renderApp } from '../helpers/render-app';

// Two analysts set the same check aside at once, each with their own words: the later's words
// stand, and the other's are listed under the setting where it shows ("Earlier reasons"), not
// silently lost (issue 38).

const READ = { timeout: 20_000 };
vi.setConfig({ testTimeout: 30_000 });

// Each test on a device of its own: nothing set aside, nothing in the document.
beforeEach(() => {
  globalThis.indexedDB = new IDBFactory();
  localStorage.clear();
});
afterEach(() => forgetWorkspaceInMemory());
const PROJECT = 'shop.fourthcoffee.com';
const MINUTE = 60_000;

/** Another analyst's device: a copy of the document as it was, changed on its own. */
function colleague(from: Y.Doc) {
  const doc = new Y.Doc();
  Y.applyUpdate(doc, Y.encodeStateAsUpdate(from));
  const changeChecks = (edit: (settings: CheckSettings) => void, at: number) => {
    const before = workspaceFrom(registersOf(doc), 'acct');
    const draft: Workspace = structuredClone(before);
    changeEntry(draft, PROJECT, (entry) => {
      entry.checks ??= { off: [], accepted: [] };
      edit(entry.checks);
    });
    doc.transact(() => writeChanges(registersOf(doc), before, draft, at));
  };
  /** What reaches this browser's document once the two are in touch again. */
  const sync = (to: Y.Doc) => act(() => Y.applyUpdate(to, Y.encodeStateAsUpdate(doc)));
  return { changeChecks, sync };
}

async function openDocument() {
  await waitFor(() => expect(workspaceStore().current()).not.toBeNull());
  return workspaceStore().current()!.doc.doc;
}

const issuesTable = () => screen.findByRole('table', { name: `Issues of ${PROJECT}, highest impact first` }, READ);
const earlierItems = (list: HTMLElement) =>
  within(list)
    .getAllByRole('listitem')
    .map((item) => item.firstChild?.textContent);

describe('the earlier words of a check setting', () => {
  it('lists the reason that lost to a colleague’s, on the audit and on the issue’s page', async () => {
    const { user, router } = renderApp(`/projects/${PROJECT}`);
    const table = await issuesTable();
    const button = within(table).getAllByRole('button', { name: /^Set aside / })[0] as HTMLElement;
    const title = (button.getAttribute('aria-label') ?? '').replace(/^Set aside /, '');
    const check = decodeURIComponent(
      (within(table).getByRole('link', { name: title }).getAttribute('href') ?? '').split('/issues/')[1] ?? '',
    );
    const doc = await openDocument();
    const ben = colleague(doc);

    // Ana switches it off here; Ben, offline, a minute later, with his words.
    await user.click(button);
    await user.type(screen.getByRole('textbox', { name: new RegExp(`^Why ${title} does not apply`) }), 'On purpose');
    await user.click(screen.getByRole('button', { name: 'Set aside in this project' }));
    const list = await screen.findByRole('list', { name: 'Checks switched off' });
    expect(within(list).getByText('On purpose')).toBeVisible();
    // Her own setting alone has no earlier reason.
    expect(within(list).queryByText(/^Earlier reasons/)).toBeNull();

    const later = Date.now() + MINUTE;
    ben.changeChecks((settings) => switchOff(settings, check, 'Client asked', new Date(later)), later);
    await ben.sync(doc);

    // The later reason stands; hers is under it, closed, with when it was set and replaced.
    await waitFor(() => expect(within(list).getByText('Client asked')).toBeVisible());
    const summary = within(list).getByText(/^Earlier reasons \(1\)/);
    // Heard with the check it is about: each row of the list has one.
    expect(summary).toHaveTextContent(`Earlier reasons (1): ${title}`);
    expect(summary.closest('details')).not.toHaveAttribute('open');
    await user.click(summary);
    const earlier = within(list).getByRole('list', { name: `Earlier reasons for switching off ${title}` });
    expect(earlierItems(earlier)).toEqual(['On purpose']);
    expect(within(earlier).getByText(/^— given \w+ \d+, \d{4}, .+, replaced \w+ \d+, \d{4}, .+$/)).toBeVisible();

    // A third analyst, later still: both earlier reasons, newest first.
    const cara = colleague(doc);
    const latest = Date.now() + 2 * MINUTE;
    cara.changeChecks((settings) => switchOff(settings, check, 'Theme writes it', new Date(latest)), latest);
    await cara.sync(doc);
    await waitFor(() => expect(within(list).getByText('Theme writes it')).toBeVisible());
    expect(
      earlierItems(within(list).getByRole('list', { name: `Earlier reasons for switching off ${title}` })),
    ).toEqual(['Client asked', 'On purpose']);

    // The issue's own page, where a check is switched off, shows the same.
    await act(() => router.navigate(`/projects/${PROJECT}/issues/${encodeURIComponent(check)}`));
    expect(await screen.findByText(/^Set aside in this project/, undefined, READ)).toHaveTextContent(
      'Reason: Theme writes it',
    );
    await user.click(screen.getByText(/^Earlier reasons \(2\)/));
    expect(earlierItems(screen.getByRole('list', { name: `Earlier reasons for switching off ${title}` }))).toEqual([
      'Client asked',
      'On purpose',
    ]);

    // A failure accepted on a page: Ana's note and Ben's, at once; his, later, stands.
    const pagesTable = await screen.findByRole('table', { name: /^Pages failing / }, READ);
    const url = (
      within(pagesTable)
        .getAllByRole('button', { name: /^Accept on / })[0]
        ?.getAttribute('aria-label') ?? ''
    ).replace(/^Accept on /, '');
    const page = pageKey(url);
    const ben2 = colleague(doc);
    await act(() => acceptFailure(PROJECT, check, page, 'Known, left as is'));
    const later2 = Date.now() + 3 * MINUTE;
    ben2.changeChecks((settings) => accept(settings, check, page, 'Fixed in January', new Date(later2)), later2);
    await ben2.sync(doc);
    const accepted = await screen.findByRole('list', { name: `Pages where ${title} is accepted` }, READ);
    await waitFor(() => expect(within(accepted).getByText('Fixed in January')).toBeVisible());
    await user.click(within(accepted).getByText(/^Earlier notes \(1\)/));
    expect(earlierItems(within(accepted).getByRole('list', { name: `Earlier notes for ${title} on ${url}` }))).toEqual([
      'Known, left as is',
    ]);
  });

  it('lists nothing when the colleague gave the same words, “No reason given” for none, dated when it was made', async () => {
    const { user } = renderApp(`/projects/${PROJECT}`);
    const table = await issuesTable();
    const [first, second] = within(table).getAllByRole('button', { name: /^Set aside / }) as HTMLElement[];
    const titleOf = (button: HTMLElement) => (button.getAttribute('aria-label') ?? '').replace(/^Set aside /, '');
    const checkOf = (title: string) =>
      decodeURIComponent(
        (within(table).getByRole('link', { name: title }).getAttribute('href') ?? '').split('/issues/')[1] ?? '',
      );
    const [same, none] = [titleOf(first!), titleOf(second!)];
    const [sameCheck, noneCheck] = [checkOf(same), checkOf(none)];
    const doc = await openDocument();
    const ben = colleague(doc);

    await act(() => switchCheckOff(PROJECT, sameCheck, 'Duplicate content is fine here'));
    // Made on 1 November (a setting moved from the old per-project form is first written later).
    await act(() => switchCheckOff(PROJECT, noneCheck, '', new Date('2026-11-01T09:00:00.000Z')));
    const later = Date.now() + MINUTE;
    ben.changeChecks((settings) => {
      switchOff(settings, sameCheck, 'Duplicate content is fine here', new Date(later));
      switchOff(settings, noneCheck, 'Not for this client', new Date(later));
    }, later);
    await ben.sync(doc);

    const list = await screen.findByRole('list', { name: 'Checks switched off' });
    await waitFor(() => expect(within(list).getByText('Not for this client')).toBeVisible());
    // The same words twice: nothing was lost, nothing to list.
    expect(
      within(list)
        .getAllByText(/^Earlier reasons/)
        .map((node) => node.textContent),
    ).toEqual([`Earlier reasons (1): ${none}`]);
    await user.click(within(list).getByText(/^Earlier reasons \(1\)/));
    const earlier = within(list).getByRole('list', { name: `Earlier reasons for switching off ${none}` });
    expect(earlierItems(earlier)).toEqual(['No reason given']);
    expect(within(earlier).getByText(/^— given Nov 1, 2026, /)).toBeVisible();
  });
});
