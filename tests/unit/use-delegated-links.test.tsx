import { fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { useDelegatedLinks } from '../../src/lib/use-delegated-links';

/** A list of plain links under one delegated handler, in an app deployed under /seo/. */
function LinkList() {
  const { hrefOf, onClick } = useDelegatedLinks();
  return (
    // eslint-disable-next-line jsx-a11y/click-events-have-key-events, jsx-a11y/no-static-element-interactions
    <div onClick={onClick}>
      <a href={hrefOf('/reports/7')}>Report 7</a>
      <a href={hrefOf('/reports?project=a+b&page=2')}>Project a b</a>
      <a href={hrefOf('/reports')}>All reports</a>
      <a href="https://example.com/page" target="_blank" rel="noreferrer">
        Outside
      </a>
      <a href={hrefOf('/reports/7')} download>
        Download
      </a>
      <a href="/elsewhere">Outside the app</a>
      <a href="https://other.example/reports/7">Another site</a>
    </div>
  );
}

// What the browser would do with each click the app leaves to it (jsdom cannot navigate).
let leftToBrowser: string[] = [];
function record(event: MouseEvent) {
  const link = event.target instanceof Element ? event.target.closest('a') : null;
  if (link && !event.defaultPrevented) leftToBrowser.push(link.textContent ?? '');
  event.preventDefault();
}
beforeEach(() => {
  leftToBrowser = [];
  document.addEventListener('click', record);
  document.addEventListener('auxclick', record);
});
afterEach(() => {
  document.removeEventListener('click', record);
  document.removeEventListener('auxclick', record);
});

function setup(basename = '/seo') {
  const router = createMemoryRouter(
    [
      { path: '/reports', element: <LinkList /> },
      { path: '/reports/:id', element: <p>A report</p> },
    ],
    { basename, initialEntries: [`${basename === '/' ? '' : basename}/reports`] },
  );
  render(<RouterProvider router={router} />);
  return { router, user: userEvent.setup() };
}

/** Where the app is, inside its /seo/ prefix. */
const where = (router: ReturnType<typeof setup>['router']) =>
  `${router.state.location.pathname}${router.state.location.search}`.replace(/^\/seo/, '');

describe('useDelegatedLinks', () => {
  it('puts the deployment prefix in every href', () => {
    setup();
    expect(screen.getByRole('link', { name: 'Report 7' })).toHaveAttribute('href', '/seo/reports/7');
    expect(screen.getByRole('link', { name: 'Project a b' })).toHaveAttribute(
      'href',
      '/seo/reports?project=a+b&page=2',
    );
  });

  it('follows a plain click inside the app, as a new history entry', async () => {
    const { router, user } = setup();
    await user.click(screen.getByRole('link', { name: 'Report 7' }));
    expect(await screen.findByText('A report')).toBeInTheDocument();
    expect(where(router)).toBe('/reports/7');
    expect(router.state.historyAction).toBe('PUSH');
    expect(leftToBrowser).toEqual([]);
  });

  it('keeps the query string, and follows Enter on a focused link', async () => {
    const { router, user } = setup();
    screen.getByRole('link', { name: 'Project a b' }).focus();
    await user.keyboard('{Enter}');
    expect(where(router)).toBe('/reports?project=a+b&page=2');
  });

  it('replaces the history entry for a link to where one already is, as <Link> does', async () => {
    const { router, user } = setup();
    await user.click(screen.getByRole('link', { name: 'All reports' }));
    expect(where(router)).toBe('/reports');
    expect(router.state.historyAction).toBe('REPLACE');
  });

  it.each([
    ['ctrl', '{Control>}'],
    ['cmd', '{Meta>}'],
    ['shift', '{Shift>}'],
    ['alt', '{Alt>}'],
  ])('leaves a %s-click to the browser (new tab or window)', async (_, key) => {
    const { router, user } = setup();
    await user.keyboard(key);
    await user.click(screen.getByRole('link', { name: 'Report 7' }));
    expect(leftToBrowser).toEqual(['Report 7']);
    expect(where(router)).toBe('/reports');
  });

  it('leaves a middle click to the browser', async () => {
    const { router, user } = setup();
    await user.pointer({ keys: '[MouseMiddle]', target: screen.getByRole('link', { name: 'Report 7' }) });
    // Browsers that still send "click" for the middle button.
    fireEvent.click(screen.getByRole('link', { name: 'Report 7' }), { button: 1 });
    expect(leftToBrowser).toEqual(['Report 7', 'Report 7']);
    expect(where(router)).toBe('/reports');
  });

  it('leaves links with a target, downloads and addresses outside the app to the browser', async () => {
    const { router, user } = setup();
    for (const name of ['Outside', 'Download', 'Outside the app', 'Another site'])
      await user.click(screen.getByRole('link', { name }));
    expect(leftToBrowser).toEqual(['Outside', 'Download', 'Outside the app', 'Another site']);
    expect(where(router)).toBe('/reports');
  });

  it('works without a prefix, and still leaves other sites to the browser', async () => {
    const { router, user } = setup('/');
    expect(screen.getByRole('link', { name: 'Report 7' })).toHaveAttribute('href', '/reports/7');
    await user.click(screen.getByRole('link', { name: 'Another site' }));
    expect(leftToBrowser).toEqual(['Another site']);
    await user.click(screen.getByRole('link', { name: 'Report 7' }));
    expect(await screen.findByText('A report')).toBeInTheDocument();
    expect(where(router)).toBe('/reports/7');
  });
});
