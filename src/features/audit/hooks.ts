import { useEffect, useMemo, useSyncExternalStore } from 'react';
import {
  cancelRead,
  getAuditEpoch,
  getAuditVersion,
  getProjectAuditState,
  getSummaries,
  isAuditOnItsWay,
  loadProject,
  refreshSummaries,
  shouldReadOnVisit,
  startRead,
  subscribeAudits,
  type ProjectAuditState,
} from './project-reader';
import type { ProjectSnapshot } from './types';

export interface ProjectAuditHandle extends ProjectAuditState {
  /** Reads the project: a refresh when something is kept, everything with `full`. */
  read: ProjectAuditState['read'];
  start: (options?: { full?: boolean }) => void;
  cancel: () => void;
}

/**
 * A project's audit as this page knows it. A visit looks at what the device kept, then refreshes
 * it (if not checked in the last 30 s) or, for a project never read and of at most 1,000
 * reports, reads it; a larger one waits for the person to ask, since it takes the request budget
 * for minutes. `reportCount` is the service's count, once known.
 */
export function useProjectAudit(project: string, reportCount: number | undefined): ProjectAuditHandle {
  const state = useSyncExternalStore(subscribeAudits, () => getProjectAuditState(project));
  const epoch = useSyncExternalStore(subscribeAudits, getAuditEpoch);
  useEffect(() => {
    void loadProject(project);
  }, [project, epoch]);
  useEffect(() => {
    if (shouldReadOnVisit(state, reportCount, Date.now())) void startRead(project);
  }, [state, reportCount, project]);
  return {
    ...state,
    start: (options) => void startRead(project, options),
    cancel: () => cancelRead(project),
  };
}

/**
 * One part of a project's audit state (its audit, its snapshot, a first read's partial audit…):
 * the component re-renders when that part changes, not at every page a read brings. The page's
 * visit (what useProjectAudit starts) is the project page's own; this only looks.
 */
export function useProjectAuditPart<K extends keyof ProjectAuditState>(project: string, part: K): ProjectAuditState[K] {
  return useSyncExternalStore(subscribeAudits, () => getProjectAuditState(project)[part]);
}

/** Whether the project's audit is on its way to the page (see isAuditOnItsWay), as it changes. */
export function useAuditOnItsWay(project: string, reportCount: number | null | undefined): boolean {
  return useSyncExternalStore(subscribeAudits, () => isAuditOnItsWay(getProjectAuditState(project), reportCount));
}

/** The summaries of every project read on this device, for the overview. */
export function useAuditSummaries() {
  const state = useSyncExternalStore(subscribeAudits, getSummaries);
  const epoch = useSyncExternalStore(subscribeAudits, getAuditEpoch);
  useEffect(() => {
    void refreshSummaries();
  }, [epoch]);
  return state;
}

/**
 * The reports read of one project, or of every project read on this device (`project`
 * undefined): what the reports list filters locally. `loading` until the device has answered.
 */
export function useReadSnapshots(project: string | undefined): { loading: boolean; snapshots: ProjectSnapshot[] } {
  const version = useSyncExternalStore(subscribeAudits, getAuditVersion);
  const summaries = useSyncExternalStore(subscribeAudits, getSummaries);
  const epoch = useSyncExternalStore(subscribeAudits, getAuditEpoch);
  useEffect(() => {
    if (project === undefined) void refreshSummaries();
    else void loadProject(project);
  }, [project, epoch]);
  const projects = useMemo(
    () => (project !== undefined ? [project] : summaries.summaries.map((summary) => summary.project)),
    [project, summaries],
  );
  useEffect(() => {
    if (project === undefined) projects.forEach((name) => void loadProject(name));
  }, [project, projects]);
  return useMemo(() => {
    void version; // the states below are read fresh on every change
    const states = projects.map(getProjectAuditState);
    const loading = (project === undefined && !summaries.loaded) || states.some((s) => s.snapshot === undefined);
    const snapshots = states.flatMap((s) => (s.snapshot ? [s.snapshot] : []));
    return { loading, snapshots };
  }, [version, projects, project, summaries]);
}
