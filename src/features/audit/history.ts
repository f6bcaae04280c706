import type { Importance } from '../../api';
import { toServiceUrl } from '../../lib/service-url';
import { checksOfRun, isNewerRun, latestRunPerUrl, rankOf, runToEnd } from './aggregate';
import type { ReadReport } from './types';

/**
 * A site over time, from the runs the audit keeps: the state of the site at a moment, what
 * changed between two states, and its health over time. Pure functions (the change report, the
 * health chart and what needs attention build on them), each rule tested on fixtures.
 *
 * The rule: a page's state at a moment is its latest run on or before that moment. Moments are
 * epoch milliseconds; a day picked by a person is `endOfDay('YYYY-MM-DD')`, in the browser's
 * time zone like every date the dashboard shows.
 *
 * A project of a thousand pages analysed three times is thousands of runs: each rule is written
 * as a generator that yields every few runs (`…Steps`), so that a screen can work it out in
 * slices that never block the page (`runInSlices`), and what a run says (its page, its moment,
 * its findings) is worked out once per run and kept beside it.
 */

/** Yields after this many runs or pages: well under a millisecond each, even on a slow phone. */
const STEP = 50;

// ---------------------------------------------------------------------------------------------
// A page across runs

/**
 * A page's identity across runs: its address with no scheme, `www.`, trailing slash or fragment,
 * and its host in lower case. The service stores addresses cleaned, but not every version did, and
 * a page stored as "https://www.a.example/blog/" in one run and "a.example/blog" in the next is
 * one page, not a gone page and a new one.
 */
export function pageKey(url: string): string {
  const cleaned = toServiceUrl(url.replace(/#.*$/, '')) ?? url.trim();
  const cut = cleaned.search(/[/?]/);
  const host = (cut < 0 ? cleaned : cleaned.slice(0, cut)).toLowerCase().replace(/^www\./, '');
  const rest = cut < 0 ? '' : cleaned.slice(cut).replace(/\/+(?=\?|$)/, '');
  return host + rest;
}

/**
 * The latest run of each URL (the pages of the audit's score) with its page key and its checks
 * as a score needs them (null: not kept): what the adjusted score of the check settings reads.
 */
export function pagesWithChecks(
  reports: readonly ReadReport[],
): { page: string; checks: ReturnType<typeof checksOfRun> }[] {
  return latestRunPerUrl(reports).map((run) => ({ page: pageKey(run.url), checks: checksOfRun(run) }));
}

/** When a run happened (generated, else created), or null when it says neither readably. */
export function runTime(run: ReadReport): number | null {
  const iso = run.generatedAt ?? run.createdAt;
  const time = iso === null ? NaN : Date.parse(iso);
  return Number.isNaN(time) ? null : time;
}

/**
 * A run's page and moment, worked out once per run: every state, comparison and chart asks for
 * them again, and parsing an address and a date thousands of times is most of their work. Runs
 * are not changed in place (a write or a read brings new objects), so a run's facts never go
 * stale, and they go with it.
 */
interface RunFacts {
  key: string;
  time: number | null;
}
const factsOfRuns = new WeakMap<ReadReport, RunFacts>();
function factsOf(run: ReadReport): RunFacts {
  let facts = factsOfRuns.get(run);
  if (!facts) factsOfRuns.set(run, (facts = { key: pageKey(run.url), time: runTime(run) }));
  return facts;
}

/** isNewerRun for two dated runs, from their kept moments: by moment, then as isNewerRun orders ties (by id). */
function isNewerDated(a: ReadReport, b: ReadReport): boolean {
  const difference = (factsOf(a).time as number) - (factsOf(b).time as number);
  return difference !== 0 ? difference > 0 : isNewerRun(a, b);
}

// ---------------------------------------------------------------------------------------------
// Days, as a person picks them

const DAY_PATTERN = /^(\d{4})-(\d{2})-(\d{2})$/;

/** "2026-11-26" → its local midnight, or null for anything that is not a real calendar day. */
export function startOfDay(day: string): number | null {
  const match = DAY_PATTERN.exec(day);
  if (!match) return null;
  const [year, month, date] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const start = new Date(year, month - 1, date);
  // new Date(2026, 1, 30) is March 2nd: a day that does not exist is not a day.
  if (start.getFullYear() !== year || start.getMonth() !== month - 1 || start.getDate() !== date) return null;
  return start.getTime();
}

/** The last millisecond of a day ("on or before the 26th" includes the whole 26th), or null. */
export function endOfDay(day: string): number | null {
  const start = startOfDay(day);
  if (start === null) return null;
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  // The next local midnight, not start + 24 h: a day with a clock change is 23 or 25 hours.
  return new Date(year, month - 1, date + 1).getTime() - 1;
}

/** The local day of a moment, "2026-11-26". */
export function dayOf(time: number): string {
  const date = new Date(time);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/** The days on which the project has runs, oldest first. */
export function runDays(reports: readonly ReadReport[]): string[] {
  const times = new Set<number>();
  for (const run of reports) {
    const { time } = factsOf(run);
    if (time !== null) times.add(time);
  }
  const days = new Set<string>();
  for (const time of times) days.add(dayOf(time));
  return [...days].sort();
}

// ---------------------------------------------------------------------------------------------
// The state of a site at a moment

export interface SiteState {
  /** The moment (epoch ms): runs on or before it count. */
  at: number;
  /** Each page (by `pageKey`) and its latest run on or before `at`. */
  pages: ReadonlyMap<string, ReadReport>;
  /** Runs without a readable date: in no state, counted so that they can be told. */
  undated: number;
}

export interface Health {
  /** The average score of the pages' runs that have one; null when none has. */
  average: number | null;
  pages: number;
  /** Pages whose run has a score (the average's pages). */
  scored: number;
  /** Pages whose run has no score: left out of the average. */
  unscored: number;
}

/** Each page's latest run on or before `at`. */
export function stateAt(reports: readonly ReadReport[], at: number): SiteState {
  return runToEnd(stateAtSteps(reports, at));
}

/** stateAt, yielding every few runs. */
export function* stateAtSteps(reports: readonly ReadReport[], at: number): Generator<void, SiteState> {
  const pages = new Map<string, ReadReport>();
  let undated = 0;
  for (let i = 0; i < reports.length; i += 1) {
    if (i % STEP === STEP - 1) yield;
    const run = reports[i] as ReadReport;
    const { key, time } = factsOf(run);
    if (time === null) {
      undated += 1;
      continue;
    }
    if (time > at) continue;
    const seen = pages.get(key);
    if (!seen || isNewerDated(run, seen)) pages.set(key, run);
  }
  return { at, pages, undated };
}

/** The health of a state: the average score of each page's run, runs with no score left out. */
export function healthOf(state: Pick<SiteState, 'pages'>): Health {
  let sum = 0;
  let scored = 0;
  for (const run of state.pages.values()) {
    if (run.score === null) continue;
    sum += run.score;
    scored += 1;
  }
  const pages = state.pages.size;
  return { average: scored > 0 ? sum / scored : null, pages, scored, unscored: pages - scored };
}

// ---------------------------------------------------------------------------------------------
// What changed between two states

export interface PageChange {
  key: string;
  /** As the newer of its two runs spells it. */
  url: string;
  before: ReadReport | null;
  after: ReadReport | null;
  /** `kept`: in both states; `new`: only after; `gone`: only before. */
  status: 'kept' | 'new' | 'gone';
  /** after − before; null unless both runs have a score. */
  scoreChange: number | null;
  /** Checks failing after that did not before (kept pages only), most important first. */
  newlyFailing: string[];
  /** Checks failing before that pass after (kept pages only), most important first. */
  fixed: string[];
  /** Checks failing in both runs. */
  stillFailing: string[];
  /**
   * Checks failing in one run whose outcome the other run does not tell (of a shape we cannot
   * read, or a run without a score or findings): neither fixed nor new, and said so.
   */
  unclear: string[];
  /** The same run in both states: the page was not analysed again in between. */
  notRerun: boolean;
}

export interface CheckChange {
  check: string;
  /** The highest importance either run gave it; null when the service never said. */
  importance: Importance | null;
  newlyFailing: PageChange[];
  fixed: PageChange[];
  stillFailing: PageChange[];
  unclear: PageChange[];
  /** New pages on which it fails. */
  onNewPages: PageChange[];
  /** Gone pages on which it failed. */
  onGonePages: PageChange[];
}

export interface StateComparison {
  before: { at: number; health: Health; undated: number };
  after: { at: number; health: Health; undated: number };
  /** after − before; null unless both have a health. */
  healthChange: number | null;
  /** Every check that fails in either state, most important first, then most newly failing. */
  checks: CheckChange[];
  /**
   * Kept pages whose score or checks changed: the biggest drop first, then the biggest gain, then
   * those whose score cannot be compared (one run has none).
   */
  changed: PageChange[];
  /** Kept pages whose score and checks did not change, by address. */
  unchanged: PageChange[];
  newPages: PageChange[];
  gonePages: PageChange[];
  /** Pages in both states whose run is the same: nothing of them could change. */
  notRerun: number;
  /** Pages in both states. */
  kept: number;
}

type Outcome = 'failing' | 'passing' | 'unknown';

interface Findings {
  failing: Map<string, Importance | null>;
  unknown: Set<string>;
  /** Whether a check missing from its problems can be taken as passed. */
  complete: boolean;
}

/** Kept per run, like its facts: a run's findings are asked for by every comparison it is in. */
const findingsOfRuns = new WeakMap<ReadReport, Findings>();
function findingsOf(run: ReadReport): Findings {
  let findings = findingsOfRuns.get(run);
  if (!findings) findingsOfRuns.set(run, (findings = readFindings(run)));
  return findings;
}

function readFindings(run: ReadReport): Findings {
  const failing = new Map<string, Importance | null>();
  const unknown = new Set<string>();
  for (const check of run.problems) {
    if (check.passed === false) {
      const seen = failing.get(check.name);
      failing.set(check.name, seen === undefined || rankOf(check.importance) < rankOf(seen) ? check.importance : seen);
    } else unknown.add(check.name);
  }
  // The audit keeps only the checks that did not pass. A run without a score and without any
  // finding is one whose analysis gave nothing to read: it does not say that a check passed.
  return { failing, unknown, complete: !(run.score === null && run.problems.length === 0) };
}

function outcomeOf(findings: Findings, check: string): Outcome {
  if (findings.failing.has(check)) return 'failing';
  if (findings.unknown.has(check) || !findings.complete) return 'unknown';
  return 'passing';
}

const higherOf = (a: Importance | null, b: Importance | null) => (rankOf(a) <= rankOf(b) ? a : b);
const byName = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/** Compares two states of a site. Swapping them swaps newly failing and fixed, new and gone. */
export function compareStates(before: SiteState, after: SiteState): StateComparison {
  return runToEnd(compareStatesSteps(before, after));
}

/** compareStates, yielding every few pages. */
export function* compareStatesSteps(before: SiteState, after: SiteState): Generator<void, StateComparison> {
  const checks = new Map<string, CheckChange>();
  const checkOf = (name: string, importance: Importance | null) => {
    let change = checks.get(name);
    if (!change) {
      change = {
        check: name,
        importance,
        newlyFailing: [],
        fixed: [],
        stillFailing: [],
        unclear: [],
        onNewPages: [],
        onGonePages: [],
      };
      checks.set(name, change);
    } else change.importance = higherOf(change.importance, importance);
    return change;
  };

  const changed: PageChange[] = [];
  const unchanged: PageChange[] = [];
  const newPages: PageChange[] = [];
  const gonePages: PageChange[] = [];
  let notRerun = 0;
  let kept = 0;
  const keys = new Set([...before.pages.keys(), ...after.pages.keys()]);
  let done = 0;
  for (const key of keys) {
    done += 1;
    if (done % STEP === 0) yield;
    const a = before.pages.get(key) ?? null;
    const b = after.pages.get(key) ?? null;
    const newer = a && b ? (isNewerRun(a, b) ? a : b) : (a ?? b);
    const page: PageChange = {
      key,
      url: (newer as ReadReport).url,
      before: a,
      after: b,
      status: a && b ? 'kept' : b ? 'new' : 'gone',
      scoreChange: a && b && a.score !== null && b.score !== null ? b.score - a.score : null,
      newlyFailing: [],
      fixed: [],
      stillFailing: [],
      unclear: [],
      notRerun: a !== null && a === b,
    };
    const fa = a ? findingsOf(a) : null;
    const fb = b ? findingsOf(b) : null;
    if (!fa || !fb) {
      const only = (fa ?? fb) as Findings;
      for (const [name, importance] of only.failing) {
        const change = checkOf(name, importance);
        (fa ? change.onGonePages : change.onNewPages).push(page);
      }
      (fa ? gonePages : newPages).push(page);
      continue;
    }
    kept += 1;
    if (page.notRerun) notRerun += 1;
    const names = new Set([...fa.failing.keys(), ...fb.failing.keys()]);
    for (const name of names) {
      const was = outcomeOf(fa, name);
      const is = outcomeOf(fb, name);
      const change = checkOf(name, higherOf(fa.failing.get(name) ?? null, fb.failing.get(name) ?? null));
      if (was === 'failing' && is === 'failing') {
        page.stillFailing.push(name);
        change.stillFailing.push(page);
      } else if (was === 'failing' && is === 'passing') {
        page.fixed.push(name);
        change.fixed.push(page);
      } else if (was === 'passing' && is === 'failing') {
        page.newlyFailing.push(name);
        change.newlyFailing.push(page);
      } else {
        page.unclear.push(name);
        change.unclear.push(page);
      }
    }
    if (page.newlyFailing.length + page.fixed.length > 0 || a?.score !== b?.score) changed.push(page);
    else unchanged.push(page);
  }

  const importanceOfCheck = (name: string) => checks.get(name)?.importance ?? null;
  const byImportance = (x: string, y: string) =>
    rankOf(importanceOfCheck(x)) - rankOf(importanceOfCheck(y)) || byName(x, y);
  yield;
  for (const page of [...changed, ...newPages, ...gonePages]) {
    page.newlyFailing.sort(byImportance);
    page.fixed.sort(byImportance);
  }
  yield;
  const byKey = (x: PageChange, y: PageChange) => byName(x.key, y.key);
  for (const list of [unchanged, newPages, gonePages]) list.sort(byKey);
  yield;
  for (const change of checks.values()) {
    yield;
    for (const list of [
      change.newlyFailing,
      change.fixed,
      change.stillFailing,
      change.unclear,
      change.onNewPages,
      change.onGonePages,
    ])
      list.sort(byKey);
  }
  yield;
  // The biggest drop first; pages whose score cannot be compared after those whose can.
  changed.sort(
    (x, y) =>
      (x.scoreChange === null ? 1 : 0) - (y.scoreChange === null ? 1 : 0) ||
      (x.scoreChange ?? 0) - (y.scoreChange ?? 0) ||
      byKey(x, y),
  );

  const healthBefore = healthOf(before);
  const healthAfter = healthOf(after);
  return {
    before: { at: before.at, health: healthBefore, undated: before.undated },
    after: { at: after.at, health: healthAfter, undated: after.undated },
    healthChange:
      healthBefore.average !== null && healthAfter.average !== null ? healthAfter.average - healthBefore.average : null,
    checks: [...checks.values()].sort(
      (x, y) =>
        rankOf(x.importance) - rankOf(y.importance) ||
        y.newlyFailing.length + y.onNewPages.length - (x.newlyFailing.length + x.onNewPages.length) ||
        y.stillFailing.length - x.stillFailing.length ||
        byName(x.check, y.check),
    ),
    changed,
    unchanged,
    newPages,
    gonePages,
    notRerun,
    kept,
  };
}

// ---------------------------------------------------------------------------------------------
// Health over time

export type HealthGrouping = 'week' | 'run';

export interface HealthPoint {
  /** The period: its first day (a Monday for weeks) and its last, "YYYY-MM-DD". */
  from: string;
  to: string;
  /** The end of the period (epoch ms): the health is the state's at that moment. */
  at: number;
  /** Runs in the period. */
  runs: number;
  health: Health;
}

/** Up to this many days with runs, the chart shows each day; beyond, each week. */
export const RUN_DAYS_SHOWN_ONE_BY_ONE = 16;

/** By run day for a project analysed on few days, else by week. */
export function healthGrouping(reports: readonly ReadReport[]): HealthGrouping {
  return runDays(reports).length <= RUN_DAYS_SHOWN_ONE_BY_ONE ? 'run' : 'week';
}

/** The local Monday of a moment's week, "YYYY-MM-DD". */
function mondayOf(time: number): string {
  const date = new Date(time);
  date.setDate(date.getDate() - ((date.getDay() + 6) % 7));
  return dayOf(date.getTime());
}

/** "2026-11-26" + 5 → "2026-12-01", by calendar days (a clock change does not shift it). */
export function addDays(day: string, days: number): string {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  return dayOf(new Date(year, month - 1, date + days).getTime());
}

/**
 * The project's health at the end of each period that has runs (each week, or each day with
 * runs), oldest first: one pass over the runs in time order, so that a project of thousands of
 * runs is charted in a few milliseconds.
 */
export function healthOverTime(reports: readonly ReadReport[], { by }: { by: HealthGrouping }): HealthPoint[] {
  return runToEnd(healthOverTimeSteps(reports, { by }));
}

/** healthOverTime, yielding every few runs. */
export function* healthOverTimeSteps(
  reports: readonly ReadReport[],
  { by }: { by: HealthGrouping },
): Generator<void, HealthPoint[]> {
  const dated: { run: ReadReport; time: number; key: string }[] = [];
  for (let i = 0; i < reports.length; i += 1) {
    if (i % STEP === STEP - 1) yield;
    const run = reports[i] as ReadReport;
    const { time, key } = factsOf(run);
    if (time !== null) dated.push({ run, time, key });
  }
  yield;
  // Oldest first, so that the last run applied to a page is its latest; runs of the same moment
  // are ordered as isNewerRun orders them (by id), which it is only asked to do for those.
  dated.sort((x, y) => x.time - y.time || (isNewerRun(x.run, y.run) ? 1 : isNewerRun(y.run, x.run) ? -1 : 0));
  yield;

  const latest = new Map<string, ReadReport>();
  let sum = 0;
  let scored = 0;
  const points: HealthPoint[] = [];
  let i = 0;
  while (i < dated.length) {
    const first = (dated[i] as { time: number }).time;
    const from = by === 'week' ? mondayOf(first) : dayOf(first);
    const to = by === 'week' ? addDays(from, 6) : from;
    const at = endOfDay(to) as number;
    let runs = 0;
    for (; i < dated.length && (dated[i] as { time: number }).time <= at; i += 1) {
      if (i % STEP === STEP - 1) yield;
      const { run, key } = dated[i] as { run: ReadReport; key: string };
      runs += 1;
      const seen = latest.get(key);
      if (seen && !isNewerDated(run, seen)) continue;
      if (seen?.score != null) {
        sum -= seen.score;
        scored -= 1;
      }
      if (run.score !== null) {
        sum += run.score;
        scored += 1;
      }
      latest.set(key, run);
    }
    const pages = latest.size;
    points.push({
      from,
      to,
      at,
      runs,
      health: { average: scored > 0 ? sum / scored : null, pages, scored, unscored: pages - scored },
    });
  }
  return points;
}
