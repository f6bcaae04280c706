/**
 * Resolves in a task of its own, after what the browser has waiting (input first): long work
 * split at these points never blocks the page for its whole length.
 */
export const yieldToPage = () =>
  new Promise<void>((resolve) => {
    if (typeof MessageChannel === 'undefined') {
      setTimeout(resolve, 0);
      return;
    }
    // A message is not clamped like a nested setTimeout, and lets input events run first.
    const channel = new MessageChannel();
    channel.port1.onmessage = () => {
      channel.port1.close();
      resolve();
    };
    channel.port2.postMessage(null);
  });
