import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Drawer, Empty, Input, List, Select, Space, Table, Tag, Typography } from 'antd';
import { adminUserMessages as m, type PublicUser } from '@planning/shared';
import {
  adminUserKeys,
  deletePublicRecords,
  deletePublicUser,
  fetchPublicUsers,
  fetchResponses,
  verifyPublicUser,
  type PublicFilters,
} from './api';
import { ErrorAlert, Frame, when } from './shared';
import { LoadingSpin } from '../../components/LoadingSpin';

/** /admin/placemaker/firebase-users: consultation accounts, their responses (spec 03 §7.3). */
export function PublicUsersPage() {
  const queryClient = useQueryClient();
  const { message, modal } = App.useApp();
  const [filters, setFilters] = useState<PublicFilters>({});
  const [viewing, setViewing] = useState<PublicUser | null>(null);
  const [actionError, setActionError] = useState<unknown>(null);
  const users = useQuery({
    queryKey: adminUserKeys.publicUsers(filters),
    queryFn: ({ signal }) => fetchPublicUsers(filters, signal),
    placeholderData: (previous) => previous,
  });

  const act = useMutation({
    mutationFn: (work: () => Promise<string>) => work(),
    onSuccess: async (text) => {
      setActionError(null);
      message.success(text);
      await queryClient.invalidateQueries({ queryKey: adminUserKeys.all });
    },
    onError: (error) => setActionError(error),
  });
  const run = (work: () => Promise<string>) => act.mutateAsync(work).catch(() => undefined);

  const askDeleteRecords = (user: PublicUser) =>
    modal.confirm({
      title: m.deleteAnswerTitle,
      content: `Every response of ${user.email} (${user.responseCount}) and its answers will be deleted. The account stays. This cannot be undone.`,
      okText: 'Delete',
      okButtonProps: { danger: true },
      cancelText: 'Cancel',
      onOk: () => run(async () => m.recordsDeleted((await deletePublicRecords(user.id)).deleted)),
    });
  const askDeleteAccount = (user: PublicUser) =>
    modal.confirm({
      title: 'Delete Account?',
      content: `The account ${user.email}, its ${user.responseCount} ${user.responseCount === 1 ? 'response' : 'responses'} and their answers will be deleted. This cannot be undone.`,
      okText: 'Delete',
      okButtonProps: { danger: true },
      cancelText: 'Cancel',
      onOk: () =>
        run(async () => {
          await deletePublicUser(user.id);
          setViewing((current) => (current?.id === user.id ? null : current));
          return m.accountDeleted;
        }),
    });

  return (
    <Frame title="Consultation accounts">
      <Typography.Paragraph type="secondary">
        Residents who signed up to answer consultations. Verify an address someone could not confirm, or
        delete a person&apos;s responses or whole account when they ask (a data-protection request).
      </Typography.Paragraph>
      <Space wrap style={{ marginBottom: 16 }} role="search" aria-label="Filter consultation accounts">
        <Input.Search
          allowClear
          placeholder="Name or email"
          aria-label="Search consultation accounts"
          style={{ width: 260 }}
          onSearch={(search) => setFilters((f) => ({ ...f, search: search.trim() || undefined }))}
        />
        <Select
          allowClear
          placeholder="Verified or not"
          aria-label="Filter by verification"
          style={{ width: 180 }}
          value={filters.verified}
          options={[
            { value: 'true', label: 'Verified' },
            { value: 'false', label: 'Not verified' },
          ]}
          onChange={(verified?: 'true' | 'false') => setFilters((f) => ({ ...f, verified }))}
        />
      </Space>
      <ErrorAlert error={actionError} onClose={() => setActionError(null)} />
      {users.isPending ? (
        <LoadingSpin label="Loading consultation accounts" />
      ) : users.isError ? (
        <ErrorAlert error={users.error} />
      ) : users.data.users.length === 0 ? (
        <Empty description="No consultation accounts match" />
      ) : (
        <Table<PublicUser>
          rowKey="id"
          dataSource={users.data.users}
          pagination={{ pageSize: 50, hideOnSinglePage: true }}
          loading={users.isFetching && !users.isPending}
          columns={[
            { title: 'Name', dataIndex: 'name' },
            { title: 'Email', dataIndex: 'email' },
            {
              title: 'Email verified',
              dataIndex: 'verified',
              render: (verified: boolean) =>
                verified ? <Tag color="green">Verified</Tag> : <Tag color="orange">Not verified</Tag>,
            },
            { title: 'Created', dataIndex: 'createdAt', render: when },
            { title: 'Last sign-in', dataIndex: 'lastSignInAt', render: when },
            {
              title: 'Responses',
              dataIndex: 'responseCount',
              align: 'right',
              render: (count: number, user) => (
                <Button
                  type="link"
                  size="small"
                  onClick={() => setViewing(user)}
                  aria-label={`Responses of ${user.email}: ${count}`}
                >
                  {count}
                </Button>
              ),
            },
            {
              title: 'Actions',
              key: 'actions',
              render: (_: unknown, user) => (
                <Space wrap size={4}>
                  {!user.verified && (
                    <Button
                      size="small"
                      onClick={() => run(async () => (await verifyPublicUser(user.id)).message)}
                    >
                      Verify
                    </Button>
                  )}
                  {user.responseCount > 0 && (
                    <Button size="small" danger onClick={() => askDeleteRecords(user)}>
                      Delete responses
                    </Button>
                  )}
                  <Button size="small" danger onClick={() => askDeleteAccount(user)}>
                    Delete account
                  </Button>
                </Space>
              ),
            },
          ]}
        />
      )}
      {viewing && <ResponsesDrawer user={viewing} onClose={() => setViewing(null)} />}
    </Frame>
  );
}

function ResponsesDrawer({ user, onClose }: { user: PublicUser; onClose: () => void }) {
  const responses = useQuery({
    queryKey: adminUserKeys.responses(user.id),
    queryFn: ({ signal }) => fetchResponses(user.id, signal),
  });
  return (
    <Drawer open title={`Responses of ${user.name}`} width={400} onClose={onClose} destroyOnHidden>
      <Typography.Paragraph type="secondary">{user.email}</Typography.Paragraph>
      {responses.isPending ? (
        <LoadingSpin label="Loading responses" />
      ) : responses.isError ? (
        <ErrorAlert error={responses.error} />
      ) : responses.data.responses.length === 0 ? (
        <Empty description="No responses" />
      ) : (
        <List
          dataSource={responses.data.responses}
          renderItem={(response) => (
            <List.Item>
              <List.Item.Meta
                title={response.documentTitle}
                description={`${response.answerCount} ${response.answerCount === 1 ? 'answer' : 'answers'} · first ${when(response.createdAt)} · last changed ${when(response.updatedAt)}`}
              />
            </List.Item>
          )}
        />
      )}
    </Drawer>
  );
}
