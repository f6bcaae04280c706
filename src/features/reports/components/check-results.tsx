import { useId } from 'react';
import type { Check, Importance } from '../../../api';
import {
  checkTitle,
  describeCheckErrors,
  describeCheckValue,
  formatCheckSummary,
  groupChecks,
  summariseChecks,
  type ValueView,
} from '../../../lib/checks';

const IMPORTANCE_LABELS: Record<Importance, string> = { high: 'High', medium: 'Medium', low: 'Low' };
/** Long lists (image URLs, links) are cut here; the rest is one click away. */
const SHOWN_ITEMS = 8;

function ItemList({ items }: { items: string[] }) {
  const shown = items.slice(0, SHOWN_ITEMS);
  const rest = items.slice(SHOWN_ITEMS);
  return (
    <>
      <ul className="check-value__list">
        {shown.map((item, index) => (
          <li key={index}>{item}</li>
        ))}
      </ul>
      {rest.length > 0 ? (
        <details className="check-value__more">
          <summary>{rest.length} more</summary>
          <ul className="check-value__list">
            {rest.map((item, index) => (
              <li key={index}>{item}</li>
            ))}
          </ul>
        </details>
      ) : null}
    </>
  );
}

/** A value as text only: whatever the service sends (markup, script URLs) stays inert. */
export function CheckValue({ view }: { view: ValueView }) {
  switch (view.kind) {
    case 'none':
      return <p className="check-value check-value--none">{view.text}</p>;
    case 'text':
      return <p className="check-value">{view.text}</p>;
    case 'list':
      return (
        <div className="check-value">
          <ItemList items={view.items} />
        </div>
      );
    case 'pairs':
      return (
        <div className="check-value">
          {view.summary ? <p>{view.summary}</p> : null}
          <dl className="check-value__pairs">
            {view.pairs.map((pair, index) => (
              <div key={index}>
                <dt>{pair.label}</dt>
                <dd>{pair.items ? <ItemList items={pair.items} /> : pair.text}</dd>
              </div>
            ))}
          </dl>
        </div>
      );
    case 'raw':
      return <code className="check-value check-value--raw">{view.text}</code>;
  }
}

function statusText(passed: boolean | null): string {
  if (passed === true) return 'Passed';
  if (passed === false) return 'Failed';
  return 'Unknown';
}

function CheckItem({ check }: { check: Check }) {
  const titleId = useId();
  const problems = describeCheckErrors(check);
  const status = check.passed === true ? 'passed' : check.passed === false ? 'failed' : 'unknown';
  return (
    <li className={`check check--${status}`} aria-labelledby={titleId}>
      <div className="check__head">
        <h4 id={titleId} className="check__title">
          {checkTitle(check.name)}
        </h4>
        <span className={`check__status check__status--${status}`}>
          <span aria-hidden="true">{check.passed === true ? '✓ ' : check.passed === false ? '✗ ' : '? '}</span>
          {statusText(check.passed)}
        </span>
        <span className="check__importance">
          {check.importance ? `${IMPORTANCE_LABELS[check.importance]} importance` : 'Importance not given'}
        </span>
      </div>
      {problems.length > 0 ? (
        <ul className="check__problems" aria-label="Problems">
          {problems.map((problem, index) => (
            <li key={index}>{problem}</li>
          ))}
        </ul>
      ) : null}
      <div className="check__value">
        <span className="check__value-label">Found:</span>
        <CheckValue view={describeCheckValue(check.name, check.value)} />
      </div>
    </li>
  );
}

/** The check results in the service's groups, failed first, with a summary line. */
export function CheckResults({ checks }: { checks: Check[] }) {
  if (checks.length === 0) {
    return (
      <section className="check-results" aria-labelledby="check-results-title">
        <h2 id="check-results-title">Check results</h2>
        <p className="notice notice--info">This report has no results yet. Re-analyse the page to get them.</p>
      </section>
    );
  }
  const summary = summariseChecks(checks);
  return (
    <section className="check-results" aria-labelledby="check-results-title">
      <h2 id="check-results-title">Check results</h2>
      <p className="check-results__summary">{formatCheckSummary(summary)}.</p>
      {groupChecks(checks).map((group) => (
        <section key={group.id} className="check-group" aria-labelledby={`check-group-${group.id}`}>
          <h3 id={`check-group-${group.id}`}>
            {group.title}{' '}
            <span className="check-group__count">
              ({group.checks.filter((c) => c.passed === false).length} failed of {group.checks.length})
            </span>
          </h3>
          <ul className="check-list">
            {group.checks.map((check) => (
              <CheckItem key={check.name} check={check} />
            ))}
          </ul>
        </section>
      ))}
    </section>
  );
}
