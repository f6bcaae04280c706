import type { Check, Report } from '../../../api';
import { CopyMarkdown } from '../../../components/copy-markdown';
import { splitFindings, summariseChecks } from '../../../lib/checks';
import { checkGuide } from '../../../lib/check-guide';
import { CheckItem, Disclosure } from './check-item';
import { Later, lazyPart } from '../../../components/lazy-part';

/** Which checks are set aside in the report's project: after the report, most reports have none. */
const SetAsideNote = lazyPart(async () => (await import('../../set-aside')).SetAsideNote);

/** How to fix a check, where the guide knows the check. */
const knownFix = (name: string) => {
  const guide = checkGuide(name);
  return guide.known ? guide.fix : undefined;
};

function importanceBreakdown(issues: readonly Check[]): string {
  const { failed } = summariseChecks(issues);
  const parts = (['high', 'medium', 'low'] as const).filter((i) => failed[i] > 0).map((i) => `${failed[i]} ${i}`);
  if (failed.unknown > 0) parts.push(`${failed.unknown} unrated`);
  return parts.length > 0 ? `${parts.join(', ')} importance` : '';
}

/**
 * The findings, in the order an analyst works through them: every failed check of every group,
 * most important first, each with what to do; then checks of unknown outcome; then what passed,
 * folded per group (and unfolded in print).
 */
export function Findings({ report }: { report: Report }) {
  const { checks } = report;
  if (checks.length === 0) {
    return (
      <section className="findings" aria-labelledby="issues-title">
        <h2 id="issues-title">Top issues</h2>
        <p className="notice notice--info">This report has no results yet. Re-analyse the page to get them.</p>
      </section>
    );
  }
  const { issues, unknown, passed } = splitFindings(checks);
  const passedCount = passed.reduce((sum, group) => sum + group.checks.length, 0);
  return (
    <>
      <section className="findings" aria-labelledby="issues-title">
        <h2 id="issues-title">
          Top issues <span className="findings__count">({issues.length})</span>
        </h2>
        {issues.length > 0 ? (
          <>
            <p className="findings__summary">
              {issues.length} failed {issues.length === 1 ? 'check' : 'checks'} ({importanceBreakdown(issues)}), most
              important first.
            </p>
            <SetAsideNote project={report.project} url={report.url} checks={report.checks} />
            <CopyMarkdown what="the top issues" build={(markdown) => markdown.topIssuesMarkdown(report, knownFix)} />
            <ol className="check-list" aria-label="Failed checks, most important first">
              {issues.map((check) => (
                <CheckItem key={check.name} check={check} headingLevel={3} showGroup showGuide />
              ))}
            </ol>
          </>
        ) : (
          <p className="notice notice--success">No check failed.</p>
        )}
      </section>
      {unknown.length > 0 ? (
        <section className="findings" aria-labelledby="unknown-title">
          <h2 id="unknown-title">Outcome unknown ({unknown.length})</h2>
          <p>The service sent these results in a form this dashboard cannot judge. They are shown as sent.</p>
          <ul className="check-list">
            {unknown.map((check) => (
              <CheckItem key={check.name} check={check} headingLevel={3} showGroup showGuide />
            ))}
          </ul>
        </section>
      ) : null}
      {passedCount > 0 ? (
        <Later when="after-paint">
          <section className="findings findings--passed" aria-labelledby="passed-title">
            <h2 id="passed-title">Passed checks ({passedCount})</h2>
            {passed.map((group) => (
              <section key={group.id} className="check-group" aria-labelledby={`passed-${group.id}`}>
                <h3 id={`passed-${group.id}`} className="check-group__title">
                  {group.title}
                </h3>
                <Disclosure
                  label={(open) => `${open ? 'Hide' : 'Show'} ${group.checks.length} passed ${group.title} checks`}
                  className="check-group__body"
                >
                  <ul className="check-list">
                    {group.checks.map((check) => (
                      <CheckItem key={check.name} check={check} headingLevel={4} />
                    ))}
                  </ul>
                </Disclosure>
              </section>
            ))}
          </section>
        </Later>
      ) : null}
    </>
  );
}
