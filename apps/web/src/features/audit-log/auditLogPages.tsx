import { AdminFrame } from '../../shared/admin-frame/AdminFrame';
import { useEffect, useId, useMemo, useRef, useState, type ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  Button,
  Card,
  Descriptions,
  Empty,
  Input,
  Result,
  Select,
  Table,
  Tag,
  Tooltip,
  Typography,
} from 'antd';
import type { TableColumnsType } from 'antd';
import { DownloadOutlined } from '@ant-design/icons';
import { AUDIT_LOG_LIMITS, auditActionGroups, auditLogMessages, type AuditEntry } from '@planning/shared';
import { ApiError } from '../../api/client';
import { notifyError } from '../../platform/notices/notifyError';
import { auditLogQueryKeys, downloadAuditCsv, fetchAuditLog } from './api';
import {
  detailRows,
  formatWhen,
  hasFilters,
  queryOf,
  showValue,
  withFilter,
  type TextKey,
} from './auditLogAddress';
import './auditLog.css';

const actionOptions = auditActionGroups().map((group) => ({
  label: group.area,
  title: group.area,
  options: group.actions.map((action) => ({ value: action.value, label: action.label })),
}));

/** A labelled control: the label names it for screen readers and for the browser journeys. */
function Field({ label, htmlFor, children }: { label: string; htmlFor: string; children: ReactNode }) {
  return (
    <div className="audit-log__field">
      <label htmlFor={htmlFor}>{label}</label>
      {children}
    </div>
  );
}

/** A text filter: typed freely, put in the address a moment after the last key (or on Enter). */
function TextFilter({
  id,
  value,
  placeholder,
  onCommit,
}: {
  id: string;
  value: string;
  placeholder: string;
  onCommit: (value: string) => void;
}) {
  const [text, setText] = useState(value);
  const committed = useRef(value);
  // The address moved on its own (back, clear filters): show what it now says.
  useEffect(() => {
    if (value !== committed.current) {
      committed.current = value;
      setText(value);
    }
  }, [value]);
  useEffect(() => {
    if (text.trim() === committed.current) return undefined;
    const timer = window.setTimeout(() => {
      committed.current = text.trim();
      onCommit(text.trim());
    }, 400);
    return () => window.clearTimeout(timer);
  }, [text, onCommit]);
  return (
    <Input
      id={id}
      allowClear
      value={text}
      placeholder={placeholder}
      maxLength={AUDIT_LOG_LIMITS.textMax}
      onChange={(change) => setText(change.target.value)}
      onPressEnter={() => {
        committed.current = text.trim();
        onCommit(text.trim());
      }}
    />
  );
}

/** Before and after of the fields a change touched, and whatever else the row recorded. */
function EntryDetails({ entry }: { entry: AuditEntry }) {
  const { changes, rest } = detailRows(entry.details);
  const other = Object.entries(rest);
  return (
    <div className="audit-log__details">
      {changes.length > 0 && (
        <table className="audit-log__changes">
          <caption>What changed</caption>
          <thead>
            <tr>
              <th scope="col">Field</th>
              <th scope="col">Before</th>
              <th scope="col">After</th>
            </tr>
          </thead>
          <tbody>
            {changes.map((change) => (
              <tr key={change.field}>
                <th scope="row">{change.field}</th>
                <td>{showValue(change.before)}</td>
                <td>{showValue(change.after)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <Descriptions
        size="small"
        column={1}
        bordered
        items={[
          ...other.map(([key, value]) => ({
            key,
            label: key,
            children: <span className="audit-log__value">{showValue(value)}</span>,
          })),
          { key: 'user-id', label: 'User id', children: entry.actorUserId ?? '—' },
          { key: 'browser', label: 'Browser', children: entry.userAgent ?? '—' },
          { key: 'entry-id', label: 'Entry id', children: entry.id },
        ]}
      />
    </div>
  );
}

const columns: TableColumnsType<AuditEntry> = [
  {
    title: 'When',
    dataIndex: 'occurredAt',
    key: 'when',
    width: 175,
    render: (value: string) => <time dateTime={value}>{formatWhen(value)}</time>,
  },
  {
    title: 'Who',
    key: 'who',
    width: 210,
    render: (_, entry) => entry.actorEmail ?? <Typography.Text type="secondary">System</Typography.Text>,
  },
  {
    title: 'Action',
    key: 'action',
    width: 180,
    render: (_, entry) => (
      <Tooltip title={entry.action}>
        <Tag>{entry.actionLabel}</Tag>
      </Tooltip>
    ),
  },
  {
    title: 'Target',
    key: 'target',
    width: 180,
    render: (_, entry) =>
      entry.targetType ? (
        <span className="audit-log__target">
          <span>{entry.targetType}</span>
          {entry.targetId && <Typography.Text type="secondary">{entry.targetId}</Typography.Text>}
        </span>
      ) : (
        '—'
      ),
  },
  { title: 'Summary', dataIndex: 'summary', key: 'summary' },
  { title: 'From (IP)', dataIndex: 'ip', key: 'ip', width: 120, render: (ip: string | null) => ip ?? '—' },
];

/**
 * Issue 16 point 5: the council's audit log for its administrators. Every admin and config
 * change, role change, sign-in as an administrator, session ending and export: who, when, what
 * and from where, newest first, 50 a page. The filters live in the address (a reload or a shared
 * link keeps them) and the CSV takes the same filters.
 */
export function AuditLogPage() {
  const [params, setParams] = useSearchParams();
  const query = useMemo(() => queryOf(params), [params]);
  const ids = {
    action: useId(),
    actor: useId(),
    targetType: useId(),
    targetId: useId(),
    from: useId(),
    to: useId(),
    q: useId(),
  };

  const log = useQuery({
    queryKey: auditLogQueryKeys.page(query),
    queryFn: ({ signal }) => fetchAuditLog(query, signal),
    // A new filter or page keeps the old rows on screen until the new ones come.
    placeholderData: keepPreviousData,
  });
  const queryClient = useQueryClient();
  const csv = useMutation({
    mutationFn: () => downloadAuditCsv(query),
    // The export is itself recorded: the list shows it once it has a row.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: auditLogQueryKeys.all }),
    onError: (error) => notifyError(error, auditLogMessages.exportFailed),
  });

  const set = useMemo(
    () => (key: Parameters<typeof withFilter>[1], value: string | string[] | null) =>
      setParams((current) => withFilter(current, key, value), { replace: key !== 'page' }),
    [setParams],
  );
  const textCommit = useMemo(() => {
    const commits = {} as Record<TextKey, (value: string) => void>;
    for (const key of ['actor', 'targetType', 'targetId', 'q'] as const)
      commits[key] = (value) => set(key, value);
    return commits;
  }, [set]);

  const textField = (key: TextKey, label: string, placeholder: string) => (
    <Field label={label} htmlFor={ids[key]}>
      <TextFilter
        id={ids[key]}
        value={query[key] ?? ''}
        placeholder={placeholder}
        onCommit={textCommit[key]}
      />
    </Field>
  );

  const filtered = hasFilters(query);
  const page = log.data;

  return (
    <AdminFrame
      title={auditLogMessages.title}
      extra={
        <Button
          icon={<DownloadOutlined />}
          loading={csv.isPending}
          onClick={() => csv.mutate()}
          disabled={log.isError}
        >
          {auditLogMessages.exportCsv}
        </Button>
      }
    >
      <div className="audit-log">
        <Typography.Paragraph type="secondary">{auditLogMessages.intro}</Typography.Paragraph>

        <Card size="small" className="audit-log__filters">
          <form role="search" aria-label="Filter the audit log" onSubmit={(event) => event.preventDefault()}>
            <div className="audit-log__row">
              <Field label="Actions" htmlFor={ids.action}>
                <Select
                  id={ids.action}
                  className="audit-log__actions"
                  mode="multiple"
                  allowClear
                  placeholder="All actions"
                  showSearch={{ optionFilterProp: 'label' }}
                  maxTagCount="responsive"
                  value={query.action ?? []}
                  onChange={(value: string[]) => set('action', value)}
                  options={actionOptions}
                />
              </Field>
              {textField('actor', 'Who (email or user id)', 'Anyone')}
              {textField('q', 'Summary contains', 'Any words')}
            </div>
            <div className="audit-log__row">
              {textField('targetType', 'Target type', 'role, user, config, layer…')}
              {textField('targetId', 'Target id', 'Any')}
              <Field label="From" htmlFor={ids.from}>
                <Input
                  id={ids.from}
                  type="date"
                  value={query.from ?? ''}
                  max={query.to}
                  onChange={(change) => set('from', change.target.value)}
                />
              </Field>
              <Field label="To" htmlFor={ids.to}>
                <Input
                  id={ids.to}
                  type="date"
                  value={query.to ?? ''}
                  min={query.from}
                  onChange={(change) => set('to', change.target.value)}
                />
              </Field>
              {filtered && (
                <Button
                  className="audit-log__clear"
                  onClick={() => setParams(new URLSearchParams(), { replace: true })}
                >
                  {auditLogMessages.clearFilters}
                </Button>
              )}
            </div>
          </form>
        </Card>

        {log.isError ? (
          <Result
            status="error"
            title={auditLogMessages.loadFailed}
            subTitle={log.error instanceof ApiError ? log.error.message : undefined}
            extra={
              <Button type="primary" onClick={() => void log.refetch()}>
                Try again
              </Button>
            }
          />
        ) : (
          <Table<AuditEntry>
            className="audit-log__table"
            rowKey="id"
            size="middle"
            columns={columns}
            dataSource={page?.entries ?? []}
            loading={log.isPending || (log.isFetching && log.isPlaceholderData)}
            expandable={{
              expandedRowRender: (entry) => <EntryDetails entry={entry} />,
              columnTitle: <span className="visually-hidden">Details</span>,
            }}
            locale={{
              emptyText: (
                <Empty
                  image={Empty.PRESENTED_IMAGE_SIMPLE}
                  description={filtered ? auditLogMessages.empty : auditLogMessages.emptyUnfiltered}
                />
              ),
            }}
            pagination={{
              current: page?.page ?? query.page ?? 1,
              pageSize: page?.pageSize ?? AUDIT_LOG_LIMITS.pageSize,
              total: page?.total ?? 0,
              showSizeChanger: false,
              hideOnSinglePage: false,
              showTotal: (total) => `${total.toLocaleString('en-GB')} ${total === 1 ? 'entry' : 'entries'}`,
              onChange: (next) => set('page', String(next)),
            }}
          />
        )}
      </div>
    </AdminFrame>
  );
}
