import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';
import { clearToasts } from '../../src/components/toast';

// CI machines have two cores shared by parallel test files: allow slow renders, not flaky fails.
configure({ asyncUtilTimeout: 5000 });

// jsdom has no layout, so there is nothing to scroll; the app's scroll restoration calls
// window.scrollTo on every navigation, which jsdom would otherwise report as "Not implemented"
// (and it has no scrollIntoView at all). tests/unit/scroll-restoration.test.tsx spies on both.
window.scrollTo = () => {};
Element.prototype.scrollIntoView = function scrollIntoView() {};

// jsdom's Blob (and so a chosen File) has no text(), which every browser has: read it as they do.
Blob.prototype.text ??= function text(this: Blob) {
  return new Promise<string>((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error ?? new Error('unreadable'));
    reader.readAsText(this);
  });
};

/**
 * jsdom reports what it cannot do (an unimplemented browser API, a script error, an unparsable
 * stylesheet) as a "jsdomError" on its virtual console, which Vitest's environment forwards to
 * the worker's own console: past the console.error spy in ./setup.ts, as bare lines in the run
 * output. Send them to console.error at the time they happen, so they fail the test that caused them.
 */
interface JsdomVirtualConsole {
  removeAllListeners(event: 'jsdomError'): void;
  on(event: 'jsdomError', listener: (error: Error) => void): void;
}
const { jsdom } = globalThis as { jsdom?: { virtualConsole: JsdomVirtualConsole } };
if (!jsdom) throw new Error('tests/helpers/setup-dom.ts expects the jsdom environment');
jsdom.virtualConsole.removeAllListeners('jsdomError');
jsdom.virtualConsole.on('jsdomError', (error) => console.error(`jsdom: ${error.message}`));

afterEach(() => {
  cleanup();
  clearToasts();
  localStorage.clear();
  sessionStorage.clear();
});
