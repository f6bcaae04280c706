import type { I18n } from '@lingui/core';
import { plural, t as translate } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import type { Check, Report } from '../../../api';
import { CopyMarkdown } from '../../../components/copy-markdown';
import { checksCatalog } from '../../../lib/check-catalog';
import { splitFindings, summariseChecks } from '../../../lib/checks';
import { checkGuide, checkGuideCatalog } from '../../../lib/check-guide';
import { CheckItem, Disclosure } from './check-item';
import { Later, lazyPart } from '../../../components/lazy-part';
import { useCatalog } from '../../../lib/i18n/use-catalog';

/** Which checks are set aside in the report's project: after the report, most reports have none. */
const SetAsideNote = lazyPart(async () => (await import('../../set-aside')).SetAsideNote);

/** How to fix a check, where the guide knows the check, in the words of `i18n` (the copied Markdown's). */
const knownFix = (name: string, i18n: I18n) => {
  const guide = checkGuide(name, i18n);
  return guide.known ? guide.fix : undefined;
};

/** "2 high, 1 low importance": the failed checks of each importance. */
function importanceBreakdown(issues: readonly Check[]): string {
  const { failed } = summariseChecks(issues);
  const { high, medium, low, unknown } = failed;
  const parts = [
    high > 0 ? translate({ message: `${high} high`, comment: 'Failed checks of high importance, in a list' }) : '',
    medium > 0
      ? translate({ message: `${medium} medium`, comment: 'Failed checks of medium importance, in a list' })
      : '',
    low > 0 ? translate({ message: `${low} low`, comment: 'Failed checks of low importance, in a list' }) : '',
    unknown > 0 ? translate({ message: `${unknown} unrated`, comment: 'Failed checks of no stated importance' }) : '',
  ].filter(Boolean);
  const list = parts.join(', ');
  return translate({ message: `${list} importance`, comment: 'The list is like “2 high, 1 low”' });
}

/** "3 failed checks (2 high, 1 low importance), most important first." */
function issuesInWords(issues: readonly Check[]): string {
  const breakdown = importanceBreakdown(issues);
  const count = issues.length;
  return plural(count, {
    one: `# failed check (${breakdown}), most important first.`,
    other: `# failed checks (${breakdown}), most important first.`,
  });
}

/** "Show 3 passed SEO checks", "Hide 3 passed SEO checks": the group's title as the service's groups are named. */
function passedToggle(open: boolean, count: number, group: string): string {
  return open
    ? plural(count, { one: `Hide # passed ${group} check`, other: `Hide # passed ${group} checks` })
    : plural(count, { one: `Show # passed ${group} check`, other: `Show # passed ${group} checks` });
}

/**
 * The findings, in the order an analyst works through them: every failed check of every group,
 * most important first, each with what to do; then checks of unknown outcome; then what passed,
 * folded per group (and unfolded in print).
 */
export function Findings({ report }: { report: Report }) {
  // The guide's too: the copied Markdown says how to fix each failed check.
  useCatalog(checksCatalog, checkGuideCatalog);
  const { t, i18n } = useLingui();
  const { checks } = report;
  if (checks.length === 0) {
    return (
      <section className="findings" aria-labelledby="issues-title">
        <h2 id="issues-title">{t`Top issues`}</h2>
        <p className="notice notice--info">{t`This report has no results yet. Re-analyse the page to get them.`}</p>
      </section>
    );
  }
  const { issues, unknown, passed } = splitFindings(checks, i18n);
  const passedCount = passed.reduce((sum, group) => sum + group.checks.length, 0);
  const unknownCount = unknown.length;
  return (
    <>
      <section className="findings" aria-labelledby="issues-title">
        <h2 id="issues-title">
          {t`Top issues`} <span className="findings__count">({issues.length})</span>
        </h2>
        {issues.length > 0 ? (
          <>
            <p className="findings__summary">{issuesInWords(issues)}</p>
            <SetAsideNote project={report.project} url={report.url} checks={report.checks} />
            <CopyMarkdown
              words={{
                copy: t`Copy the top issues as Markdown`,
                copied: t`Copied the top issues as Markdown: paste them into a ticket or a chat.`,
                text: t`The top issues as Markdown`,
              }}
              build={(markdown) => markdown.topIssuesMarkdown(report, (name) => knownFix(name, i18n), i18n)}
            />
            <ol className="check-list" aria-label={t`Failed checks, most important first`}>
              {issues.map((check) => (
                <CheckItem key={check.name} check={check} headingLevel={3} showGroup showGuide />
              ))}
            </ol>
          </>
        ) : (
          <p className="notice notice--success">{t`No check failed.`}</p>
        )}
      </section>
      {unknown.length > 0 ? (
        <section className="findings" aria-labelledby="unknown-title">
          <h2 id="unknown-title">{t`Outcome unknown (${unknownCount})`}</h2>
          <p>{t`The service sent these results in a form this dashboard cannot judge. They are shown as sent.`}</p>
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
            <h2 id="passed-title">{t`Passed checks (${passedCount})`}</h2>
            {passed.map((group) => (
              <section key={group.id} className="check-group" aria-labelledby={`passed-${group.id}`}>
                <h3 id={`passed-${group.id}`} className="check-group__title">
                  {group.title}
                </h3>
                <Disclosure
                  label={(open) => passedToggle(open, group.checks.length, group.title)}
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
