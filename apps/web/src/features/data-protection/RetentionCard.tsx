import { useEffect, useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  Alert,
  App,
  Button,
  Card,
  Form,
  Input,
  InputNumber,
  Progress,
  Space,
  Switch,
  Table,
  Tag,
  Typography,
} from 'antd';
import type { TableColumnsType } from 'antd';
import { DownloadOutlined } from '@ant-design/icons';
import {
  featureAccess,
  retentionMessages,
  retentionRecordTypes,
  retentionRuleInfo,
  retentionRulesSchema,
  type RetentionMode,
  type RetentionReportItem,
  type RetentionRules,
  type RetentionRun,
  type RetentionRunSummary,
  type RetentionSettings,
} from '@planning/shared';
import { ApiError } from '../../api/client';
import { notifyError } from '../../platform/notices/notifyError';
import { useAccess } from '../../platform/session/hooks';
import {
  downloadRetentionCsv,
  fetchRetention,
  fetchRetentionRun,
  fetchRetentionRuns,
  retentionQueryKeys,
  savePlanAdoption,
  saveRetentionRules,
  startRetention,
} from './api';

// Polled while a run goes; a finished run never changes.
const POLL_MS = 1_000;
const FIELDS = [...retentionRecordTypes, 'scheduled'] as const;

const dateTime = (iso: string) =>
  new Date(iso).toLocaleString('en-GB', {
    dateStyle: 'medium',
    timeStyle: 'short',
    timeZone: 'Europe/London',
  });
const count = (value: number | null) => (value === null ? '—' : value.toLocaleString('en-GB'));
const modeName = (run: Pick<RetentionRunSummary, 'mode' | 'trigger'>) =>
  `${run.mode === 'run' ? 'Run' : 'Dry run'}${run.trigger === 'schedule' ? ' (daily)' : ''}`;

/** The rules: a period per record type, and the daily run. */
function RulesForm({ settings, canWrite }: { settings: RetentionSettings; canWrite: boolean }) {
  const [form] = Form.useForm<RetentionRules>();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  useEffect(() => form.setFieldsValue(settings.rules), [form, settings.rules]);
  const save = useMutation({
    mutationFn: saveRetentionRules,
    onSuccess: (saved) => {
      queryClient.setQueryData(retentionQueryKeys.settings, saved);
      void message.success(retentionMessages.saved);
    },
    onError: (error) => {
      if (!(error instanceof ApiError) || error.status !== 400) return notifyError(error);
      form.setFields(
        FIELDS.map((name) => ({
          name,
          errors: error.issues.filter((issue) => issue.path === `body.${name}`).map((issue) => issue.message),
        })),
      );
    },
  });
  // The route's own schema checks the form first, with the same words.
  const submit = (values: RetentionRules) => {
    const checked = retentionRulesSchema.safeParse(values);
    form.setFields(
      FIELDS.map((name) => ({
        name,
        errors: checked.success
          ? []
          : checked.error.issues.filter((issue) => issue.path[0] === name).map((issue) => issue.message),
      })),
    );
    if (checked.success) save.mutate(checked.data);
  };
  return (
    <Form
      form={form}
      layout="horizontal"
      labelCol={{ span: 8 }}
      wrapperCol={{ span: 16 }}
      disabled={!canWrite}
      onFinish={submit}
      requiredMark={false}
      aria-label="Retention rules"
    >
      {retentionRecordTypes.map((type) => {
        const info = retentionRuleInfo[type];
        return (
          <Form.Item key={type} name={type} label={info.label} extra={info.action}>
            <InputNumber
              aria-label={info.label}
              addonAfter={`${info.unit} ${info.after}`}
              style={{ width: 360 }}
            />
          </Form.Item>
        );
      })}
      <Form.Item
        name="scheduled"
        label="Run every day"
        valuePropName="checked"
        extra="Off: records are removed only by “Run now”."
      >
        <Switch aria-label="Run every day" />
      </Form.Item>
      <Form.Item wrapperCol={{ offset: 8 }}>
        <Button type="primary" htmlType="submit" loading={save.isPending}>
          Save rules
        </Button>
        {settings.updatedAt && (
          <Typography.Text type="secondary" className="data-protection__saved">
            Last changed {dateTime(settings.updatedAt)}
            {settings.updatedByName ? ` by ${settings.updatedByName}` : ''}
          </Typography.Text>
        )}
      </Form.Item>
    </Form>
  );
}

/** Each consultation's plan adoption date: its representations' people are kept the rule's years after it. */
function Adoptions({ settings, canWrite }: { settings: RetentionSettings; canWrite: boolean }) {
  const queryClient = useQueryClient();
  const { message } = App.useApp();
  const [dates, setDates] = useState<Record<string, string>>({});
  const save = useMutation({
    mutationFn: ({ id, date }: { id: string; date: string | null }) => savePlanAdoption(id, date),
    onSuccess: (saved) => {
      queryClient.setQueryData(retentionQueryKeys.settings, saved);
      void message.success(retentionMessages.adoptionSaved);
    },
    onError: (error) => notifyError(error),
  });
  const columns: TableColumnsType<RetentionSettings['consultations'][number]> = [
    { title: 'Consultation', dataIndex: 'name' },
    { title: 'Ended', dataIndex: 'endsOn' },
    { title: 'Representations', dataIndex: 'representationCount', align: 'right' },
    {
      title: 'Plan adopted on',
      key: 'adopted',
      render: (_, event) => (
        <Space.Compact>
          <Input
            type="date"
            aria-label={`Plan adopted on, ${event.name}`}
            disabled={!canWrite}
            value={dates[event.id] ?? event.planAdoptedOn ?? ''}
            onChange={(change) => setDates((current) => ({ ...current, [event.id]: change.target.value }))}
          />
          <Button
            disabled={
              !canWrite || (dates[event.id] ?? event.planAdoptedOn ?? '') === (event.planAdoptedOn ?? '')
            }
            loading={save.isPending && save.variables?.id === event.id}
            aria-label={`Save the adoption date of ${event.name}`}
            onClick={() => save.mutate({ id: event.id, date: dates[event.id] || null })}
          >
            Save
          </Button>
        </Space.Compact>
      ),
    },
  ];
  return (
    <section aria-label="Plan adoption dates">
      <h3 className="data-protection__subheading">Plan adoption dates</h3>
      <Typography.Paragraph>
        People’s details on a consultation’s representations are kept until the plan it was part of has been
        adopted for the period above. A consultation without a date keeps them.
      </Typography.Paragraph>
      <Table
        rowKey="id"
        size="small"
        columns={columns}
        dataSource={settings.consultations}
        pagination={false}
      />
    </section>
  );
}

const reportColumns = (mode: RetentionMode): TableColumnsType<RetentionReportItem> => [
  { title: 'Record type', dataIndex: 'label' },
  { title: 'Rule', dataIndex: 'rule' },
  { title: 'Past the rule', dataIndex: 'found', align: 'right', render: count },
  ...(mode === 'run'
    ? [
        { title: 'Removed', dataIndex: 'done', align: 'right' as const, render: count },
        { title: 'Failed', dataIndex: 'failed', align: 'right' as const, render: count },
      ]
    : []),
  {
    title: 'Oldest',
    dataIndex: 'oldest',
    className: 'data-protection__date',
    render: (oldest: string | null) => oldest?.slice(0, 10) ?? '—',
  },
  {
    title: 'Examples',
    dataIndex: 'examples',
    render: (examples: string[]) => (
      <ul className="data-protection__examples">
        {examples.map((example) => (
          <li key={example}>{example}</li>
        ))}
      </ul>
    ),
  },
];

/** One run: its progress, then its report. */
function RunReport({ run }: { run: RetentionRun }) {
  if (run.status === 'queued' || run.status === 'running')
    return (
      <div role="status" className="data-protection__progress">
        <p>{retentionMessages.started[run.mode]}</p>
        <Progress
          percent={run.progress.total ? Math.round((100 * run.progress.done) / run.progress.total) : 0}
          aria-label="Record types done"
        />
      </div>
    );
  if (run.status !== 'succeeded' || !run.report)
    return <Alert type="error" showIcon message={run.error ?? 'The retention run failed.'} />;
  const { report } = run;
  return (
    <section aria-label="Retention report" className="data-protection__findings">
      <Typography.Paragraph strong>
        {modeName(run)} of {dateTime(run.startedAt)}:{' '}
        {report.mode === 'run'
          ? `${count(run.done)} records deleted or anonymised.`
          : `${count(run.found)} records are past their rules. Nothing was changed.`}
      </Typography.Paragraph>
      <Button
        icon={<DownloadOutlined aria-hidden />}
        onClick={() => void downloadRetentionCsv(run.id).catch(notifyError)}
      >
        Download the report
      </Button>
      <Table
        className="data-protection__tables"
        rowKey="type"
        size="small"
        columns={reportColumns(report.mode)}
        dataSource={report.items}
        pagination={false}
      />
    </section>
  );
}

/** Issue 26 point 5: the council's retention rules, dry runs, runs and the last runs. */
export function RetentionCard() {
  const { modal } = App.useApp();
  const queryClient = useQueryClient();
  const { permitted: canWrite } = useAccess(featureAccess.retention);
  const [runId, setRunId] = useState<string | null>(null);
  const settings = useQuery({
    queryKey: retentionQueryKeys.settings,
    queryFn: ({ signal }) => fetchRetention(signal),
  });
  const runs = useQuery({
    queryKey: retentionQueryKeys.runs,
    queryFn: ({ signal }) => fetchRetentionRuns(signal),
  });
  const run = useQuery({
    queryKey: retentionQueryKeys.run(runId ?? ''),
    queryFn: ({ signal }) => fetchRetentionRun(runId!, signal),
    enabled: runId !== null,
    refetchInterval: (query) =>
      query.state.data && ['queued', 'running'].includes(query.state.data.status) ? POLL_MS : false,
  });
  const finished = run.data && !['queued', 'running'].includes(run.data.status);
  useEffect(() => {
    if (finished) void queryClient.invalidateQueries({ queryKey: retentionQueryKeys.runs });
  }, [finished, queryClient]);

  const start = useMutation({
    mutationFn: startRetention,
    onSuccess: (started) => {
      setRunId(started.id);
      void queryClient.invalidateQueries({ queryKey: retentionQueryKeys.runs });
    },
    onError: (error) => notifyError(error),
  });
  const confirmRun = () =>
    modal.confirm({
      title: 'Run the retention rules now?',
      content:
        'Every record past its rule is deleted, and people’s details on representations are removed. This cannot be undone. A dry run shows what would go.',
      okText: 'Run now',
      okButtonProps: { danger: true },
      cancelText: 'Cancel',
      onOk: () => start.mutateAsync('run').catch(() => undefined),
    });

  const runColumns: TableColumnsType<RetentionRunSummary> = [
    { title: 'Started', dataIndex: 'startedAt', render: dateTime },
    { title: 'Kind', key: 'kind', render: (_, entry) => modeName(entry) },
    { title: 'By', dataIndex: 'startedBy', render: (name: string | null) => name ?? 'Daily run' },
    {
      title: 'Status',
      dataIndex: 'status',
      render: (status: string) => (
        <Tag color={status === 'succeeded' ? 'green' : status === 'failed' ? 'red' : 'blue'}>{status}</Tag>
      ),
    },
    { title: 'Past the rules', dataIndex: 'found', align: 'right', render: count },
    { title: 'Removed', dataIndex: 'done', align: 'right', render: count },
    {
      title: 'Report',
      key: 'report',
      render: (_, entry) => (
        <Button
          size="small"
          onClick={() => setRunId(entry.id)}
          aria-label={`Show the report of ${dateTime(entry.startedAt)}`}
        >
          Show
        </Button>
      ),
    },
  ];

  return (
    <Card
      className="data-protection__retention"
      title={<h2 className="data-protection__heading">Retention</h2>}
    >
      <Typography.Paragraph>
        How long the council keeps each kind of record (UK GDPR article 5(1)(e)). Records past their rule are
        removed every day when the daily run is on; a dry run shows what would go without changing anything.
        Each run is recorded in the audit log.
      </Typography.Paragraph>
      {settings.isError && <Alert type="error" showIcon message={settings.error.message} />}
      {settings.data && <RulesForm settings={settings.data} canWrite={canWrite} />}
      <Space className="data-protection__actions">
        <Button
          disabled={!canWrite}
          loading={start.isPending && start.variables === 'dry-run'}
          onClick={() => start.mutate('dry-run')}
        >
          Dry run
        </Button>
        <Button
          danger
          disabled={!canWrite}
          loading={start.isPending && start.variables === 'run'}
          onClick={confirmRun}
        >
          Run now
        </Button>
      </Space>
      {run.isError && <Alert type="error" showIcon message={run.error.message} />}
      {run.data && <RunReport run={run.data} />}
      <section aria-label="Last runs">
        <h3 className="data-protection__subheading">Last runs</h3>
        <Table
          rowKey="id"
          size="small"
          loading={runs.isPending}
          columns={runColumns}
          dataSource={runs.data?.runs}
          pagination={false}
          locale={{ emptyText: 'No retention run yet' }}
        />
      </section>
      {settings.data && <Adoptions settings={settings.data} canWrite={canWrite} />}
    </Card>
  );
}
