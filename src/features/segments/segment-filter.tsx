import { useId } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { ApiText } from '../../components/api-text';
import { withSegment, type SegmentChoice } from './segment-view';

/**
 * The segment filter of a project's screens (its audit, an issue's pages, the change report):
 * one select in the address bar's `segment=`, and the words for what it asked that cannot be
 * shown. Nothing when the project has no segment and none is asked for.
 */
export function SegmentFilter({ choice }: { choice: SegmentChoice }) {
  const id = useId();
  const location = useLocation();
  const navigate = useNavigate();
  const { segments, active, notice } = choice;
  if (segments.length === 0 && !notice) return null;
  return (
    <div>
      {segments.length > 0 ? (
        <div className="filters no-print">
          <div className="filter">
            <label htmlFor={id}>Segment</label>
            <select
              id={id}
              value={active?.id ?? ''}
              onChange={(event) =>
                void navigate(withSegment(`${location.pathname}${location.search}`, event.target.value || null))
              }
            >
              <option value="">All pages</option>
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
          Only the pages of the segment <strong>{active.name}</strong> (<ApiText value={active.pattern} />) are counted
          below.
        </p>
      ) : null}
    </div>
  );
}
