import { useState } from 'react';
import { Link } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Empty, Space, Table, Tabs, Tag, Typography, type TableColumnsType } from 'antd';
import { BarChartOutlined, DownloadOutlined } from '@ant-design/icons';
import type { ReviewList } from '@planning/shared';
import { LoadingSpin } from '../../components/LoadingSpin';
import { notifyError } from '../../platform/notices/notifyError';
import { useDocumentTitle } from '../../components/useDocumentTitle';
import { downloadExport, fetchAnalytics, fetchQueue, reviewQueryKeys } from './api';
import { CallPicker } from './CallPicker';
import { OutlineMap } from './OutlineMap';
import {
  formatDay,
  formatHectares,
  isReviewStatus,
  mapKey,
  overlapsTag,
  reviewStatuses,
  reviewStatusLabel,
  statusColours,
  type CallChoice,
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

/** Issue 27 point 4: /cfs/submissions, a call's submissions by status, its map and exports. */
export function ReviewListPage() {
  useDocumentTitle('Call for sites submissions');
  const { choices, call, choose, isLoading, error, params, setParams } = useCallChoice();
  const wanted = params.get('status');
  const status = isReviewStatus(wanted) ? wanted : 'new';
  const queue = useQuery({
    queryKey: reviewQueryKeys.queue(call?.id ?? null, status),
    queryFn: ({ signal }) => fetchQueue(call!.id, status, signal),
    enabled: Boolean(call),
  });
  const setStatus = (next: string) =>
    setParams(
      (before) => {
        const after = new URLSearchParams(before);
        after.set('status', next);
        if (call) after.set('callId', call.id);
        return after;
      },
      { replace: true },
    );

  const table = (
    <Table<Row>
      rowKey="id"
      columns={columns}
      dataSource={queue.data?.submissions ?? []}
      loading={queue.isFetching && !queue.data}
      pagination={{ pageSize: 50, hideOnSinglePage: true }}
      scroll={{ x: 'max-content' }}
      locale={{
        emptyText: <Empty description={`No ${reviewStatusLabel(status).toLowerCase()} submissions`} />,
      }}
    />
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
          {queue.error && <Alert type="error" showIcon title={queue.error.message} />}
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
        </>
      )}
    </div>
  );
}
