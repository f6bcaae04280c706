import {
  Component,
  lazy,
  Suspense,
  useContext,
  useDeferredValue,
  useEffect,
  useState,
  type ComponentType,
  type ReactNode,
} from 'react';
import { FirstDataContext, useFirstDataShown } from './first-data';

/**
 * The one way to load a part of a page later (routes have their own `lazy`, and the route's error
 * page: docs/decisions/0095). A part is UI that most visits never show (errors, banners, dialogs)
 * or that can wait (for the first paint, for the first data): its code is not in the first paint.
 * Each part has its own boundary: when its code cannot be loaded (offline, or a newer deployment
 * removed the file), its place says so and offers to try again, and the rest of the app goes on.
 */

/**
 * When a part comes:
 * - `render`: the first time it renders (or at `preload()`);
 * - `after-paint`: in a second, interruptible pass after what is around it is committed, so that
 *   it delays neither the first screen nor input (below the fold of a large page);
 * - `after-first-data`: once the first data is on screen (useFirstDataShown), in a transition, so
 *   that its code does not compete with the first rows;
 * - `idle-after-first-data`: in an idle moment after that (mounting them with the first data made
 *   one long task).
 * A part asked for by a button comes on the first ask: `useLazyDialog`.
 */
export type PartTiming = 'render' | 'after-paint' | 'after-first-data' | 'idle-after-first-data';

interface LazyPartOptions<P> {
  /** When it comes; `render` by default. */
  when?: PartTiming;
  /** Renders until it comes and while its code loads, for a part that must keep its place. */
  placeholder?: ComponentType<P>;
  /** Renders instead if its code cannot be loaded, where the part has better words than
   * `PartUnavailable`'s (the session banners' "You are offline."). */
  fallback?: ComponentType<P & { retry: () => void }>;
}

/** A lazily loaded component; `preload()` loads its code ahead of its first render. */
export type LazyPart<P> = ComponentType<P> & { preload: () => Promise<unknown> };

/** A part's code could not be loaded: what its boundary catches (anything else goes on up). */
class PartNotLoaded extends Error {
  constructor(cause: unknown) {
    super('This part could not be loaded.', { cause });
  }
}

export function lazyPart<P extends object>(
  load: () => Promise<ComponentType<P>>,
  {
    when = 'render',
    placeholder: Placeholder = Nothing,
    fallback: Fallback = PartUnavailable,
  }: LazyPartOptions<P> = {},
): LazyPart<P> {
  let loaded: ComponentType<P> | undefined;
  let loading: Promise<ComponentType<P>> | undefined;
  const loadCode = () =>
    (loading ??= load().then(
      (component) => (loaded = component),
      (error: unknown) => {
        // The next render or preload asks again.
        loading = undefined;
        throw new PartNotLoaded(error);
      },
    ));
  // React.lazy keeps a rejected promise for good: trying again takes a new one.
  const fresh = () => lazy(() => loadCode().then((component) => ({ default: component })));
  let Loading = fresh();

  function Coming(props: P) {
    // Code already in renders at once, without a pass through Suspense. Decided once per mount,
    // so that the tree keeps its shape (and its state) when the code arrives meanwhile.
    const [Ready] = useState(() => loaded);
    const [attempt, setAttempt] = useState(0);
    if (Ready) return <Ready {...props} />;
    const Tried = Loading;
    const retry = () => {
      // Another instance of the part may have asked again already.
      if (Loading === Tried) Loading = fresh();
      setAttempt((n) => n + 1);
    };
    return (
      <PartBoundary key={attempt} fallback={<Fallback {...props} retry={retry} />}>
        <Suspense fallback={<Placeholder {...props} />}>
          <Tried {...props} />
        </Suspense>
      </PartBoundary>
    );
  }

  const useCome = timings[when];
  function Part(props: P) {
    return useCome() ? <Coming {...props} /> : <Placeholder {...props} />;
  }
  const Lazy = when === 'render' ? Coming : Part;
  return Object.assign(Lazy, { preload: loadCode });
}

/**
 * What a part whose code is already in (with its route) renders later, on the same timings as a
 * lazy part: a report's passed checks and runs come `after-paint`.
 */
export function Later({ when, children }: { when: PartTiming; children: ReactNode }) {
  // `when` is fixed for a given place, so the same hooks run on every render.
  const useCome = timings[when];
  return useCome() ? children : null;
}

/** What a part says in its place when its code cannot be loaded, with a way to try again. */
export function PartUnavailable({ retry }: { retry: () => void }) {
  return (
    <div className="state state--error" role="alert">
      <p>This part could not be loaded.</p>
      <button type="button" className="button" onClick={retry}>
        Try again
      </button>
    </div>
  );
}

interface PartBoundaryProps {
  fallback: ReactNode;
  children: ReactNode;
}

/** A part's own error boundary: a failed load stays in the part's place. */
class PartBoundary extends Component<PartBoundaryProps, { error: unknown }> {
  override state: { error: unknown } = { error: undefined };
  static getDerivedStateFromError(error: unknown) {
    return { error };
  }
  override render() {
    const { error } = this.state;
    if (error === undefined) return this.props.children;
    // A defect in the part itself is not a missing file: the route's error page says what happened.
    if (!(error instanceof PartNotLoaded)) throw error;
    return this.props.fallback;
  }
}

/** Runs `run` at the browser's next idle moment, within a second at the latest (in a task of its
 * own where the browser cannot say): each `import()` costs the main thread a moment. */
function whenIdle(run: () => void): void {
  if (typeof requestIdleCallback === 'function') requestIdleCallback(() => run(), { timeout: 1000 });
  else setTimeout(run, 1);
}

function Nothing() {
  return null;
}
function useAfterPaint() {
  return useDeferredValue(true, false);
}
function useIdleAfterFirstData() {
  const shown = useFirstDataShown();
  const [idle, setIdle] = useState(false);
  useEffect(() => {
    if (shown && !idle) whenIdle(() => setIdle(true));
  }, [shown, idle]);
  return idle;
}
const timings: Record<PartTiming, () => boolean> = {
  render: () => true,
  'after-paint': useAfterPaint,
  'after-first-data': useFirstDataShown,
  'idle-after-first-data': useIdleAfterFirstData,
};

/**
 * Loads code ahead of need in an idle moment once `after` has come (the first data on screen),
 * all of it in the same moment: what a failure shows, at hand when the network is not.
 */
export function preloadWhenIdle(after: Promise<unknown>, ...loads: (() => Promise<unknown>)[]): void {
  void after.then(() => whenIdle(() => void Promise.allSettled(loads.map((load) => load()))));
}

/** `preloadWhenIdle` after this page's first data, from a part that may need `load` later. */
export function usePreloadWhenIdle(load: () => Promise<unknown>): void {
  const firstData = useContext(FirstDataContext);
  useEffect(() => preloadWhenIdle(firstData.whenShown, load), [firstData, load]);
}

/**
 * A dialog that is a lazy part, opened by a button: its code is fetched as the pointer or focus
 * comes to the button, so that it opens at once, and it stays mounted from the first ask on, so
 * that closing it hands focus back to the button as a native dialog does. Spread `trigger` on the
 * button; render the dialog while `asked`.
 */
export function useLazyDialog(part: Pick<LazyPart<object>, 'preload'>) {
  const [asked, setAsked] = useState(false);
  const [open, setOpen] = useState(false);
  const preload = () => void part.preload().catch(() => undefined);
  return {
    asked,
    open,
    close: () => setOpen(false),
    trigger: {
      onPointerEnter: preload,
      onFocus: preload,
      onClick: () => {
        setAsked(true);
        setOpen(true);
      },
    },
  };
}
