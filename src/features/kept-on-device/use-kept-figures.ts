import { useCallback, useEffect, useState } from 'react';
import {
  browserEstimate,
  isStorageKept,
  subscribeKeptChanges,
  type BrowserEstimate,
  type Footprint,
} from '../device-storage';
import { KEPT_KINDS, type KeptKind } from './kept-kinds';

export interface KeptFigures {
  /** Each kind with what it holds; null where its store could not say. */
  kinds: { kind: KeptKind; footprint: Footprint | null }[];
  estimate: BrowserEstimate | undefined;
  /** Whether the browser promised to keep it; undefined where it cannot say. */
  kept: boolean | undefined;
}

async function readFigures(): Promise<KeptFigures> {
  const [kinds, estimate, kept] = await Promise.all([
    Promise.all(
      KEPT_KINDS.map(async (kind) => ({ kind, footprint: await kind.footprint().catch((): Footprint | null => null) })),
    ),
    browserEstimate(),
    isStorageKept(),
  ]);
  return { kinds, estimate, kept };
}

/**
 * The figures of what is kept, read when the part mounts and again after every change to the
 * stores, in this tab or another (one that removed what this one shows).
 */
export function useKeptFigures(): { figures: KeptFigures | undefined; refreshing: boolean; refresh: () => void } {
  const [read, setRead] = useState<{ figures: KeptFigures; version: number }>();
  const [version, setVersion] = useState(0);
  const refresh = useCallback(() => setVersion((n) => n + 1), []);
  useEffect(() => subscribeKeptChanges(refresh), [refresh]);
  useEffect(() => {
    let live = true;
    void readFigures().then((figures) => {
      if (live) setRead({ figures, version });
    });
    return () => {
      live = false;
    };
  }, [version]);
  return { figures: read?.figures, refreshing: read?.version !== version, refresh };
}
