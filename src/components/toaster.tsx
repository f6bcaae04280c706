import { deferred } from './deferred';

// The messages and the code that shows them (./toast) load apart from the first paint: only
// pages that show a toast import it, and the layout loads it with them or once the data settles.
const ToastMessages = deferred(async () => (await import('./toast')).ToastMessages);

/** The toasts' live region: on the page from the start, so that screen readers announce what appears in it. */
export function Toaster() {
  return (
    <div className="toaster" role="status" aria-live="polite">
      <ToastMessages />
    </div>
  );
}
