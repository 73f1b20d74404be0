import { useEffect, useState, type ReactNode } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Alert, Badge, Button, Collapse, Input, Select, Table, type TableColumnsType } from 'antd';
import { FilterOutlined } from '@ant-design/icons';
import type { TableField, TableQuery } from '@planning/shared';
import { managerQueryKeys, type ManagerTable as TableName } from '../api';
import {
  activeFilterCount,
  buildTableQuery,
  clampPage,
  isSortable,
  PAGE_SIZE,
  sortFromTable,
  withFilters,
  withGroupBy,
  withSearch,
  withSort,
  type FilterDefinition,
  type Option,
  type TableState,
} from '../tableState';
import { AppliedFilterTags, FilterDrawer } from './FilterDrawer';

type Result<Row> = {
  result: {
    count: number;
    rows: Row[];
    groupedByDistinctValue: { value: string | number | boolean | null; label: string; count: number }[];
  };
};

export type ManagerTableProps<Row extends { id: string }> = {
  table: TableName;
  /** 'representations': the words of the search box, counts and empty text. */
  noun: { one: string; many: string };
  fields: readonly TableField[];
  search: (query: TableQuery, signal: AbortSignal) => Promise<Result<Row>>;
  columns: TableColumnsType<Row>;
  definitions: readonly FilterDefinition[];
  groupOptions: readonly Option[];
  state: TableState;
  onState: (next: TableState) => void;
  /** The state asks for what the table cannot read yet (a filter whose list is loading): no query. */
  waiting?: boolean;
  selected: readonly string[];
  /** Null: rows cannot be selected (no grant to act on them). */
  onSelected: ((ids: string[]) => void) | null;
  /** Spec 02 §8: 'Failed to load representations' and its siblings. */
  loadError: string;
  emptyText: string;
  rowLabel: (row: Row) => string;
  /** Above the table, beside search, filters and grouping (New … buttons). */
  actions?: ReactNode;
  /** Between the toolbar and the table (the campaign shown, the bulk actions). */
  banner?: ReactNode;
};

/**
 * One of the manager's tables (spec 02 §2, §4 Tables): 20 rows a page, search, filters, sorting
 * by the allow-listed columns, grouping with groups collapsed by default, selection by checkbox.
 */
export function ManagerTable<Row extends { id: string }>(props: ManagerTableProps<Row>) {
  const {
    table,
    noun,
    search,
    definitions,
    groupOptions,
    state,
    onState,
    waiting = false,
    loadError,
    actions,
    banner,
  } = props;
  const [typed, setTyped] = useState(state.search);
  // The search box follows the address when it changes under it (Back, a link).
  const [shown, setShown] = useState(state.search);
  if (shown !== state.search) {
    setShown(state.search);
    setTyped(state.search);
  }
  const [filtering, setFiltering] = useState(false);
  const query = buildTableQuery(state, definitions);
  const results = useQuery({
    queryKey: managerQueryKeys.search(table, query),
    queryFn: ({ signal }) => search(query, signal),
    placeholderData: keepPreviousData,
    enabled: !waiting,
  });
  const count = results.data?.result.count;
  // Spec 02 §4: the page is clamped down when the total shrinks (the last page's rows deleted);
  // by this query's own count, not the last one's kept on screen while it loads (an address's
  // page 3 would otherwise be clamped by the previous search's total).
  const settled = !results.isPlaceholderData;
  useEffect(() => {
    if (count === undefined || !settled || state.groupBy) return;
    const clamped = clampPage(state.page, count);
    if (clamped !== state.page) onState({ ...state, page: clamped });
  }, [count, settled, state, onState]);

  const filterCount = activeFilterCount(definitions, state.filters);
  const searchId = `${table}-search`;
  const groupId = `${table}-group`;

  return (
    <section className="rep-table" aria-label={`${noun.many[0]!.toUpperCase()}${noun.many.slice(1)}`}>
      {actions && <div className="rep-table__actions">{actions}</div>}
      <div className="rep-table__toolbar">
        <div className="rep-table__search">
          <label htmlFor={searchId} className="visually-hidden">
            Search {noun.many}
          </label>
          <Input.Search
            id={searchId}
            placeholder={`Search ${noun.many}`}
            value={typed}
            maxLength={200}
            onChange={(event) => setTyped(event.target.value)}
            onSearch={(value) => onState(withSearch(state, value))}
            enterButton="Search"
          />
        </div>
        <Badge count={filterCount} size="small">
          <Button icon={<FilterOutlined />} onClick={() => setFiltering(true)} aria-haspopup="dialog">
            Filters{filterCount ? ` (${filterCount})` : ''}
          </Button>
        </Badge>
        <div className="rep-table__group">
          <label htmlFor={groupId}>Group by</label>
          <Select
            id={groupId}
            className="rep-table__group-select"
            value={state.groupBy ?? ''}
            onChange={(value: string) => onState(withGroupBy(state, value || null))}
            options={[{ value: '', label: 'No grouping' }, ...groupOptions]}
          />
        </div>
      </div>
      <AppliedFilterTags
        definitions={definitions}
        values={state.filters}
        onRemove={(field) => onState(withFilters(state, { ...state.filters, [field]: undefined }))}
      />
      {banner}
      <p className="rep-table__count" role="status" aria-live="polite">
        {results.isError
          ? null
          : count === undefined
            ? `Loading ${noun.many}…`
            : `${count.toLocaleString('en-GB')} ${count === 1 ? noun.one : noun.many}`}
      </p>
      {results.isError ? (
        <Alert type="error" role="alert" showIcon title={loadError} />
      ) : state.groupBy ? (
        <GroupedRows
          {...props}
          groups={results.data?.result.groupedByDistinctValue ?? []}
          loading={results.isPending}
        />
      ) : (
        <RowsTable
          {...props}
          rows={results.data?.result.rows ?? []}
          total={count ?? 0}
          page={state.page}
          loading={results.isFetching || waiting}
          onPage={(page) => onState({ ...state, page })}
        />
      )}
      <FilterDrawer
        open={filtering}
        title={`Filter ${noun.many}`}
        definitions={definitions}
        values={state.filters}
        onClose={() => setFiltering(false)}
        onApply={(values) => {
          onState(withFilters(state, values));
          setFiltering(false);
        }}
      />
    </section>
  );
}

type RowsTableProps<Row extends { id: string }> = ManagerTableProps<Row> & {
  rows: Row[];
  total: number;
  page: number;
  loading: boolean;
  onPage: (page: number) => void;
  /** Inside a group: no heading row of its own would help, but sorting still does. */
  caption?: string;
};

function RowsTable<Row extends { id: string }>({
  rows,
  total,
  page,
  loading,
  onPage,
  columns,
  fields,
  state,
  onState,
  selected,
  onSelected,
  emptyText,
  rowLabel,
}: RowsTableProps<Row>) {
  const sortable = columns.map((column) => {
    const key = typeof column.key === 'string' ? column.key : '';
    if (!isSortable(fields, key)) return column;
    return {
      ...column,
      sorter: true,
      sortDirections: ['ascend', 'descend'] as ('ascend' | 'descend')[],
      sortOrder: state.sort?.field === key ? (state.sort.order === 'asc' ? 'ascend' : 'descend') : null,
    } as (typeof columns)[number];
  });
  return (
    <Table<Row>
      rowKey="id"
      size="small"
      columns={sortable}
      dataSource={rows}
      loading={loading}
      locale={{ emptyText }}
      scroll={{ x: 'max-content' }}
      rowSelection={
        onSelected
          ? {
              selectedRowKeys: [...selected],
              preserveSelectedRowKeys: true,
              hideSelectAll: true,
              columnTitle: <span className="visually-hidden">Select</span>,
              onChange: (keys) => onSelected(keys.map(String)),
              getCheckboxProps: (row) => ({ 'aria-label': `Select ${rowLabel(row)}` }),
            }
          : undefined
      }
      pagination={{
        current: page,
        pageSize: PAGE_SIZE,
        total,
        showSizeChanger: false,
        hideOnSinglePage: true,
      }}
      onChange={(pagination, _filters, sorter, extra) => {
        if (extra.action === 'sort') {
          const one = Array.isArray(sorter) ? sorter[0] : sorter;
          onState(withSort(state, sortFromTable(one?.columnKey, one?.order)));
        } else if (extra.action === 'paginate') {
          onPage(pagination.current ?? 1);
        }
      }}
    />
  );
}

/**
 * Spec 02 §4 'Group collapsed defaults to true': each group's heading shows its value and count;
 * opening it reads that group's rows (groupValue), 20 a page.
 */
function GroupedRows<Row extends { id: string }>(
  props: ManagerTableProps<Row> & {
    groups: Result<Row>['result']['groupedByDistinctValue'];
    loading: boolean;
  },
) {
  const { groups, loading, emptyText } = props;
  if (loading) return <p>Loading groups…</p>;
  if (groups.length === 0) return <p className="rep-table__empty">{emptyText}</p>;
  return (
    <Collapse
      className="rep-groups"
      destroyOnHidden
      items={groups.map((group) => ({
        key: JSON.stringify(group.value),
        label: (
          <span className="rep-groups__label">
            <span>{group.label}</span>{' '}
            <span className="rep-groups__count">({group.count.toLocaleString('en-GB')})</span>
          </span>
        ),
        children: <GroupRows {...props} value={group.value} />,
      }))}
    />
  );
}

function GroupRows<Row extends { id: string }>(
  props: ManagerTableProps<Row> & { value: string | number | boolean | null },
) {
  const { table, search, state, definitions, value, loadError } = props;
  const [page, setPage] = useState(1);
  const query = buildTableQuery(state, definitions, { value, page });
  const results = useQuery({
    queryKey: managerQueryKeys.search(table, query),
    queryFn: ({ signal }) => search(query, signal),
    placeholderData: keepPreviousData,
  });
  const count = results.data?.result.count;
  // The page clamped as the table's is (spec 02 §4), set while rendering: React renders again at once.
  if (count !== undefined && clampPage(page, count) !== page) setPage(clampPage(page, count));
  if (results.isError) return <Alert type="error" role="alert" showIcon title={loadError} />;
  return (
    <RowsTable
      {...props}
      rows={results.data?.result.rows ?? []}
      total={count ?? 0}
      page={page}
      loading={results.isFetching}
      onPage={setPage}
    />
  );
}
