import { act, screen, waitFor, within } from '@testing-library/react';
import { resetJobQueue } from '../../src/features/jobs/job-service';
import { adoptFromOtherTab } from '../../src/features/connection/connection-changes';
import { renderApp, TEST_BASE_URL } from '../helpers/render-app';

/** /reports/new with a list: checked, de-duplicated, invalid lines corrected, created once each. */
const PAGE_LOAD = { timeout: 8000 };

afterEach(() => resetJobQueue());

describe('bulk create', () => {
  it('creates each distinct page once, with invalid lines flagged and correctable', async () => {
    const { user, simulator, requests } = renderApp('/reports/new', { simulator: { analysisDelayMs: 0 } });
    await user.click(await screen.findByRole('button', { name: 'Analyse a list of pages' }, PAGE_LOAD));
    const box = await screen.findByLabelText('Page URLs, one per line', {}, PAGE_LOAD);
    await user.click(box);
    await user.paste(
      ['https://www.bulk.example/a/', 'bulk.example/a', 'bulk.example/b', 'mailto:someone@bulk.example'].join('\n'),
    );

    expect(screen.getByText('2 pages ready, 1 duplicate left out, 1 not a web address.')).toBeInTheDocument();
    const fix = screen.getByLabelText('Line 4');
    await user.clear(fix);
    await user.type(fix, 'bulk.example/c');
    await user.click(screen.getByRole('button', { name: 'Add line 4' }));
    expect(screen.getByText('3 pages ready, 1 duplicate left out.')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Analyse 3 pages' }));

    const tray = await screen.findByRole('region', { name: /Background jobs/ }, PAGE_LOAD);
    // Over at once here: the tray has folded to its line (docs/decisions/0068).
    expect(await within(tray).findByText('Create 3 reports:', {}, PAGE_LOAD)).toBeInTheDocument();
    await waitFor(() => expect(screen.getByText(/^Finished\./)).toBeInTheDocument(), PAGE_LOAD);
    expect(screen.getByRole('link', { name: 'bulk.example/a' })).toBeInTheDocument();
    const posts = requests.filter((r) => r.method === 'POST').map((r) => new URLSearchParams(r.body).get('url'));
    expect(posts).toEqual(['https://www.bulk.example/a/', 'https://bulk.example/b', 'https://bulk.example/c']);
    expect(
      simulator.store
        .reports()
        .filter((r) => r.project === 'bulk.example')
        .map((r) => r.url)
        .sort(),
    ).toEqual(['bulk.example/a', 'bulk.example/b', 'bulk.example/c']);
  });

  it('the single-page form is unchanged beside it', async () => {
    renderApp('/reports/new');
    expect(await screen.findByLabelText('Page URL', {}, PAGE_LOAD)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Analyse page' })).toBeInTheDocument();
    expect(screen.queryByLabelText('Page URLs, one per line')).not.toBeInTheDocument();
  });

  it('another account connected in another tab: nothing more of the job is sent with its key', async () => {
    const { user, requests, hold } = renderApp('/reports/new', { simulator: { analysisDelayMs: 0 } });
    const release = hold((request) => request.method === 'POST');
    await user.click(await screen.findByRole('button', { name: 'Analyse a list of pages' }, PAGE_LOAD));
    await user.click(await screen.findByLabelText('Page URLs, one per line', {}, PAGE_LOAD));
    await user.paste(['switch.example/a', 'switch.example/b', 'switch.example/c'].join('\n'));
    await user.click(screen.getByRole('button', { name: 'Analyse 3 pages' }));
    const posts = () => requests.filter((r) => r.method === 'POST').length;
    await waitFor(() => expect(posts()).toBeGreaterThan(0), PAGE_LOAD);
    const sent = posts();

    act(() =>
      adoptFromOtherTab(
        { mode: 'service', baseUrl: TEST_BASE_URL, apiKey: 'another-account', remember: false },
        'elsewhere',
        false,
      ),
    );
    expect(await screen.findByText('The connection was changed in another tab.', {}, PAGE_LOAD)).toBeInTheDocument();
    release();
    // A moment for anything still queued to go out (the page's late parts update meanwhile).
    await act(() => new Promise((settle) => setTimeout(settle, 200)));
    // The job is the first account's: kept, paused, for when it is connected again.
    expect(posts()).toBe(sent);
  });
});
