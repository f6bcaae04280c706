import { lazy, Suspense, useState, type ComponentType } from 'react';

/**
 * The one way to load a part of a page later (routes have their own `lazy`): UI that most visits
 * never show (errors, banners, dialogs) or that waits for the first data (useFirstDataShown), so
 * that its code is not in the first paint. Its code loads the first time it renders, or at
 * `preload()`.
 */
interface LazyPartOptions<P> {
  /** Renders instead if the code cannot be loaded (offline, or a newer deployment removed the
   * file), so that a failure still has words on screen. Nothing by default. */
  fallback?: ComponentType<P>;
  /** Renders while the code loads, for a part that must keep its place (e.g. a filter's box). */
  placeholder?: ComponentType<P>;
}

/** A lazily loaded component; `preload()` loads its code ahead of its first render. */
export type LazyPart<P> = ComponentType<P> & { preload: () => Promise<unknown> };

export function lazyPart<P extends object>(
  load: () => Promise<ComponentType<P>>,
  { fallback: Fallback = () => null, placeholder: Placeholder }: LazyPartOptions<P> = {},
): LazyPart<P> {
  let loaded: ComponentType<P> | undefined;
  const loadCode = () =>
    load().then((component) => {
      loaded = component;
      return component;
    });
  const Loaded = lazy(() =>
    loadCode().then(
      (component) => ({ default: component }),
      () => ({ default: Fallback }),
    ),
  );
  function Part(props: P) {
    // Code already in renders at once, without a pass through Suspense. Decided once per mount,
    // so that the tree keeps its shape (and its state) when the code arrives meanwhile.
    const [Ready] = useState(() => loaded);
    if (Ready) return <Ready {...props} />;
    return (
      <Suspense fallback={Placeholder ? <Placeholder {...props} /> : null}>
        <Loaded {...props} />
      </Suspense>
    );
  }
  Part.preload = loadCode;
  return Part;
}

/** What a lazy part shows when even its code is out of reach. */
export function UnavailablePart() {
  return (
    <div className="state state--error" role="alert">
      <p>This part could not be loaded: check the connection, then reload.</p>
      <button type="button" className="button" onClick={() => window.location.reload()}>
        Reload
      </button>
    </div>
  );
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
