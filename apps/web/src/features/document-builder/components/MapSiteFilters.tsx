import { useEffect, useMemo, useState } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Alert, Button, Drawer, Spin } from 'antd';
import { DeleteOutlined, FilterOutlined } from '@ant-design/icons';
import { describeFilterValues, type FilterValues, type SearchFilter } from '@planning/shared';
import { requestFailureMessage } from '../../../platform/notices/errorNotice';
// The site search's own filter panel and helpers (/map, /table), so a map block's filters are
// built with the same fields, options and checks as a search.
import { fetchSiteSearchConfig, searchSites, sitesMessages, sitesQueryKeys } from '../../../shared/sites/api';
import { AppliedFilters } from '../../../shared/sites/components/AppliedFilters';
import { FilterPanel } from '../../../shared/sites/components/FilterPanel';
import { resultsText } from '../../../shared/sites/resultPages';
import { useFilterOptions } from '../../../shared/sites/useFilterOptions';
import '../../../shared/sites/sites.css';
import { builderQueryKeys } from '../api';
import { panelFiltersOf, storedFiltersOf } from '../mapSiteFilters';

type MapSiteFiltersProps = {
  /** The map block's stored filters (none: its sites are the chosen ids alone). */
  filters: SearchFilter[] | undefined;
  readOnly: boolean;
  onChange: (filters: SearchFilter[] | undefined) => void;
};

/** How long the count waits after the last change in the panel before asking. */
const COUNT_DELAY_MS = 400;

/**
 * A map block's "Sites found by filters" (spec 02 §3): the filters of the site search, chosen in
 * its filter panel (in a drawer, as /table changes them) and applied with its Search Sites. The
 * count is the search's own total, for the stored filters and, live, for those being chosen.
 */
export function MapSiteFilters({ filters, readOnly, onChange }: MapSiteFiltersProps) {
  const searchConfig = useQuery({
    queryKey: sitesQueryKeys.searchConfig,
    queryFn: ({ signal }) => fetchSiteSearchConfig(signal),
  });
  const [editing, setEditing] = useState(false);
  const [draft, setDraft] = useState<FilterValues>({});
  const options = useFilterOptions(editing ? searchConfig.data : undefined);
  const config = searchConfig.data;
  const panel = useMemo(() => (config ? panelFiltersOf(config, filters ?? []) : null), [config, filters]);
  const draftFilters = useMemo(
    () => (config && panel ? (storedFiltersOf(config, { ...panel, values: draft }) ?? []) : []),
    [config, panel, draft],
  );
  const hasFilters = (filters?.length ?? 0) > 0;

  const legend = <legend>Sites found by filters</legend>;
  const hint = (
    <p className="builder-field__hint">
      The map shows the sites these filters find as well as those chosen above: a site either way.
    </p>
  );
  if (searchConfig.isError)
    return (
      <fieldset className="builder-fieldset">
        {legend}
        <Alert
          type="error"
          showIcon
          title={requestFailureMessage(searchConfig.error, 'Failed to load the site search filters')}
        />
      </fieldset>
    );
  if (!config || !panel)
    return (
      <fieldset className="builder-fieldset">
        {legend}
        <div role="status" aria-label="Loading the site search filters">
          <Spin size="small" />
        </div>
      </fieldset>
    );

  const store = (next: SearchFilter[] | undefined) => onChange(next?.length ? next : undefined);
  const open = () => {
    setDraft(panel.values);
    setEditing(true);
  };
  const area = panel.others.some((filter) => filter.type === 'inArea');
  const elsewhere = panel.others.filter((filter) => filter.type !== 'inArea').length;
  return (
    <fieldset className="builder-fieldset builder-map-filters">
      {legend}
      {hint}
      {!hasFilters ? (
        <p>No filters: the map shows the chosen sites only.</p>
      ) : readOnly ? (
        <ul className="builder-map-filters__list">
          {describeFilterValues(config, panel.values).map((filter) => (
            <li key={filter.dbPropertyName}>
              {filter.label}: {filter.text}
            </li>
          ))}
          {area && <li>In a drawn area</li>}
        </ul>
      ) : (
        <AppliedFilters
          config={config}
          values={panel.values}
          hasArea={area}
          onRemove={(name) =>
            store(storedFiltersOf(config, { ...panel, values: { ...panel.values, [name]: null } }))
          }
          onRemoveArea={() =>
            store(
              storedFiltersOf(config, {
                ...panel,
                others: panel.others.filter((filter) => filter.type !== 'inArea'),
              }),
            )
          }
          onChange={open}
        />
      )}
      {hasFilters && elsewhere > 0 && (
        <p className="builder-field__hint">
          And {elsewhere === 1 ? '1 filter' : `${elsewhere} filters`} the site search panel does not have,
          kept as they are.
        </p>
      )}
      {hasFilters && <SiteCount filters={filters ?? []} />}
      {!readOnly &&
        (hasFilters ? (
          <Button size="small" danger icon={<DeleteOutlined aria-hidden />} onClick={() => store(undefined)}>
            Clear filters
          </Button>
        ) : (
          <Button size="small" icon={<FilterOutlined aria-hidden />} onClick={open}>
            Choose sites by filters
          </Button>
        ))}
      <Drawer
        title="Sites found by filters"
        open={editing}
        onClose={() => setEditing(false)}
        width={400}
        footer={<SiteCount filters={draftFilters} live />}
      >
        <FilterPanel
          config={config}
          values={draft}
          options={options.data ?? {}}
          onChange={setDraft}
          onSearch={() => {
            store(storedFiltersOf(config, { ...panel, values: draft }));
            setEditing(false);
          }}
          onReset={() => {
            store(undefined);
            setEditing(false);
          }}
        />
      </Drawer>
    </fieldset>
  );
}

/**
 * How many sites the filters find: the total of the search /map runs. `live` follows a panel
 * being changed: it asks once the changes pause, and keeps the last count meanwhile.
 */
function SiteCount({ filters, live = false }: { filters: SearchFilter[]; live?: boolean }) {
  const asked = useSettled(filters, live ? COUNT_DELAY_MS : 0);
  const count = useQuery({
    queryKey: builderQueryKeys.siteCount(asked),
    queryFn: ({ signal }) => searchSites({ filters: asked, attributes: [], limit: 1 }, signal),
    enabled: asked.length > 0,
    placeholderData: live ? keepPreviousData : undefined,
  });
  let text: string;
  if (filters.length === 0) text = 'No filters chosen yet';
  else if (count.isError) text = requestFailureMessage(count.error, sitesMessages.searchFailed);
  else if (!count.data) text = 'Counting the sites…';
  else text = `${resultsText(count.data.total, count.data.total)}${live ? ' by these filters' : ''}`;
  return (
    <p className="builder-map-filters__count" role="status" aria-live="polite">
      {text}
    </p>
  );
}

/** `value` once it has stayed the same for `delay` ms (at once without a delay). */
function useSettled<T>(value: T, delay: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    if (delay === 0) return;
    const timer = window.setTimeout(() => setSettled(value), delay);
    return () => window.clearTimeout(timer);
  }, [value, delay]);
  return delay === 0 ? value : settled;
}
