// Sorting as the service's database does it: text compares case-insensitively (MySQL's
// default collation), and an unknown direction means descending.

export type SortDirection = 'asc' | 'desc';

export function parseSortDirection(raw: string | null): SortDirection {
  return raw === 'asc' ? 'asc' : 'desc';
}

export function compareText(a: string, b: string): number {
  const left = a.toLowerCase();
  const right = b.toLowerCase();
  return left < right ? -1 : left > right ? 1 : 0;
}
