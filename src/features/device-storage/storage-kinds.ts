/**
 * What the dashboard keeps on this device, kind by kind (the workspace, the kept audits, the
 * results before a re-analysis, the jobs): each kind says how much it holds. The list itself is
 * made where the stores are known (features/kept-on-device): this folder imports none of them,
 * since they import it to ask the browser to keep their data.
 */

/** How much a kind holds: its entries, and their size, roughly (the length of their JSON). */
export interface Footprint {
  entries: number;
  bytes: number;
}

export interface StorageKind {
  /** Stable: the marker of what was kept (./marker.ts) is filed by it. */
  id: string;
  /** What the analyst calls it ("Kept audits"). */
  label: string;
  /**
   * Whether its entries stay until the analyst removes them: a lasting kind that is suddenly
   * empty was removed by the browser. Jobs are not: they go when they are done.
   */
  lasting: boolean;
  footprint(): Promise<Footprint>;
  /** How many entries it holds, cheaper than `footprint()` where the kind can say so. */
  count?(): Promise<number>;
}

/** Entries per kind id. */
export type KeptCounts = Record<string, number>;

/** The entries of every kind, the cheap way where there is one; a kind that fails counts none. */
export async function countKept(kinds: readonly StorageKind[]): Promise<KeptCounts> {
  const counts = await Promise.all(
    kinds.map((kind) =>
      (kind.count ? kind.count() : kind.footprint().then((footprint) => footprint.entries)).catch(() => 0),
    ),
  );
  return Object.fromEntries(kinds.map((kind, i) => [kind.id, counts[i] ?? 0]));
}

/** The JSON length of a value: the size a kind reports, roughly what the browser stores. */
export function sizeOf(value: unknown): number {
  try {
    return JSON.stringify(value)?.length ?? 0;
  } catch {
    return 0;
  }
}
