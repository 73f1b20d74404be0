import { useMemo, useState, type ReactNode, type ThHTMLAttributes } from 'react';
import { Link } from 'react-router';
import { App, Button, Drawer, Table, type TableColumnsType } from 'antd';
import type { SortOrder } from 'antd/es/table/interface';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { clampColumnWidth, featureAccess, formatCardValue, type FilterValues } from '@planning/shared';
import { FullPageSpin } from '../../../components/FullPageSpin';
import { useTenant } from '../../../platform/tenant/TenantContext';
import { requestFailureMessage } from '../../../platform/notices/errorNotice';
import {
  fetchMatchingIds,
  fetchSiteCardConfig,
  searchSites,
  sitesMessages,
  sitesQueryKeys,
} from '../../../shared/sites/api';
import { useAccess } from '../../../platform/session/hooks';
import { fetchListSiteIds } from '../lists/api';
import { BulkActions } from '../components/BulkActions';
import { ConfigError } from '../components/ConfigError';
import type { ResultSite } from '../components/SiteCard';
import { resultsText } from '../../../shared/sites/resultPages';
import { SiteTag } from '../components/SiteTag';
import { useStoredSearch, type StoredSearch } from '../searchState';
import { useFilterOptions } from '../../../shared/sites/useFilterOptions';
import { AppliedFilters } from '../../../shared/sites/components/AppliedFilters';
import { FilterPanel } from '../../../shared/sites/components/FilterPanel';
import { useAppliedFilters } from '../useAppliedFilters';
import '../../../shared/sites/sites.css';

const PAGE_SIZE = 50;
/** Room for two or three tags; more are cut with an ellipsis, all of them on the site's page. */
const TAGS_WIDTH = 150;

type Sort = { field: string; direction: 'asc' | 'desc' } | undefined;

/** The site's name, the link to its page, gets the room to be read. */
const SITE_NAME_WIDTH = 200;

/** A first width from the heading's length (and its sort arrows), inside the grid's 125–400 px. */
const initialWidth = (field: string, label: string) =>
  field === 'site_name' ? SITE_NAME_WIDTH : clampColumnWidth(label.length * 8 + 48);

/** The selection column: a checkbox, labelled for screen readers. */
const SELECTION_WIDTH = 36;

type SiteTablePageProps = {
  /** /list/{id}: the list's sites instead of the stored search, under the list's own header. */
  list?: {
    id: string;
    scenarioName: string | null;
    header: ReactNode;
    /** The list's own actions on the selected sites (remove from the list). */
    selectionActions?: (selected: string[], clearSelection: () => void) => ReactNode;
  };
};

/** /table: the search the map shows, as a paged grid sorted on the server. */
export function SiteTablePage({ list }: SiteTablePageProps = {}) {
  const { tenant } = useTenant();
  const [search, apply] = useStoredSearch(tenant.name);
  const { config: searchConfig, filters } = useAppliedFilters(search.values, search.area);
  // The map's filter panel, in a drawer: changes wait for 'Search Sites' here too.
  const [editing, setEditing] = useState(false);
  const [draft, setDraft] = useState<FilterValues>(search.values);
  const options = useFilterOptions(editing ? searchConfig.data : undefined);
  const applySearch = (next: StoredSearch) => {
    apply(next);
    setDraft(next.values);
    setPage(1);
    setSelected(new Set());
  };
  // Spec 01 §2 bulk actions, as on /map: the selection spans pages until the search changes.
  const { message } = App.useApp();
  const canBulk = useAccess(featureAccess.bulkSiteActions).permitted;
  const selectable = canBulk || Boolean(list?.selectionActions);
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const [selectingAll, setSelectingAll] = useState(false);
  const clearSelection = () => setSelected(new Set());
  const selectAll = async () => {
    setSelectingAll(true);
    try {
      const ids = list ? await fetchListSiteIds(list.id) : (await fetchMatchingIds(filters ?? [])).ids;
      setSelected(new Set(ids));
    } catch (error) {
      void message.error(requestFailureMessage(error, sitesMessages.searchFailed));
    } finally {
      setSelectingAll(false);
    }
  };
  const cardConfig = useQuery({
    queryKey: sitesQueryKeys.cardConfig,
    queryFn: ({ signal }) => fetchSiteCardConfig(signal),
  });
  const [page, setPage] = useState(1);
  const [sort, setSort] = useState<Sort>(undefined);
  const [widths, setWidths] = useState<Record<string, number>>({});

  const elements = useMemo(
    () => [
      { label: 'Site name', dbPropertyName: 'site_name' },
      ...(cardConfig.data?.elements.filter((element) => element.dbPropertyName !== 'site_name') ?? []),
    ],
    [cardConfig.data],
  );
  const attributes = elements.map((element) => element.dbPropertyName);
  // Asked only once the config is in, and so the filters (enabled below).
  const request = {
    filters: list ? [] : (filters ?? []),
    attributes,
    sort,
    limit: PAGE_SIZE,
    offset: (page - 1) * PAGE_SIZE,
    ...(list ? { listId: list.id, ...(list.scenarioName ? { scenario: list.scenarioName } : {}) } : {}),
  };
  const results = useQuery({
    queryKey: sitesQueryKeys.table(request),
    queryFn: ({ signal }) => searchSites(request, signal),
    enabled: Boolean((list || searchConfig.data) && cardConfig.data),
    placeholderData: keepPreviousData,
  });

  if (searchConfig.isError && !list) return <ConfigError type="site-search" error={searchConfig.error} />;
  if (cardConfig.isError) return <ConfigError type="site-card" error={cardConfig.error} />;
  if (!cardConfig.data) return <FullPageSpin label="Loading the site table" />;

  const columns: TableColumnsType<ResultSite> = [
    ...elements.map((element) => {
      const width = widths[element.dbPropertyName] ?? initialWidth(element.dbPropertyName, element.label);
      return {
        key: element.dbPropertyName,
        dataIndex: element.dbPropertyName,
        title: element.label,
        width,
        sorter: true,
        sortOrder: (sort?.field === element.dbPropertyName
          ? sort.direction === 'asc'
            ? 'ascend'
            : 'descend'
          : null) as SortOrder,
        ellipsis: true,
        render: (value: unknown, site: ResultSite) =>
          element.dbPropertyName === 'site_name' ? (
            <Link to={`/site/${site.id}`}>{formatCardValue(value ?? site.id_unique, {})}</Link>
          ) : (
            formatCardValue(value, element)
          ),
        onHeaderCell: () =>
          ({
            width,
            onResize: (next: number) =>
              setWidths((current) => ({ ...current, [element.dbPropertyName]: clampColumnWidth(next) })),
          }) as ThHTMLAttributes<HTMLElement>,
      };
    }),
    {
      key: 'tags',
      title: 'Tags',
      width: TAGS_WIDTH,
      // One line, like every other cell: rows stay 52 px high (spec 03 §9).
      ellipsis: true,
      render: (_: unknown, site: ResultSite) =>
        site.site_tags.map((tag) => <SiteTag key={tag.id} name={tag.name} color={tag.color} />),
    },
  ];

  const total = results.data?.total ?? 0;
  const selectionBar = selectable && (
    <div className="site-table__selection" role="group" aria-label="Selected sites">
      <span aria-live="polite">
        {selected.size > 0
          ? `${selected.size.toLocaleString('en-GB')} selected`
          : 'Select sites to act on them together'}
      </span>
      {total > selected.size && (
        <Button type="link" size="small" loading={selectingAll} onClick={() => void selectAll()}>
          {total === 1 ? 'Select the 1 site' : `Select all ${total.toLocaleString('en-GB')} sites`}
        </Button>
      )}
      {selected.size > 0 && (
        <Button type="link" size="small" onClick={clearSelection}>
          Clear selection
        </Button>
      )}
      {canBulk && <BulkActions selected={[...selected]} onDone={clearSelection} />}
      {list?.selectionActions?.([...selected], clearSelection)}
    </div>
  );
  // Spec 01 §8: a failed search says so, never 'No sites found'.
  const failure = results.isError ? requestFailureMessage(results.error, sitesMessages.searchFailed) : null;
  return (
    <div className="site-table">
      <div className="site-table__header">
        {list ? list.header : <h1 className="page__title">Site table</h1>}
        <p role="status" aria-live="polite">
          {failure ?? (results.isPending ? 'Searching…' : resultsText(total, total))}
        </p>
      </div>
      {searchConfig.data && !list && (
        <>
          <AppliedFilters
            config={searchConfig.data}
            values={search.values}
            hasArea={search.area !== null}
            onRemove={(name) =>
              applySearch({ values: { ...search.values, [name]: null }, area: search.area })
            }
            onRemoveArea={() => applySearch({ values: search.values, area: null })}
            onChange={() => {
              setDraft(search.values);
              setEditing(true);
            }}
          />
          <Drawer title="Change filters" open={editing} onClose={() => setEditing(false)} width={400}>
            <FilterPanel
              config={searchConfig.data}
              values={draft}
              options={options.data ?? {}}
              onChange={setDraft}
              onSearch={() => {
                applySearch({ values: draft, area: search.area });
                setEditing(false);
              }}
              onReset={() => {
                applySearch({ values: {}, area: null });
                setEditing(false);
              }}
            />
          </Drawer>
        </>
      )}
      {selectionBar}
      <Table<ResultSite>
        rowKey="id"
        size="small"
        columns={columns}
        rowSelection={
          selectable
            ? {
                selectedRowKeys: [...selected],
                preserveSelectedRowKeys: true,
                columnWidth: SELECTION_WIDTH,
                // antd copies the header into a hidden measuring row, where a select-all checkbox
                // would be a focusable control inside aria-hidden; 'Select all N sites' above does it.
                hideSelectAll: true,
                columnTitle: <span className="visually-hidden">Select</span>,
                onChange: (keys) => setSelected(new Set(keys.map(String))),
                getCheckboxProps: (site) => ({
                  'aria-label': `Select ${String(site.site_name ?? site.id_unique)}`,
                }),
              }
            : undefined
        }
        dataSource={(results.data?.sites ?? []) as ResultSite[]}
        loading={results.isFetching}
        components={{ header: { cell: ResizableHeaderCell } }}
        // The columns' own widths, not their content's: the grid fits a 1440 px screen without
        // cutting the last column off, and scrolls sideways only when the user widens columns.
        tableLayout="fixed"
        scroll={{
          x:
            columns.reduce((sum, column) => sum + Number(column.width ?? 0), 0) +
            (selectable ? SELECTION_WIDTH : 0),
          y: 'calc(100vh - 260px)',
        }}
        locale={{ emptyText: failure ?? 'No sites found' }}
        pagination={{ current: page, pageSize: PAGE_SIZE, total, showSizeChanger: false }}
        onChange={(pagination, _filters, sorter) => {
          const one = Array.isArray(sorter) ? sorter[0] : sorter;
          const field = typeof one?.columnKey === 'string' && one.order ? one.columnKey : undefined;
          const nextSort: Sort = field
            ? { field, direction: one?.order === 'descend' ? 'desc' : 'asc' }
            : undefined;
          if (JSON.stringify(nextSort) !== JSON.stringify(sort)) {
            setSort(nextSort);
            setPage(1);
          } else {
            setPage(pagination.current ?? 1);
          }
        }}
      />
    </div>
  );
}

type ResizableHeaderCellProps = ThHTMLAttributes<HTMLTableCellElement> & {
  width?: number;
  onResize?: (width: number) => void;
};

/** A header cell with a drag handle on its right edge; the page clamps the width to 125–400. */
function ResizableHeaderCell({ width, onResize, children, style, ...rest }: ResizableHeaderCellProps) {
  if (!onResize || !width)
    return (
      <th {...rest} style={style}>
        {children}
      </th>
    );
  const start = (event: React.PointerEvent<HTMLSpanElement>) => {
    event.preventDefault();
    event.stopPropagation();
    const from = event.clientX;
    const move = (e: PointerEvent) => onResize(width + e.clientX - from);
    const stop = () => {
      window.removeEventListener('pointermove', move);
      window.removeEventListener('pointerup', stop);
    };
    window.addEventListener('pointermove', move);
    window.addEventListener('pointerup', stop);
  };
  return (
    <th {...rest} style={{ ...style, position: 'relative' }}>
      {children}
      <span
        className="site-table__resize"
        role="separator"
        aria-orientation="vertical"
        aria-label="Resize column"
        aria-valuenow={width}
        aria-valuemin={125}
        aria-valuemax={400}
        tabIndex={0}
        onPointerDown={start}
        onClick={(event) => event.stopPropagation()}
        onKeyDown={(event) => {
          if (event.key === 'ArrowLeft') onResize(width - 10);
          if (event.key === 'ArrowRight') onResize(width + 10);
        }}
      />
    </th>
  );
}
