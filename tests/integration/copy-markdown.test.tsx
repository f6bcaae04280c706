import { act, screen, within } from '@testing-library/react';
import { forgetInMemory } from '../../src/features/audit/project-reader';
import { createSimulator, type ReportRecord } from '../../src/simulator';
import { renderApp } from '../helpers/render-app';

/** Copy as Markdown: a report's top issues, an issue with its pages; and a clipboard that says no. */
const PAGE_LOAD = { timeout: 20_000 };
vi.setConfig({ testTimeout: 60_000 });

const seeded = createSimulator().store.reports();
const failingReport = seeded.find(
  (r) => r.results.meta_description?.passed === false && Object.values(r.results).filter((c) => !c.passed).length > 2,
) as ReportRecord;
const PROJECT = 'shop.fourthcoffee.com';

afterEach(() => act(() => forgetInMemory()));
// The report page's parts that load after it (the printed branding, the set-aside note) render
// nothing here; their code is loaded first, so that it does not arrive between two steps of a test,
// outside act, on a busy machine.
beforeAll(() => Promise.all([import('../../src/features/branding'), import('../../src/features/set-aside')]));

/** Markdown text back to the characters it shows. */
const unescape = (text: string) =>
  text.replace(/\\(.)/g, '$1').replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&amp;/g, '&');

describe('copy as Markdown', () => {
  it("copies a report's top issues, most important first, with how to fix them", async () => {
    const { user } = renderApp(`/reports/${failingReport.id}`);
    const button = await screen.findByRole('button', { name: 'Copy the top issues as Markdown' }, PAGE_LOAD);
    // The parts shown after the first paint are in (the runs, the passed checks): the page is still.
    await screen.findByRole('heading', { name: 'Runs of this page' }, PAGE_LOAD);
    // And the parts loaded later still (their code arriving one by one): in, inside act.
    await act(() => new Promise((done) => setTimeout(done, 1000)));
    await user.click(button);
    expect(
      await screen.findByText('Copied the top issues as Markdown: paste them into a ticket or a chat.'),
    ).toBeVisible();
    const markdown = await navigator.clipboard.readText();
    const failed = Object.values(failingReport.results).filter((c) => !c.passed).length;
    expect(markdown.split('\n')[0]).toBe(`## Top issues: ${failingReport.url.replace(/[\\`*_[\]|~]/g, '\\$&')}`);
    expect(markdown).toContain(`${failed} failed checks`);
    expect(markdown.match(/^\d+\. \*\*/gm)).toHaveLength(failed);
    expect(markdown).toMatch(/\n1\. \*\*Meta description\*\* \(high importance, SEO\): \S/);
    expect(markdown).toContain('How to fix: Add &lt;meta name="description"');
    // The parts the shell adds in an idle moment after the first data (the saved views, the Needs
    // attention count) may still be on their way: let them arrive inside act.
    await act(() => new Promise((done) => setTimeout(done, 1000)));
  });

  it('shows the Markdown to copy by hand when the clipboard is refused', async () => {
    const { user } = renderApp(`/reports/${failingReport.id}`);
    const button = await screen.findByRole('button', { name: 'Copy the top issues as Markdown' }, PAGE_LOAD);
    vi.spyOn(navigator.clipboard, 'writeText').mockRejectedValue(new DOMException('Denied', 'NotAllowedError'));
    await user.click(button);
    expect(
      await screen.findByText(
        'The browser did not let this page use the clipboard. The Markdown is below, selected: copy it with Ctrl+C or ⌘C.',
      ),
    ).toBeVisible();
    const text = screen.getByRole('textbox', { name: 'The top issues as Markdown' }) as HTMLTextAreaElement;
    expect(text.value).toMatch(/^## Top issues: /);
    expect(text).toHaveFocus();
    expect([text.selectionStart, text.selectionEnd]).toEqual([0, text.value.length]);
  });

  it('copies an issue with its pages as a table', async () => {
    const { user } = renderApp(`/projects/${PROJECT}/issues/meta_description`);
    const button = await screen.findByRole('button', { name: 'Copy this issue and its pages as Markdown' }, PAGE_LOAD);
    // The shell's Needs attention count is worked out in slices after the page: in, inside act.
    await act(() => new Promise((done) => setTimeout(done, 1000)));
    const table = screen.getByRole('table', { name: /^Pages failing Meta description/ });
    const urls = within(table)
      .getAllByRole('row')
      .slice(1)
      .map((row) => within(row).getAllByRole('cell')[0]!.textContent!);
    await user.click(button);
    expect(await screen.findByText(/^Copied this issue and its pages as Markdown/)).toBeVisible();
    const markdown = await navigator.clipboard.readText();
    expect(markdown.split('\n')[0]).toBe(`## Meta description on ${PROJECT}`);
    expect(markdown).toMatch(/\nFails on \d+ of \d+ pages · importance high · SEO\n/);
    expect(markdown).toContain('| Page | Result | What was found |');
    const rows = markdown.split('\n').filter((line) => /^\| (?!Page |---)/.test(line));
    expect(rows.map((row) => unescape(row.split(' | ')[0]!.slice(2)))).toEqual(urls);
    // The Needs attention count the shell adds in an idle moment may still be on its way.
    await act(() => new Promise((done) => setTimeout(done, 1000)));
  });
});
