import { useId, useState, type ReactNode } from 'react';
import { plural, t as translate } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import type { Check, Importance } from '../../../api';
import { ApiText } from '../../../components/api-text';
import { checksCatalog } from '../../../lib/check-catalog';
import { checkGuide, checkGuideCatalog } from '../../../lib/check-guide';
import {
  checkGroupOf,
  checkGroupTitle,
  checkTitle,
  describeCheckErrors,
  describeCheckValue,
  type ValueView,
} from '../../../lib/checks';
import { useCatalog } from '../../../lib/i18n/use-catalog';

/** "High importance": a check's importance in words, in the language on screen. */
function importanceInWords(importance: Importance | null): string {
  switch (importance) {
    case 'high':
      return translate`High importance`;
    case 'medium':
      return translate`Medium importance`;
    case 'low':
      return translate`Low importance`;
    default:
      return translate`Importance not given`;
  }
}
/** Long lists (image URLs, links) are cut here; the rest is one click away (and all in print). */
const SHOWN_ITEMS = 8;

/**
 * A button that shows or hides its content. The content stays in the page while hidden, so that
 * the print stylesheet can show everything (`.print-expand`), which a closed <details> cannot.
 */
export function Disclosure({
  label,
  className,
  children,
}: {
  label: (open: boolean) => ReactNode;
  className?: string;
  children: ReactNode;
}) {
  const [open, setOpen] = useState(false);
  const id = useId();
  return (
    <div className={className}>
      <button
        type="button"
        className="disclosure"
        aria-expanded={open}
        aria-controls={id}
        onClick={() => setOpen((value) => !value)}
      >
        {label(open)}
      </button>
      <div id={id} className="print-expand" hidden={!open}>
        {children}
      </div>
    </div>
  );
}

/** Values from the service, one per line, each inert and cut when long. */
function Items({ items }: { items: string[] }) {
  return (
    <ul className="check-value__list">
      {items.map((item, index) => (
        <li key={index}>
          <ApiText value={item} />
        </li>
      ))}
    </ul>
  );
}

function ItemList({ items }: { items: string[] }) {
  const { t } = useLingui();
  const rest = items.slice(SHOWN_ITEMS);
  const more = rest.length;
  return (
    <>
      <Items items={items.slice(0, SHOWN_ITEMS)} />
      {more > 0 ? (
        <Disclosure
          className="check-value__more"
          label={(open) => (open ? t`Show fewer` : plural(more, { one: '# more', other: '# more' }))}
        >
          <Items items={rest} />
        </Disclosure>
      ) : null}
    </>
  );
}

/**
 * A value as text only: whatever the service sends (markup, script URLs, bidi controls, a 300 kB
 * title) stays inert and short (ApiText).
 */
export function CheckValue({ view }: { view: ValueView }) {
  switch (view.kind) {
    case 'none':
      return <p className="check-value check-value--none">{view.text}</p>;
    case 'text':
      return (
        <p className="check-value">
          <ApiText value={view.text} />
        </p>
      );
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
                <dd>{pair.items ? <ItemList items={pair.items} /> : <ApiText value={pair.text ?? ''} />}</dd>
              </div>
            ))}
          </dl>
        </div>
      );
    case 'raw':
      return (
        <code className="check-value check-value--raw">
          <ApiText value={view.text} />
        </code>
      );
  }
}

type Status = 'passed' | 'failed' | 'unknown';
const statusOf = (check: Check): Status =>
  check.passed === true ? 'passed' : check.passed === false ? 'failed' : 'unknown';
const STATUS_MARK: Record<Status, string> = { passed: '✓', failed: '✗', unknown: '?' };

function statusInWords(status: Status): string {
  switch (status) {
    case 'passed':
      return translate({ message: 'Passed', comment: 'The outcome of one check' });
    case 'failed':
      return translate({ message: 'Failed', comment: 'The outcome of one check' });
    case 'unknown':
      return translate({ message: 'Unknown', comment: 'The outcome of one check' });
  }
}

/**
 * A number or yes/no found is already said by the problem line ("2.7 s, should be under 2 s"):
 * the value is shown again only when it adds something (a title, a list of images, counts).
 */
function valueAddsToProblems(value: unknown): boolean {
  return typeof value !== 'number' && typeof value !== 'boolean';
}

interface CheckItemProps {
  check: Check;
  headingLevel: 3 | 4;
  /** Issues name their group, which is not otherwise around them. */
  showGroup?: boolean;
  /** Failed checks say why they matter and how to fix them. */
  showGuide?: boolean;
}

/** One check: title, outcome, importance; for a failure what was found against what is expected. */
export function CheckItem({ check, headingLevel, showGroup = false, showGuide = false }: CheckItemProps) {
  useCatalog(checksCatalog, checkGuideCatalog);
  const { t, i18n } = useLingui();
  const titleId = useId();
  const Heading = headingLevel === 3 ? 'h3' : 'h4';
  const status = statusOf(check);
  const problems = describeCheckErrors(check, i18n);
  const guide = showGuide ? checkGuide(check.name, i18n) : null;
  const showValue = problems.length === 0 || valueAddsToProblems(check.value);
  return (
    <li className={`check check--${status}`} aria-labelledby={titleId}>
      <div className="check__head">
        <Heading id={titleId} className="check__title">
          {checkTitle(check.name, i18n)}
        </Heading>
        <span className={`check__status check__status--${status}`}>
          <span aria-hidden="true">{STATUS_MARK[status]} </span>
          {statusInWords(status)}
        </span>
        <span className={`check__importance check__importance--${check.importance ?? 'none'}`}>
          {importanceInWords(check.importance)}
        </span>
        {showGroup ? <span className="check__group">{checkGroupTitle(checkGroupOf(check.name), i18n)}</span> : null}
      </div>
      {problems.length > 0 ? (
        <ul className="check__problems" aria-label={t`Found against expected`}>
          {problems.map((problem, index) => (
            <li key={index}>{problem}</li>
          ))}
        </ul>
      ) : null}
      {showValue ? (
        <div className="check__value">
          <span className="check__value-label">{t`Found:`}</span>
          <CheckValue view={describeCheckValue(check.name, check.value, i18n)} />
        </div>
      ) : null}
      {guide ? (
        <dl className="check__guide">
          <div>
            <dt>{t`Why it matters`}</dt>
            <dd>{guide.why}</dd>
          </div>
          <div>
            <dt>{t`How to fix`}</dt>
            <dd>{guide.fix}</dd>
          </div>
        </dl>
      ) : null}
    </li>
  );
}
