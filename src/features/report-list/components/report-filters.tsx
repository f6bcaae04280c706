import { useState } from 'react';
import { useLingui } from '@lingui/react/macro';
import { RATINGS, REPORT_SORT_KEYS, type ReportListParams, type ReportSortKey, type SortDirection } from '../../../api';
import { lazyPart } from '../../../components/lazy-part';
import { PerPageSelect, SearchBox, SortSelect } from '../../../components/list-controls';
import { useCatalog } from '../../../lib/i18n/use-catalog';
import { ratingRangeLabel } from '../../../lib/rating';
import { reportListState, searchAsStored } from '../../reports';
import { reportListCatalog } from '../catalog';
import type { ProjectFilterProps } from './project-combobox';

interface FiltersProps {
  params: ReportListParams;
  onChange: (change: Partial<ReportListParams>) => void;
  /** Hidden on a project's page, where the project is fixed. */
  showProjectFilter: boolean;
}

/**
 * The project filter's combobox loads apart from the first paint (docs/decisions/0035), with the
 * filters; until its code is here the same box shows the chosen project, and a person who
 * focuses it meanwhile finds the combobox focused when it comes.
 */
const ProjectFilter = lazyPart(async () => (await import('./project-combobox')).ProjectCombobox, {
  placeholder: ProjectFilterPlace,
});
function ProjectFilterPlace({ value, onFocusEarly }: ProjectFilterProps) {
  useCatalog(reportListCatalog);
  const { t } = useLingui();
  return (
    <div className="filter">
      <label htmlFor="report-project">{t`Project`}</label>
      <input
        id="report-project"
        type="text"
        value={value}
        placeholder={t`All projects`}
        readOnly
        onFocus={onFocusEarly}
      />
    </div>
  );
}

export function ReportFilters({ params, onChange, showProjectFilter }: FiltersProps) {
  useCatalog(reportListCatalog);
  const { t } = useLingui();
  const sortLabels: Record<ReportSortKey, Record<SortDirection, string>> = {
    id: { desc: t`Newest first`, asc: t`Oldest first` },
    generated_at: { desc: t`Generated: newest first`, asc: t`Generated: oldest first` },
    url: { asc: t`URL: A to Z`, desc: t`URL: Z to A` },
    result: { desc: t`Result: best first`, asc: t`Result: worst first` },
  };
  const shown = reportListState.shown(params);
  const [focusedEarly, setFocusedEarly] = useState(false);
  return (
    <div className="filters" role="search" aria-label={t`Filter reports`}>
      <SearchBox
        id="report-search"
        label={t`Search URLs`}
        placeholder={t({
          message: 'e.g. /blog',
          comment: 'An example of what to type in the URL search: a part of an address',
        })}
        value={params.search ?? ''}
        normalise={searchAsStored}
        onCommit={(search) => onChange({ search })}
      />
      {showProjectFilter ? (
        <ProjectFilter
          value={params.project ?? ''}
          onCommit={(project) => onChange({ project })}
          focusOnMount={focusedEarly}
          onFocusEarly={() => setFocusedEarly(true)}
        />
      ) : null}
      <div className="filter">
        <label htmlFor="report-result">{t`Result`}</label>
        <select
          id="report-result"
          value={params.result ?? ''}
          onChange={(event) => onChange({ result: RATINGS.find((r) => r === event.target.value) })}
        >
          <option value="">{t`All results`}</option>
          {RATINGS.map((rating) => (
            <option key={rating} value={rating}>
              {ratingRangeLabel(rating)}
            </option>
          ))}
        </select>
      </div>
      <SortSelect
        id="report-sort"
        keys={REPORT_SORT_KEYS}
        labels={sortLabels}
        ascendingFirst={['url']}
        sortBy={shown.sortBy}
        sort={shown.sort}
        onChange={(sortBy, sort) => onChange({ sortBy, sort })}
      />
      <PerPageSelect id="report-per-page" value={shown.perPage} onChange={(perPage) => onChange({ perPage })} />
    </div>
  );
}
