import { useId } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { useLocation, useNavigate } from 'react-router';
import { ApiText } from '../../components/api-text';
import { useCatalog } from '../../lib/i18n/use-catalog';
import { segmentsCatalog } from './catalog';
import { withSegment, type SegmentChoice } from './segment-view';

/**
 * The segment filter's words and select (./segment-filter.tsx decides whether it shows): one
 * select in the address bar's `segment=`, and the words for what it asked that cannot be shown.
 */
export function SegmentSelect({ choice }: { choice: SegmentChoice }) {
  useCatalog(segmentsCatalog);
  const { t } = useLingui();
  const id = useId();
  const location = useLocation();
  const navigate = useNavigate();
  const { segments, active, notice } = choice;
  const activeName = active?.name;
  return (
    <div>
      {segments.length > 0 ? (
        <div className="filters no-print">
          <div className="filter">
            <label htmlFor={id}>{t`Segment`}</label>
            <select
              id={id}
              value={active?.id ?? ''}
              onChange={(event) =>
                void navigate(withSegment(`${location.pathname}${location.search}`, event.target.value || null))
              }
            >
              <option value="">{t`All pages`}</option>
              {segments.map((segment) => (
                <option key={segment.id} value={segment.id}>
                  {segment.name} ({segment.pattern})
                </option>
              ))}
            </select>
          </div>
        </div>
      ) : null}
      {notice ? (
        <p className="notice notice--warning" role="status">
          {notice}
        </p>
      ) : null}
      {active ? (
        <p className="field__hint">
          <Trans comment="The segment's name and, in brackets, its address pattern">
            Only the pages of the segment <strong>{activeName}</strong> (<ApiText value={active.pattern} />) are counted
            below.
          </Trans>
        </p>
      ) : null}
    </div>
  );
}
