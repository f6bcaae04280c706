import 'fake-indexeddb/auto';
import { act, cleanup, screen, waitFor, within } from '@testing-library/react';
import { forgetInMemory } from '../../src/features/audit/project-reader';
import { forgetWorkspaceInMemory, workspaceStore } from '../../src/features/workspace/store';
import type { ReportRecord, Simulator } from '../../src/simulator';
import { latestRunsOf } from '../helpers/latest-runs';
import { captureDownloads } from '../helpers/downloads';
import { renderApp } from '../helpers/render-app';

/** Reading and aggregating a project takes a few steps; this machine may be busy. */
const READ = { timeout: 20_000 };
vi.setConfig({ testTimeout: 60_000 });

const PROJECT = 'shop.fourthcoffee.com';
const WEIGHTS: Record<string, number> = { high: 10, medium: 5, low: 0 };

afterEach(() => {
  act(() => forgetInMemory());
  forgetWorkspaceInMemory();
});

/** The estimate worked out from the simulator's own records, without the checks `off`. */
function expectedEstimate(simulator: Simulator, off: readonly string[]): number {
  const scores = latestRunsOf(simulator, PROJECT).map((page: ReportRecord) => {
    let total = 0;
    let passed = 0;
    for (const [name, check] of Object.entries(page.results)) {
      if (off.includes(name)) continue;
      const weight = WEIGHTS[check.importance] ?? 0;
      total += weight;
      if (check.passed) passed += weight;
    }
    return Math.round((passed / total) * 100);
  });
  return Math.round(scores.reduce((sum, score) => sum + score, 0) / scores.length);
}

const issuesTable = () => screen.findByRole('table', { name: `Issues of ${PROJECT}, highest impact first` }, READ);
const estimate = () => screen.queryByRole('group', { name: /^Dashboard’s estimate/ });
const switchedOff = () => screen.queryByRole('list', { name: 'Checks switched off' });

describe('check settings on a project', () => {
  it('sets a check aside, shows it apart with the estimate beside the score, keeps it over a reload, and undoes', async () => {
    const { simulator, user, router } = renderApp(`/projects/${PROJECT}`);
    const table = await issuesTable();
    const serviceScore = screen.getByText(/^\d+$/, { selector: '.health__number' }).textContent;
    expect(estimate()).toBeNull();

    const [first, second] = within(table).getAllByRole('button', { name: /^Set aside / });
    const title = (first?.getAttribute('aria-label') ?? '').replace(/^Set aside /, '');
    const secondTitle = (second?.getAttribute('aria-label') ?? '').replace(/^Set aside /, '');
    const checkOf = (name: string) =>
      decodeURIComponent(
        (screen.getAllByRole('link', { name }).at(-1)?.getAttribute('href') ?? '').split('/issues/')[1] ?? '',
      );
    const firstCheck = checkOf(title);

    await user.click(first as HTMLElement);
    await user.type(screen.getByRole('textbox', { name: new RegExp(`^Why ${title} does not apply`) }), 'On purpose');
    await user.click(screen.getByRole('button', { name: 'Set aside in this project' }));

    // Apart, with its reason; out of the issues that count; the estimate beside the service's score.
    const list = await screen.findByRole('list', { name: 'Checks switched off' });
    expect(within(list).getByRole('link', { name: title })).toBeVisible();
    expect(within(list).getByText('On purpose')).toBeVisible();
    expect(within(table).queryByRole('button', { name: `Set aside ${title}` })).toBeNull();
    const shownEstimate = () => within(estimate() as HTMLElement).getByText(/^(Good|Decent|Bad) \d+$/).textContent;
    expect(shownEstimate()).toMatch(new RegExp(` ${expectedEstimate(simulator, [firstCheck])}$`));
    expect(screen.getByText(/^\d+$/, { selector: '.health__number' }).textContent).toBe(serviceScore);

    // A second one moves the estimate again.
    const secondCheck = checkOf(secondTitle);
    await user.click(within(table).getByRole('button', { name: `Set aside ${secondTitle}` }));
    await user.click(screen.getByRole('button', { name: 'Set aside in this project' }));
    await waitFor(() =>
      expect(shownEstimate()).toMatch(new RegExp(` ${expectedEstimate(simulator, [firstCheck, secondCheck])}$`)),
    );
    expect(within(switchedOff() as HTMLElement).getByText('No reason given')).toBeVisible();

    // Undo, offered at once, brings the second back.
    await user.click(screen.getByRole('button', { name: 'Undo' }));
    await within(table).findByRole('button', { name: `Set aside ${secondTitle}` });
    await waitFor(() => expect(shownEstimate()).toMatch(new RegExp(` ${expectedEstimate(simulator, [firstCheck])}$`)));

    // The change report and the overview say what is set aside.
    await act(() => router.navigate(`/projects/${PROJECT}/changes`));
    const changesList = await screen.findByRole('list', { name: 'Checks switched off' }, READ);
    expect(within(changesList).getByText(title)).toBeVisible();
    expect(within(changesList).getByText('On purpose')).toBeVisible();
    const byCheck = await screen.findByRole('table', { name: /^Checks that fail on either date/ });
    expect(within(byCheck).queryByRole('rowheader', { name: title })).toBeNull();
    // A report of the project says which of its checks are set aside, with the estimate without them.
    const report = simulator.store
      .reports()
      .find((r) => r.project === PROJECT && r.results[firstCheck] && !r.results[firstCheck].passed);
    await act(() => router.navigate(`/reports/${report?.id}`));
    const note = await screen.findByText(/^Set aside in this project:/, undefined, READ);
    expect(note).toHaveTextContent(`${title} (switched off: On purpose)`);
    expect(screen.getByText(/^Dashboard’s estimate without it:/)).toBeVisible();

    // The issue's own page says it is set aside, and why.
    await act(() => router.navigate(`/projects/${PROJECT}/issues/${encodeURIComponent(firstCheck)}`));
    expect(await screen.findByText(/^Set aside in this project/, undefined, READ)).toHaveTextContent(
      'Reason: On purpose',
    );
    await act(() => router.navigate('/'));
    const projects = await screen.findByRole('table', { name: 'Projects by health, lowest first' }, READ);
    const row = within(projects).getByRole('link', { name: PROJECT }).closest('tr') as HTMLElement;
    expect(
      await within(row).findByText(new RegExp(`^(Good|Decent|Bad) ${expectedEstimate(simulator, [firstCheck])}$`)),
    ).toBeVisible();
    expect(within(row).getByText(/Set aside: 1 check switched off/)).toBeVisible();
    // Its most common issues leave the switched-off check out there, and say so.
    const common = await screen.findByRole('table', { name: 'Most common issues, most failing pages first' });
    expect(within(common).queryByRole('link', { name: title })).toBeNull();
    expect(screen.getByText('Checks switched off in a project are not counted for it.')).toBeVisible();

    // A reload: memory is gone, the workspace on the device keeps the setting.
    cleanup();
    act(() => forgetInMemory());
    forgetWorkspaceInMemory();
    const again = renderApp(`/projects/${PROJECT}`);
    const reloaded = await issuesTable();
    const kept = await screen.findByRole('list', { name: 'Checks switched off' });
    expect(within(kept).getByText('On purpose')).toBeVisible();
    expect(within(reloaded).queryByRole('button', { name: `Set aside ${title}` })).toBeNull();

    // Counted again: back in the issues, nothing set aside, no estimate.
    await again.user.click(within(kept).getByRole('button', { name: `Count ${title} again` }));
    await within(reloaded).findByRole('button', { name: `Set aside ${title}` });
    expect(switchedOff()).toBeNull();
    expect(estimate()).toBeNull();
    // Nothing left set aside: the project's entry has no such field (nor will its workspace file).
    const entry = workspaceStore()
      .read()
      .workspace.projects.find((candidate) => candidate.project === PROJECT);
    expect(entry && 'checks' in entry).toBe(false);
  });

  it('accepts a failure on one page, lists it apart on the issue’s page, and counts it again', async () => {
    const { user } = renderApp(`/projects/${PROJECT}`);
    const table = await issuesTable();
    const link = within(table).getAllByRole('link')[0] as HTMLElement;
    await user.click(link);
    const pagesTable = await screen.findByRole('table', { name: /^Pages failing / }, READ);
    const rows = within(pagesTable).getAllByRole('button', { name: /^Accept on / });
    const before = rows.length;
    const page = (rows[0]?.getAttribute('aria-label') ?? '').replace(/^Accept on /, '');

    await user.click(rows[0] as HTMLElement);
    await user.type(screen.getByRole('textbox', { name: /^Note on accepting / }), 'Client accepts this');
    await user.click(screen.getByRole('button', { name: 'Accept on this page' }));

    const accepted = await screen.findByRole('list', { name: /^Pages where .* is accepted$/ });
    expect(within(accepted).getByRole('link', { name: page })).toBeVisible();
    expect(within(accepted).getByText('Client accepts this')).toBeVisible();
    expect(
      within(screen.queryByRole('table', { name: /^Pages failing / }) ?? document.body).queryByRole('button', {
        name: `Accept on ${page}`,
      }),
    ).toBeNull();
    if (before > 1) expect(within(pagesTable).getAllByRole('button', { name: /^Accept on / })).toHaveLength(before - 1);

    // The CSV holds every failing page, the accepted one marked with its note.
    const downloads = captureDownloads();
    await user.click(screen.getByRole('button', { name: 'Download these pages (CSV)' }));
    const lines = (await downloads.texts())[0]!.trim().split('\r\n');
    expect(lines[0]).toMatch(/,Accepted,Why accepted$/);
    expect(lines).toHaveLength(before + 1);
    const acceptedLines = lines.slice(1).filter((line) => line.endsWith(',yes,Client accepts this'));
    expect(acceptedLines).toHaveLength(1);
    expect(acceptedLines[0]).toMatch(new RegExp(`^${page.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')},`));
    expect(lines.slice(1).filter((line) => line.endsWith(',no,'))).toHaveLength(before - 1);

    await user.click(within(accepted).getByRole('button', { name: `Count again on ${page}` }));
    await waitFor(() => expect(screen.queryByRole('list', { name: /^Pages where .* is accepted$/ })).toBeNull());
    expect(
      within(await screen.findByRole('table', { name: /^Pages failing / })).getByRole('button', {
        name: `Accept on ${page}`,
      }),
    ).toBeVisible();
  });
});
