import { lazy, Suspense, useState, type ComponentType } from 'react';

/**
 * UI that most visits never show (errors, banners, toasts) stays out of the first paint of
 * /reports: its code loads the first time it renders, or earlier, once the first data is on
 * screen (preloadDeferredParts), so that it is already here when the network is not.
 */
const loaders = new Set<() => Promise<unknown>>();

// Parts shown beside the first rows (the selection bar, the page jump, the stale markers, the
// project filter's combobox) ask for their code only once those rows are on screen: loaded in
// parallel with the first request, they would count in the first paint.
let openLaterParts = () => {};
const laterPartsOpen = new Promise<void>((resolve) => (openLaterParts = resolve));
/** The first data is on screen (or a person reached for a later part): later parts may load. */
export const showLaterParts = () => openLaterParts();

interface DeferredOptions<P> {
  /** Renders instead if the code cannot be loaded (offline, or a newer deployment removed the
   * file), so that a failure still has words on screen. Nothing by default. */
  fallback?: ComponentType<P>;
  /** Whether preloadDeferredParts loads it: not for what only some connections ever show. */
  preload?: boolean;
  /** Renders while the code loads, for a part that must be seen at once (e.g. a filter's box). */
  placeholder?: ComponentType<P>;
  /** Shown beside the first rows: asks for its code only after them (showLaterParts); its
   * placeholder shows until the code is here. */
  later?: boolean;
}

/** A deferred component; `preload()` loads its code ahead of its first render. */
export type DeferredComponent<P> = ComponentType<P> & { preload: () => Promise<unknown> };

/** A component whose code loads apart from the entry, on first render at the latest. */
export function deferred<P extends object>(
  load: () => Promise<ComponentType<P>>,
  { fallback: Fallback = () => null, preload = true, placeholder: Placeholder, later }: DeferredOptions<P> = {},
): DeferredComponent<P> {
  let loaded: ComponentType<P> | undefined;
  const loadCode = () =>
    load().then((component) => {
      loaded = component;
      return component;
    });
  if (preload) loaders.add(loadCode);
  const Loaded = lazy(async () => {
    if (later) await laterPartsOpen;
    return loadCode().then(
      (component) => ({ default: component }),
      () => ({ default: Fallback }),
    );
  });
  function Deferred(props: P) {
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
  Deferred.preload = loadCode;
  return Deferred;
}

/**
 * Loads every deferred part's code (each file once; a failure waits for the first real need),
 * one file per `turn` (e.g. whenIdle), so that the imports do not add up to one long task.
 */
export function preloadDeferredParts(turn: (run: () => void) => void = (run) => run()): Promise<unknown> {
  let previous = Promise.resolve();
  return Promise.allSettled(
    [...loaders].map((load) => {
      previous = previous.then(() => new Promise<void>((resolve) => turn(resolve)));
      return previous.then(load);
    }),
  );
}

/** What a deferred error shows when even its code is out of reach. */
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
