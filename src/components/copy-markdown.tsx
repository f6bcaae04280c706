import { useEffect, useId, useRef, useState } from 'react';
import type { Messages } from '@lingui/core';
import { useLingui } from '@lingui/react/macro';
import { messages as english } from '../lib/i18n/locales/en/markdown.po';
import { catalog } from '../lib/i18n/switch-language';
import { useCatalog } from '../lib/i18n/use-catalog';
import { usePreloadWhenIdle } from './lazy-part';

type Markdown = typeof import('../lib/markdown');

/**
 * Its words and the Markdown's (lib/markdown.ts, written in the language on screen): a catalog of
 * their own (lib/i18n/catalogs.ts), as only a report's page and an issue's pages copy.
 */
export const markdownCatalog = catalog(
  'markdown',
  english,
  import.meta.glob<{ messages: Messages }>([
    '../lib/i18n/locales/*/markdown.po',
    '!../lib/i18n/locales/en/markdown.po',
  ]),
);

// The Markdown is written only when someone copies it: its code loads in an idle moment after
// the page shows, and is awaited on the click (at once, by then) so the copy stays in the gesture.
const loadMarkdown = () => import('../lib/markdown');

type Outcome = { kind: 'copied' } | { kind: 'refused'; text: string } | { kind: 'failed' };

interface CopyMarkdownProps {
  /**
   * Its words, whole sentences in the language on screen (not a fragment slotted into one): the
   * button ("Copy the top issues as Markdown"), the status once copied, the name of the text shown
   * when the clipboard is refused ("The top issues as Markdown").
   */
  words: { copy: string; copied: string; text: string };
  /** The Markdown, from the module's builders. */
  build: (markdown: Markdown) => string;
}

/**
 * "Copy as Markdown", for a ticket or a chat, with a status message. Where the browser refuses
 * the clipboard (permissions, an insecure page), the Markdown is shown selected, to copy by hand.
 */
export function CopyMarkdown({ words, build }: CopyMarkdownProps) {
  useCatalog(markdownCatalog);
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
        {words.copy}
      </button>
      <span role="status" className="copy-markdown__status">
        {outcome?.kind === 'copied'
          ? words.copied
          : outcome?.kind === 'refused'
            ? t`The browser did not let this page use the clipboard. The Markdown is below, selected: copy it with Ctrl+C or ⌘C.`
            : outcome?.kind === 'failed'
              ? t`Nothing was copied: the code for it could not be loaded. Check the connection, then try again.`
              : ''}
      </span>
      {outcome?.kind === 'refused' ? (
        <>
          <label htmlFor={textId} className="visually-hidden">
            {words.text}
          </label>
          <textarea id={textId} ref={text} className="copy-markdown__text" readOnly rows={8} value={outcome.text} />
        </>
      ) : null}
    </div>
  );
}
