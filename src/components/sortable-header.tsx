import type { SortDirection } from '../api';

interface SortableHeaderProps {
  label: string;
  active: boolean;
  direction: SortDirection;
  onSort: () => void;
}

/** A column header that sorts, and says how the column is sorted to screen readers. */
export function SortableHeader({ label, active, direction, onSort }: SortableHeaderProps) {
  return (
    <th scope="col" aria-sort={active ? (direction === 'asc' ? 'ascending' : 'descending') : 'none'}>
      <button type="button" className="sort-button" onClick={onSort}>
        {label}
        <span aria-hidden="true" className="sort-button__icon">
          {active ? (direction === 'asc' ? '▲' : '▼') : '↕'}
        </span>
      </button>
    </th>
  );
}
