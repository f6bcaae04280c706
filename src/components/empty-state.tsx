import type { ReactNode } from 'react';

/** Nothing to show, said plainly, with the way on (only pages loaded after the first rows use it). */
export function EmptyState({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <div className="state">
      <h2>{title}</h2>
      {children}
    </div>
  );
}
