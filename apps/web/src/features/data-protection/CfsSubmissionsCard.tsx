import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Card, Form, Input, Modal, Space, Table, Typography } from 'antd';
import type { TableColumnsType } from 'antd';
import { submissionStatusLabels, submitterLookupQuerySchema, type SubmitterLookup } from '@planning/shared';
import { notifyError } from '../../platform/notices/notifyError';
import { cfsSubmitterQueryKeys, findSubmitters, setSubmissionsDeleted } from './cfsSubmissionsApi';

type Account = SubmitterLookup['accounts'][number];
type Row = Account['submissions'][number];

const day = (iso: string) =>
  new Date(iso).toLocaleDateString('en-GB', { dateStyle: 'medium', timeZone: 'Europe/London' });

const columns: TableColumnsType<Row> = [
  { title: 'Reference', dataIndex: 'reference', render: (value: string | null) => value ?? 'Draft' },
  { title: 'Call for sites', dataIndex: 'callName' },
  { title: 'Status', dataIndex: 'status', render: (status: Row['status']) => submissionStatusLabels[status] },
  { title: 'Last changed', dataIndex: 'updatedAt', render: day },
  {
    title: 'Deleted',
    dataIndex: 'deletedAt',
    render: (value: string | null) => (value ? `Deleted ${day(value)}` : 'No'),
  },
];

/** One account: its submissions, and deleting or restoring them all (the routes work by account). */
function AccountSubmissions({ account, email }: { account: Account; email: string }) {
  const client = useQueryClient();
  const { message } = App.useApp();
  const [confirming, setConfirming] = useState<'delete' | 'restore' | null>(null);
  const change = useMutation({
    mutationFn: (deleted: boolean) => setSubmissionsDeleted([account.userId], deleted),
    onSuccess: async (answer) => {
      setConfirming(null);
      void message.success(answer.message);
      await client.invalidateQueries({ queryKey: cfsSubmitterQueryKeys.byEmail(email) });
    },
    onError: (error) => notifyError(error),
  });
  const live = account.submissions.filter((row) => !row.deletedAt).length;
  const deleted = account.submissions.length - live;
  const who = account.name ? `${account.name} (${account.email})` : account.email;
  return (
    <section className="data-protection__cfs-account" aria-label={`Submissions of ${who}`}>
      <Typography.Title level={3}>{who}</Typography.Title>
      <Table
        rowKey="id"
        size="small"
        columns={columns}
        dataSource={account.submissions}
        pagination={false}
        locale={{ emptyText: 'This account has made no call for sites submission.' }}
      />
      <Space wrap className="data-protection__cfs-actions">
        {live > 0 && (
          <Button danger onClick={() => setConfirming('delete')}>
            Delete their submissions
          </Button>
        )}
        {deleted > 0 && <Button onClick={() => setConfirming('restore')}>Restore their submissions</Button>}
      </Space>
      <Modal
        open={confirming !== null}
        title={
          confirming === 'delete'
            ? `Delete the submissions of ${account.email}?`
            : `Restore the submissions of ${account.email}?`
        }
        okText={confirming === 'delete' ? 'Delete' : 'Restore'}
        okButtonProps={{ danger: confirming === 'delete', loading: change.isPending }}
        onOk={() => change.mutate(confirming === 'delete')}
        onCancel={() => setConfirming(null)}
      >
        <p>
          {confirming === 'delete'
            ? `Their ${live === 1 ? 'submission leaves' : `${live} submissions leave`} review, the figures, exports and their own list until restored. Land already accepted stays a site.`
            : `Their ${deleted === 1 ? 'deleted submission comes' : `${deleted} deleted submissions come`} back as they were.`}
        </p>
      </Modal>
    </section>
  );
}

/**
 * Spec 03 §7 /submissions delete and restore (issue 27 point 5): a person's call for sites
 * submissions, found by their email address, deleted on request and restored if need be.
 */
export function CfsSubmissionsCard() {
  const [text, setText] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [email, setEmail] = useState<string | null>(null);
  const found = useQuery({
    queryKey: cfsSubmitterQueryKeys.byEmail(email ?? ''),
    queryFn: ({ signal }) => findSubmitters(email!, signal),
    enabled: email !== null,
  });
  const find = () => {
    const parsed = submitterLookupQuerySchema.safeParse({ email: text });
    if (!parsed.success) {
      setProblem(parsed.error.issues[0]?.message ?? 'Enter an email address');
      return;
    }
    setProblem(null);
    setEmail(parsed.data.email);
  };
  return (
    <Card title={<h2 className="data-protection__heading">Call for sites submissions</h2>}>
      <Typography.Paragraph>
        Find a person’s call for sites submissions by their email address (their account’s, or the contact
        address they gave), then delete them on request or restore them. Deleted submissions leave review, the
        figures and exports; land already accepted stays a site.
      </Typography.Paragraph>
      <Form layout="vertical" onFinish={find} requiredMark={false}>
        <Form.Item
          label="Email address"
          htmlFor="dp-cfs-email"
          validateStatus={problem ? 'error' : undefined}
          help={problem ?? undefined}
        >
          <Space.Compact style={{ width: '100%', maxWidth: 480 }}>
            <Input
              id="dp-cfs-email"
              type="email"
              autoComplete="off"
              value={text}
              aria-invalid={problem ? true : undefined}
              onChange={(event) => setText(event.target.value)}
            />
            <Button type="primary" htmlType="submit" loading={found.isFetching}>
              Find submissions
            </Button>
          </Space.Compact>
        </Form.Item>
      </Form>
      {found.isError && <Alert type="error" showIcon message={found.error.message} />}
      {found.data && found.data.accounts.length === 0 && (
        <p role="status">No consultation account or submission has the address {email}.</p>
      )}
      {found.data?.accounts.map((account) => (
        <AccountSubmissions key={account.userId} account={account} email={email!} />
      ))}
    </Card>
  );
}
