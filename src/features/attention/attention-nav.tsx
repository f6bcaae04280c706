import { useEffect, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Plural } from '@lingui/react/macro';
import { useCatalog } from '../../lib/i18n/use-catalog';
import { overviewCatalog } from './catalog';
import { runDuePlans } from './plan-runs';
import { useAttention } from './use-attention';

/** Due plans are looked for this often while a tab is open. */
const PLAN_CHECK_MS = 60_000;

/** The count's place before its code and data arrive: the same size, so nothing moves. */
function AttentionCountPlace() {
  return <span className="nav-count" aria-hidden="true" />;
}

/**
 * Beside the navigation's Overview link, after the first data: how many items of the Needs
 * attention list are new; and, while this tab is open, the automatic plans that fall due.
 */
export function AttentionNav() {
  useCatalog(overviewCatalog);
  const state = useAttention();
  const queryClient = useQueryClient();
  const [tick, setTick] = useState(0);
  useEffect(() => {
    const timer = setInterval(() => setTick((value) => value + 1), PLAN_CHECK_MS);
    return () => clearInterval(timer);
  }, []);
  const { loading, workspace, snapshots } = state;
  useEffect(() => {
    if (loading || !workspace.projects.some((entry) => entry.plan?.automatic && !entry.plan.paused)) return;
    void runDuePlans(queryClient, workspace.projects, snapshots, new Date()).catch(() => undefined);
  }, [loading, workspace, snapshots, queryClient, tick]);
  const count = state.attention?.items.length ?? 0;
  if (count === 0) return <AttentionCountPlace />;
  return (
    <span className="nav-count">
      <span className="nav-count__badge" aria-hidden="true">
        {count > 99 ? '99+' : count}
      </span>
      <span className="visually-hidden">
        <Plural value={count} one="# new item needs attention" other="# new items need attention" />
      </span>
    </span>
  );
}
