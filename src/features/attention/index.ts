/**
 * What needs attention (targets missed, new failures of high-importance checks, big drops since
 * the analyst last looked) and re-analysis plans, from the projects read on this device and the
 * analyst's workspace. The overview and a project's page show it; the shell shows the count of
 * new items and runs due plans (app/layout.tsx imports ./attention-nav itself).
 */
export { overviewCatalog } from './catalog';
export { NeedsAttention } from './needs-attention';
export { PlansOverview } from './plans-overview';
export { useAttention } from './use-attention';
