import { useEffect, useId, useRef, useState } from 'react';
import { useLingui } from '@lingui/react/macro';
import { useCatalog } from '../lib/i18n/use-catalog';
import { sharedPartsCatalog } from './catalog';
import { usePreloadWhenIdle } from './lazy-part';

type Markdown = typeof import('../lib/markdown');

// The Markdown is written only when someone copies it: its code loads in an idle moment after
// the page shows, and is awaited on the click (at once, by then) so the copy stays in the gesture.
const loadMarkdown = () => import('../lib/markdown');

type Outcome = { kind: 'copied' } | { kind: 'refused'; text: string } | { kind: 'failed' };

interface CopyMarkdownProps {
  /** What is copied, for the button and the status: "the top issues", in the language on screen. */
  what: string;
  /** The Markdown, from the module's builders. */
  build: (markdown: Markdown) => string;
}

/**
 * "Copy as Markdown", for a ticket or a chat, with a status message. Where the browser refuses
 * the clipboard (permissions, an insecure page), the Markdown is shown selected, to copy by hand.
 */
export function CopyMarkdown({ what, build }: CopyMarkdownProps) {
  useCatalog(sharedPartsCatalog);
  const { t } = useLingui();
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const [busy, setBusy] = useState(false);
  const textId = useId();
  const text = useRef<HTMLTextAreaElement>(null);
  usePreloadWhenIdle(loadMarkdown);
  useEffect(() => {
    if (outcome?.kind === 'refused') {
      text.current?.focus();
      text.current?.select();
    }
  }, [outcome]);

  const copy = async () => {
    setBusy(true);
    let markdown: string;
    try {
      markdown = build(await loadMarkdown());
    } catch {
      setOutcome({ kind: 'failed' });
      setBusy(false);
      return;
    }
    try {
      if (!navigator.clipboard) throw new Error('no clipboard');
      await navigator.clipboard.writeText(markdown);
      setOutcome({ kind: 'copied' });
    } catch {
      setOutcome({ kind: 'refused', text: markdown });
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="copy-markdown no-print">
      <button type="button" className="button button--small" disabled={busy} onClick={() => void copy()}>
        {t({ message: `Copy ${what} as Markdown`, comment: 'what: what is copied, e.g. "the top issues"' })}
      </button>
      <span role="status" className="copy-markdown__status">
        {outcome?.kind === 'copied'
          ? t({
              message: `Copied ${what} as Markdown: paste them into a ticket or a chat.`,
              comment: 'what: what was copied, e.g. "the top issues"',
            })
          : outcome?.kind === 'refused'
            ? t`The browser did not let this page use the clipboard. The Markdown is below, selected: copy it with Ctrl+C or ⌘C.`
            : outcome?.kind === 'failed'
              ? t`Nothing was copied: the code for it could not be loaded. Check the connection, then try again.`
              : ''}
      </span>
      {outcome?.kind === 'refused' ? (
        <>
          <label htmlFor={textId} className="visually-hidden">
            {t({ message: `${what} as Markdown`, comment: 'what: what is copied, e.g. "the top issues"' })}
          </label>
          <textarea id={textId} ref={text} className="copy-markdown__text" readOnly rows={8} value={outcome.text} />
        </>
      ) : null}
    </div>
  );
}
