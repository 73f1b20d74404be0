import { useState } from 'react';
import { Link } from 'react-router';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  Alert,
  App,
  Button,
  Empty,
  Form,
  Input,
  Modal,
  Select,
  Space,
  Table,
  Tabs,
  Tag,
  Typography,
  type TableColumnsType,
} from 'antd';
import { BarChartOutlined, DownloadOutlined } from '@ant-design/icons';
import {
  bulkReviewSchema,
  cfsReviewMessages as R,
  featureAccess,
  type BulkReviewResult,
  type ReviewList,
} from '@planning/shared';
import { ApiError } from '../../api/client';
import { LoadingSpin } from '../../components/LoadingSpin';
import { Permitted } from '../../platform/access/Permitted';
import { notifyError } from '../../platform/notices/notifyError';
import { useAccess } from '../../platform/session/hooks';
import { useDocumentTitle } from '../../components/useDocumentTitle';
import { bulkReview, downloadExport, fetchAnalytics, fetchQueue, reviewQueryKeys } from './api';
import { CallPicker } from './CallPicker';
import { OutlineMap } from './OutlineMap';
import {
  awaitsDecision,
  bulkRefusals,
  constraintsFilterLabels,
  constraintsFilters,
  constraintsText,
  formatDay,
  formatHectares,
  isConstraintsFilter,
  isReviewStatus,
  mapKey,
  overlapsTag,
  reviewStatuses,
  reviewStatusLabel,
  statusColours,
  type CallChoice,
  type ConstraintsFilter,
} from './reviewRules';
import { useCallChoice } from './useCallChoice';
import './cfsReview.css';

type Row = ReviewList['submissions'][number];

const columns: TableColumnsType<Row> = [
  {
    title: 'Reference',
    dataIndex: 'reference',
    render: (reference: string | null, row) => (
      <Link to={`/cfs/submissions/${row.id}`}>{reference ?? 'Submission'}</Link>
    ),
  },
  { title: 'Submitter', dataIndex: 'submitter' },
  { title: 'On behalf of', dataIndex: 'onBehalfOf', render: (value: string | null) => value ?? '–' },
  { title: 'Sites', dataIndex: 'siteCount', align: 'right' },
  { title: 'Area', dataIndex: 'areaHa', align: 'right', render: (value: number) => formatHectares(value) },
  { title: 'Submitted', dataIndex: 'submittedAt', render: (value: string | null) => formatDay(value) },
  {
    title: 'Overlaps',
    dataIndex: 'overlapsSites',
    render: (count: number) => {
      const text = overlapsTag(count);
      return text ? <Tag color="orange">{text}</Tag> : <span className="visually-hidden">None</span>;
    },
  },
  {
    // Worked out when the submission arrived (issue 27 point 4), not on each read.
    title: 'Constraints',
    dataIndex: 'constraintLayers',
    render: (count: number) => (count > 0 ? <Tag color="gold">{constraintsText(count)}</Tag> : 'None'),
  },
];

/** The call's export, CSV or GeoPackage, as a download. */
function ExportButtons({ call }: { call: CallChoice }) {
  const [busy, setBusy] = useState<'csv' | 'gpkg' | null>(null);
  const run = async (format: 'csv' | 'gpkg') => {
    setBusy(format);
    try {
      await downloadExport(call, format);
    } catch (error) {
      notifyError(error);
    } finally {
      setBusy(null);
    }
  };
  return (
    <Space wrap>
      <Button
        icon={<DownloadOutlined aria-hidden />}
        loading={busy === 'csv'}
        onClick={() => void run('csv')}
      >
        Export CSV
      </Button>
      <Button
        icon={<DownloadOutlined aria-hidden />}
        loading={busy === 'gpkg'}
        onClick={() => void run('gpkg')}
      >
        Export GeoPackage
      </Button>
    </Space>
  );
}

/** Every outline of the call, coloured by status, with a key. */
function CallMap({ call }: { call: CallChoice }) {
  const figures = useQuery({
    queryKey: reviewQueryKeys.analytics(call.id),
    queryFn: ({ signal }) => fetchAnalytics(call.id, signal),
  });
  if (figures.isLoading) return <LoadingSpin label="Loading the submissions" />;
  if (figures.error) return <Alert type="error" showIcon title={figures.error.message} />;
  const features = figures.data?.map.features ?? [];
  const key = mapKey(features);
  return (
    <section className="cfs-review__map" aria-labelledby="cfs-review-map-heading">
      <Typography.Title level={2} id="cfs-review-map-heading">
        Map of the submitted sites
      </Typography.Title>
      <OutlineMap
        label={`Map of the ${features.length} sites submitted to ${call.name}`}
        outlines={features.map((feature) => ({
          geometry: feature.geometry,
          colour:
            statusColours[feature.properties.status as keyof typeof statusColours] ?? statusColours.draft,
          name: feature.properties.name,
        }))}
      />
      <ul className="cfs-review__key" aria-label="Key">
        {key.map((item) => (
          <li key={item.status}>
            <span
              className="cfs-review__swatch"
              style={{ borderColor: statusColours[item.status] }}
              aria-hidden
            />
            {item.label} ({item.count})
          </li>
        ))}
      </ul>
    </section>
  );
}

/**
 * Reject several: one reason for all, each submitter emailed it; checked by the route's own schema,
 * the server's message on the field.
 */
function BulkRejectDialog({
  count,
  open,
  pending,
  problem,
  onReject,
  onClose,
}: {
  count: number;
  open: boolean;
  pending: boolean;
  problem: string | null;
  onReject: (reason: string) => void;
  onClose: () => void;
}) {
  const [reason, setReason] = useState('');
  const [local, setLocal] = useState<string | null>(null);
  const shown = local ?? problem;
  const submit = () => {
    const parsed = bulkReviewSchema.shape.reason.safeParse(reason);
    if (!parsed.success || !parsed.data) {
      setLocal(parsed.success ? R.reasonRequired : (parsed.error.issues[0]?.message ?? R.reasonRequired));
      return;
    }
    setLocal(null);
    onReject(parsed.data);
  };
  return (
    <Modal
      open={open}
      title={`Reject ${count === 1 ? '1 submission' : `${count} submissions`}`}
      okText="Reject"
      okButtonProps={{ danger: true, loading: pending }}
      onOk={submit}
      onCancel={onClose}
      afterClose={() => {
        setReason('');
        setLocal(null);
      }}
      destroyOnHidden
    >
      <Form layout="vertical" onFinish={submit}>
        <Form.Item
          label="Reason"
          htmlFor="cfs-bulk-reject-reason"
          extra="Each submitter is emailed this reason."
          validateStatus={shown ? 'error' : undefined}
          help={shown ?? undefined}
          required
        >
          <Input.TextArea
            id="cfs-bulk-reject-reason"
            rows={5}
            value={reason}
            aria-required
            aria-invalid={shown ? true : undefined}
            onChange={(event) => setReason(event.target.value)}
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}

/** What a bulk action did: the summary, and each submission it did not do with the reason. */
function BulkOutcome({ result, rows }: { result: BulkReviewResult; rows: readonly Row[] }) {
  const refused = bulkRefusals(result.results, rows);
  return (
    <Alert
      type={refused.length === 0 ? 'success' : 'warning'}
      showIcon
      role="status"
      title={result.message}
      description={
        refused.length > 0 ? (
          <ul className="cfs-review__refusals">
            {refused.map((line) => (
              <li key={line}>{line}</li>
            ))}
          </ul>
        ) : undefined
      }
    />
  );
}

/** Issue 27 point 4: /cfs/submissions, a call's submissions by status, its map and exports. */
export function ReviewListPage() {
  useDocumentTitle('Call for sites submissions');
  const { choices, call, choose, isLoading, error, params, setParams } = useCallChoice();
  const wanted = params.get('status');
  const status = isReviewStatus(wanted) ? wanted : 'new';
  const wantedConstraints = params.get('constraints');
  const constraints = isConstraintsFilter(wantedConstraints) ? wantedConstraints : null;
  const queryClient = useQueryClient();
  const { message } = App.useApp();
  const mayDecide = useAccess(featureAccess.cfsDecide).permitted;
  const [selected, setSelected] = useState<string[]>([]);
  const [rejecting, setRejecting] = useState(false);
  const [rejectProblem, setRejectProblem] = useState<string | null>(null);
  const [outcome, setOutcome] = useState<BulkReviewResult | null>(null);
  const queue = useQuery({
    queryKey: reviewQueryKeys.queue(call?.id ?? null, status, constraints),
    queryFn: ({ signal }) => fetchQueue(call!.id, status, constraints, signal),
    enabled: Boolean(call),
  });
  const setParam = (name: string, next: string | null) => {
    setSelected([]);
    setParams(
      (before) => {
        const after = new URLSearchParams(before);
        if (next === null) after.delete(name);
        else after.set(name, next);
        if (call) after.set('callId', call.id);
        return after;
      },
      { replace: true },
    );
  };
  const setStatus = (next: string) => setParam('status', next);

  const rows = queue.data?.submissions ?? [];
  const bulk = useMutation({
    mutationFn: (input: { action: 'review' } | { action: 'reject'; reason: string }) =>
      bulkReview({ ...input, ids: selected }),
    onSuccess: (result) => {
      setRejecting(false);
      setRejectProblem(null);
      setOutcome(result);
      setSelected([]);
      void message.success(result.message);
      void queryClient.invalidateQueries({ queryKey: reviewQueryKeys.all });
    },
    onError: (error) => {
      const issue = error instanceof ApiError ? error.issues.find((i) => i.path === 'reason') : undefined;
      if (issue) setRejectProblem(issue.message);
      else notifyError(error);
    },
  });
  // Only submissions awaiting review are decided, together as one by one.
  const selectable = awaitsDecision(status) && mayDecide;
  const selectedHere = selected.filter((id) => rows.some((row) => row.id === id));

  // Wider than a phone: it scrolls sideways in a region the keyboard reaches. Not antd's own
  // scroll.x, whose hidden measuring row repeats the select-all checkbox (axe: aria-hidden-focus).
  const table = (
    <div
      className="cfs-review__table-scroll"
      tabIndex={0}
      role="region"
      aria-label="Submissions (scrolls sideways)"
    >
      <Table<Row>
        rowKey="id"
        columns={columns}
        rowSelection={
          selectable
            ? {
                selectedRowKeys: selectedHere,
                onChange: (keys) => setSelected(keys.map(String)),
                getCheckboxProps: (row) => ({
                  disabled: !awaitsDecision(row.status),
                  'aria-label': `Select ${row.reference ?? 'submission'}`,
                }),
              }
            : undefined
        }
        dataSource={queue.data?.submissions ?? []}
        loading={queue.isFetching && !queue.data}
        pagination={{ pageSize: 50, hideOnSinglePage: true }}
        locale={{
          emptyText: <Empty description={`No ${reviewStatusLabel(status).toLowerCase()} submissions`} />,
        }}
      />
    </div>
  );

  return (
    <div className="page cfs-review">
      <Typography.Title level={1}>Call for sites submissions</Typography.Title>
      {isLoading && <LoadingSpin label="Loading the submissions" />}
      {error && <Alert type="error" showIcon title={error.message} />}
      {!isLoading && !error && !call && <Empty description="No calls for sites have submissions yet" />}
      {call && (
        <>
          <div className="cfs-review__bar">
            <CallPicker choices={choices} value={call.id} onChange={choose} />
            <Space wrap>
              <Link to={`/cfs/analytics?callId=${call.id}`}>
                <BarChartOutlined aria-hidden /> Figures for this call
              </Link>
              <ExportButtons call={call} />
            </Space>
          </div>
          <div className="cfs-review__filters">
            <label htmlFor="cfs-review-constraints">Constraints</label>
            <Select<ConstraintsFilter | 'all'>
              id="cfs-review-constraints"
              value={constraints ?? 'all'}
              onChange={(next) => setParam('constraints', next === 'all' ? null : next)}
              style={{ minWidth: 220 }}
              options={(['all', ...constraintsFilters] as const).map((key) => ({
                value: key,
                label: constraintsFilterLabels[key],
              }))}
            />
          </div>
          {queue.error && <Alert type="error" showIcon title={queue.error.message} />}
          {outcome && <BulkOutcome result={outcome} rows={rows} />}
          {awaitsDecision(status) && (
            <Permitted needs={featureAccess.cfsDecide}>
              <Space wrap className="cfs-review__bulk" aria-label="Actions on the selected submissions">
                <span aria-live="polite">
                  {selectedHere.length === 1 ? '1 selected' : `${selectedHere.length} selected`}
                </span>
                {status === 'new' && (
                  <Button
                    disabled={selectedHere.length === 0}
                    loading={bulk.isPending && !rejecting}
                    onClick={() => bulk.mutate({ action: 'review' })}
                  >
                    Mark as in review
                  </Button>
                )}
                <Button danger disabled={selectedHere.length === 0} onClick={() => setRejecting(true)}>
                  Reject
                </Button>
              </Space>
            </Permitted>
          )}
          <Tabs
            activeKey={status}
            onChange={setStatus}
            items={reviewStatuses.map((key) => ({
              key,
              label: `${reviewStatusLabel(key)} (${queue.data?.counts[key] ?? 0})`,
              children: key === status ? table : null,
            }))}
          />
          <CallMap call={call} />
          <BulkRejectDialog
            count={selectedHere.length}
            open={rejecting}
            pending={bulk.isPending}
            problem={rejectProblem}
            onReject={(reason) => bulk.mutate({ action: 'reject', reason })}
            onClose={() => {
              setRejecting(false);
              setRejectProblem(null);
            }}
          />
        </>
      )}
    </div>
  );
}
