import * as v from 'valibot';

/**
 * What every reader of data from outside the code (storage, files, other tabs) shares, on top of
 * valibot (docs/decisions/0094-one-schema-library.md). A reader is a schema next to the type it
 * produces: whatever is stored (garbage, another version's shape, hostile text) becomes a value
 * of that type, field by field and item by item, so one bad entry never costs the rest. Nothing
 * of this is in the first paint of /reports: the few readers there are written by hand and say so.
 */

/** What `schema` reads from `value`, or `otherwise` when it does not fit. */
export function readOr<T, F>(schema: v.GenericSchema<unknown, T>, value: unknown, otherwise: F): T | F {
  const read = v.safeParse(schema, value, { abortEarly: true });
  return read.success ? read.output : otherwise;
}

interface ListOptions<T> {
  /** How many of the stored items are looked at (the rest are left out unread); all when absent. */
  read?: number;
  /** How many are kept at most; as many as are read when absent. */
  keep?: number;
  /** An item is left out when one of its keys was an earlier item's (ids, names in any case). */
  keysOf?: (item: T) => readonly string[];
}

/**
 * A list read item by item: an item that does not fit, repeats an earlier one's key or comes
 * beyond the bounds is left out, never the whole list; anything but an array is an empty list.
 */
export function listOf<T>(item: v.GenericSchema<unknown, T>, { read, keep, keysOf }: ListOptions<T> = {}) {
  return v.fallback(
    v.pipe(
      v.array(v.unknown()),
      v.transform((items: unknown[]) => {
        const kept: T[] = [];
        const seen = new Set<string>();
        for (const value of items.slice(0, read)) {
          const result = v.safeParse(item, value, { abortEarly: true });
          if (!result.success) continue;
          const keys = keysOf?.(result.output) ?? [];
          if (keys.some((key) => seen.has(key))) continue;
          keys.forEach((key) => seen.add(key));
          kept.push(result.output);
          if (kept.length === keep) break;
        }
        return kept;
      }),
    ),
    // A new list each time: the reader's caller may change what it gets (a store's draft).
    (): T[] => [],
  );
}

/** A moment written in ISO (or anything Date.parse reads), of a sensible length. */
export const IsoTime = v.pipe(
  v.string(),
  v.check((time: string) => time.length <= 40 && !Number.isNaN(Date.parse(time))),
);
