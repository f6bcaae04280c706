import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, Link, Outlet, RouterProvider } from 'react-router';
import { useScrollRestoration } from '../../src/app/use-scroll-restoration';

function Shell() {
  useScrollRestoration();
  return <Outlet />;
}

function setup() {
  const router = createMemoryRouter(
    [
      {
        element: <Shell />,
        children: [
          {
            path: '/reports',
            element: (
              <>
                <Link to="/reports/7">Report 7</Link>
                <Link to="/reports/7#checks">Report 7's checks</Link>
              </>
            ),
          },
          { path: '/reports/:id', element: <h2 id="checks">Checks</h2> },
        ],
      },
    ],
    { initialEntries: ['/reports'] },
  );
  const { unmount } = render(<RouterProvider router={router} />);
  return { router, unmount, user: userEvent.setup() };
}

/** The person scrolls the window to `y` (jsdom has no layout: the position is set by hand). */
function scrollWindowTo(y: number) {
  Object.defineProperty(window, 'scrollY', { configurable: true, value: y });
  window.dispatchEvent(new Event('scroll'));
}

afterEach(() => {
  Object.defineProperty(window, 'scrollY', { configurable: true, value: 0 });
});

describe('useScrollRestoration', () => {
  it('starts a new page at the top and returns to where one was on Back', async () => {
    const scrollTo = vi.spyOn(window, 'scrollTo');
    const { router, user } = setup();
    scrollWindowTo(640);

    scrollTo.mockClear();
    await user.click(screen.getByRole('link', { name: 'Report 7' }));
    expect(await screen.findByRole('heading', { name: 'Checks' })).toBeInTheDocument();
    expect(scrollTo).toHaveBeenLastCalledWith(0, 0);

    scrollWindowTo(120);
    scrollTo.mockClear();
    await act(() => router.navigate(-1));
    expect(screen.getByRole('link', { name: 'Report 7' })).toBeInTheDocument();
    expect(scrollTo).toHaveBeenLastCalledWith(0, 640);

    scrollTo.mockClear();
    await act(() => router.navigate(1));
    expect(scrollTo).toHaveBeenLastCalledWith(0, 120);
  });

  it('leaves the page it mounts on where it is: it loads after the first rows, maybe after a scroll', () => {
    const scrollTo = vi.spyOn(window, 'scrollTo');
    scrollWindowTo(480);
    setup();
    expect(scrollTo).not.toHaveBeenCalled();
  });

  it('takes the browser’s own restoring away, and gives it back when the app is gone', () => {
    const { unmount } = setup();
    expect(history.scrollRestoration).toBe('manual');
    unmount();
    expect(history.scrollRestoration).toBe('auto');
  });

  it('keeps positions for a reload in sessionStorage', async () => {
    const { user } = setup();
    scrollWindowTo(300);
    await user.click(screen.getByRole('link', { name: 'Report 7' }));
    window.dispatchEvent(new PageTransitionEvent('pagehide'));
    const saved = JSON.parse(sessionStorage.getItem('seo-dashboard.scroll-positions') ?? '{}') as Record<
      string,
      number
    >;
    expect(Object.values(saved)).toContain(300);
  });

  it('scrolls to the element a #hash names', async () => {
    const scrollIntoView = vi.spyOn(Element.prototype, 'scrollIntoView');
    const scrollTo = vi.spyOn(window, 'scrollTo');
    const { user } = setup();
    scrollTo.mockClear();
    await user.click(screen.getByRole('link', { name: "Report 7's checks" }));
    expect(await screen.findByRole('heading', { name: 'Checks' })).toBeInTheDocument();
    expect(scrollIntoView.mock.contexts).toContain(screen.getByRole('heading', { name: 'Checks' }));
    expect(scrollTo).not.toHaveBeenCalled();
  });
});
