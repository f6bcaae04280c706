import { queryOptions, skipToken } from '@tanstack/react-query';
import type { ReportId } from '../../api';
import type { DuplicateCheck } from '../../api/write-outcomes';
import { reportQueries } from './queries';

/**
 * What the look for a second report found after this report was stored here (a request the
 * browser sent twice, decision 64). Set by the store (the form, a bulk create), read by the
 * report's page and the job's item; never fetched, so a reload forgets it. A module of its own,
 * not a key of reportQueries, so that the reports list's first paint does not carry it.
 */
export const duplicateQueries = {
  of: (id: ReportId) =>
    queryOptions<DuplicateCheck>({
      queryKey: [...reportQueries.all(), 'duplicates', id] as const,
      queryFn: skipToken,
      staleTime: Infinity,
      gcTime: Infinity,
    }),
};
