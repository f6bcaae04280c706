import { useProjectEntry } from './actions';
import {
  accept,
  hasSetAside,
  NO_CHECK_SETTINGS,
  switchOff,
  switchOn,
  unaccept,
  type CheckSettings,
} from './check-settings';
import { changeEntry, type ProjectEntry } from './model';
import { workspaceStore } from './store';

/**
 * The analyst's changes to a project's check settings, for every tab, one transaction each. Each
 * has its undo (switch on, unaccept), which the screens offer right after it and in the list of
 * what is set aside.
 */

/** A project's check settings (none set aside when the analyst has set nothing). */
export const checkSettingsOf = (entry: ProjectEntry): CheckSettings => entry.checks ?? NO_CHECK_SETTINGS;

/** The project's check settings, following every tab; `loaded` false until the device answered. */
export function useCheckSettings(project: string): { loaded: boolean; settings: CheckSettings } {
  const { loaded, entry } = useProjectEntry(project);
  return { loaded, settings: checkSettingsOf(entry) };
}

function changeChecks(project: string, change: (settings: CheckSettings) => void): Promise<void> {
  return workspaceStore().change((draft) =>
    changeEntry(draft, project, (entry) => {
      entry.checks ??= { off: [], accepted: [] };
      change(entry.checks);
      // Nothing left set aside: no field, as a project that never had one (and its file says so).
      if (!hasSetAside(entry.checks)) delete entry.checks;
    }),
  );
}

/** Switches a check off for the project ("not relevant here"), with an optional reason. */
export const switchCheckOff = (project: string, check: string, reason = '', at = new Date()) =>
  changeChecks(project, (settings) => switchOff(settings, check, reason, at));

/** Counts a check again on every page of the project. */
export const switchCheckOn = (project: string, check: string) =>
  changeChecks(project, (settings) => switchOn(settings, check));

/** Accepts a check failing on one page (its pageKey), with a note. */
export const acceptFailure = (project: string, check: string, page: string, note = '', at = new Date()) =>
  changeChecks(project, (settings) => accept(settings, check, page, note, at));

/** Counts a check again on a page where it was accepted. */
export const unacceptFailure = (project: string, check: string, page: string) =>
  changeChecks(project, (settings) => unaccept(settings, check, page));
