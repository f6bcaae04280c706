/**
 * Text from the service is shown, never obeyed. Bidirectional control characters (e.g. U+202E,
 * RIGHT-TO-LEFT OVERRIDE) would reorder the text around them, so they are replaced by a visible
 * mark naming them; and a value may be hundreds of kilobytes, so views cut it.
 */
const BIDI_CONTROLS = /[\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069]/g;

export function hasBidiControls(value: string): boolean {
  return value.search(BIDI_CONTROLS) >= 0;
}

/** "abc\u202Edef" → "abc⟨U+202E⟩def". */
export function showBidiControls(value: string): string {
  return value.replace(
    BIDI_CONTROLS,
    (char) => `⟨U+${char.charCodeAt(0).toString(16).toUpperCase().padStart(4, '0')}⟩`,
  );
}

/** Longer values are cut for display, with a way to see all. */
export const DISPLAY_LIMIT = 300;

export function cutForDisplay(value: string, limit = DISPLAY_LIMIT): { text: string; cut: boolean } {
  // Cut on a code point boundary, not in the middle of a surrogate pair.
  if (value.length <= limit) return { text: value, cut: false };
  const end = /[\uD800-\uDBFF]/.test(value.charAt(limit - 1)) ? limit - 1 : limit;
  return { text: value.slice(0, end), cut: true };
}

/**
 * A value from the service where there is no room for "Show all" (a table cell, a link): bidi
 * controls visible, cut at `limit` with "…". Show it in a <bdi>; the whole value is elsewhere.
 */
export function shortText(value: string, limit = 200): string {
  const { text, cut } = cutForDisplay(value, limit);
  return showBidiControls(text) + (cut ? '…' : '');
}
