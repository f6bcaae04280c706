import { screen, within } from '@testing-library/react';
import { resetJobQueue } from '../../src/features/jobs/job-service';
import { renderApp } from '../helpers/render-app';

/**
 * A part whose code cannot be loaded (offline, or a newer deployment removed the file) says so in
 * its place, with a way to try again, and the rest of the app goes on (issue 37, decision 95). The
 * job tray: on every page, its code loaded only once a job exists.
 */
const PAGE_LOAD = { timeout: 8000 };

const code = vi.hoisted(() => ({ available: false }));
vi.mock('../../src/features/job-tray/job-tray', async (importOriginal) => {
  if (!code.available) throw new TypeError('Failed to fetch dynamically imported module: /assets/job-tray.js');
  return importOriginal();
});

afterEach(() => resetJobQueue());

it('the job tray’s code out of reach: its place says so, the page goes on, and Try again brings the tray', async () => {
  // React reports what a boundary caught on the console: expected here, and checked.
  const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
  const { user, hold } = renderApp('/reports/new', { simulator: { analysisDelayMs: 0 } });
  const release = hold((request) => request.method === 'POST');
  await user.click(await screen.findByRole('button', { name: 'Analyse a list of pages' }, PAGE_LOAD));
  await user.click(await screen.findByLabelText('Page URLs, one per line', {}, PAGE_LOAD));
  await user.paste(['tray.example/a', 'tray.example/b'].join('\n'));
  await user.click(screen.getByRole('button', { name: 'Analyse 2 pages' }));

  const alert = await screen.findByRole('alert', {}, PAGE_LOAD);
  expect(alert).toHaveTextContent('This part could not be loaded.');
  expect(
    logged.mock.calls.some((args) =>
      args.some((arg) => arg instanceof Error && arg.message === 'This part could not be loaded.'),
    ),
  ).toBe(true);
  // The rest of the app is still there, and still answers.
  expect(screen.getByRole('heading', { level: 1 })).toBeInTheDocument();
  expect(screen.getByRole('navigation', { name: 'Main' })).toBeInTheDocument();
  expect(screen.queryByRole('region', { name: /Background jobs/ })).not.toBeInTheDocument();

  code.available = true;
  await user.click(within(alert).getByRole('button', { name: 'Try again' }));
  const tray = await screen.findByRole('region', { name: /Background jobs/ }, PAGE_LOAD);
  expect(within(tray).getByRole('heading', { name: 'Create 2 reports' })).toBeInTheDocument();
  expect(screen.queryByText('This part could not be loaded.')).not.toBeInTheDocument();
  release();
});
