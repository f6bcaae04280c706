/**
 * Names, titles and addresses in the order a reader expects, without Intl: the first
 * `localeCompare` or `Intl.Collator` of a page loads the locale's data, a long task on a slow
 * phone (docs/decisions/0047). Letters are compared without case and accents
 * ("Ärzte" beside "arzt", "Blog" beside "blog"), then as written, so that the order is total.
 */
export function compareText(a: string, b: string): number {
  const foldedA = fold(a);
  const foldedB = fold(b);
  if (foldedA !== foldedB) return foldedA < foldedB ? -1 : 1;
  return a < b ? -1 : a > b ? 1 : 0;
}

// Accents come off by decomposing ("ä" → "a" + U+0308) and dropping the marks; ASCII has none.
const fold = (text: string) =>
  (/[^\0-\x7f]/.test(text) ? text.normalize('NFD').replace(/\p{M}/gu, '') : text).toLowerCase();
