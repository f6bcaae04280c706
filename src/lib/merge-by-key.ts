/**
 * Merging entries that come from elsewhere (an imported file) into a list kept here, one rule for
 * every list: an incoming entry replaces the one with the same key, in its place, or is added at
 * the end; nothing kept here is deleted. The result says what each incoming entry did, so that a
 * preview can show it before anything changes.
 */

/** Equal as JSON-like data, whatever the order of the keys (a draft changed in place keeps its own order). */
export function sameValue(a: unknown, b: unknown): boolean {
  if (Object.is(a, b)) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  if (Array.isArray(a) && Array.isArray(b))
    return a.length === b.length && a.every((item, index) => sameValue(item, b[index]));
  const left = a as Record<string, unknown>;
  const right = b as Record<string, unknown>;
  const keys = Object.keys(left).filter((key) => left[key] !== undefined);
  return (
    keys.length === Object.keys(right).filter((key) => right[key] !== undefined).length &&
    keys.every((key) => sameValue(left[key], right[key]))
  );
}

export interface MergedByKey<T> {
  merged: T[];
  /** Incoming entries whose key was not here. */
  added: T[];
  /** Incoming entries that took the place of a different one with their key. */
  replaced: T[];
  /** Entries here that stay as they are: not in the incoming list, or the same there. */
  kept: number;
}

interface MergeRules<T> {
  /** The entry's key; null for an entry here that nothing may replace (e.g. one that no longer parses). */
  keyOf: (entry: T) => string | null;
  /** Whether an incoming entry is the same as the one here (then nothing changes). */
  same?: (here: T, incoming: T) => boolean;
  /** What takes the place of `here` (by default the incoming entry as it is). */
  replace?: (here: T, incoming: T) => T;
}

export function mergeByKey<T>(
  current: readonly T[],
  incoming: readonly T[],
  { keyOf, same = sameValue, replace = (_here, next) => next }: MergeRules<T>,
): MergedByKey<T> {
  const merged = [...current];
  const at = new Map<string, number>();
  current.forEach((entry, index) => {
    const key = keyOf(entry);
    if (key !== null && !at.has(key)) at.set(key, index);
  });
  const added: T[] = [];
  const replaced: T[] = [];
  const seen = new Set<string>();
  for (const entry of incoming) {
    const key = keyOf(entry);
    // The first incoming entry of a key counts; a repeat of it is not a second change.
    if (key === null || seen.has(key)) continue;
    seen.add(key);
    const index = at.get(key);
    const here = index === undefined ? undefined : merged[index];
    if (index === undefined || here === undefined) {
      merged.push(entry);
      added.push(entry);
    } else if (!same(here, entry)) {
      merged[index] = replace(here, entry);
      replaced.push(entry);
    }
  }
  return { merged, added, replaced, kept: current.length - replaced.length };
}
