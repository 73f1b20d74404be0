import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Drawer, Empty, Form, Input, Select, Space, Table, Tag, Typography } from 'antd';
import {
  adminUserMessages as m,
  authMessages,
  staffUserStatusLabels,
  staffUserStatuses,
  type StaffUser,
  type StaffUserStatus,
} from '@planning/shared';
import {
  adminUserKeys,
  changeRole,
  deleteUser,
  disableUser,
  enableUser,
  endSessions,
  fetchRoles,
  fetchStaff,
  inviteUser,
  type StaffFilters,
} from './api';
import { ErrorAlert, Frame, when } from './shared';
import { LoadingSpin } from '../../components/LoadingSpin';

const statusColour: Record<StaffUserStatus, string> = {
  active: 'green',
  invited: 'blue',
  disabled: 'default',
};

type InviteValues = { email: string; name: string; roleId: string };

/** /admin/placemaker/users: the council's staff, their roles and access (issue 16 point 3). */
export function UsersPage() {
  const queryClient = useQueryClient();
  const { message, modal } = App.useApp();
  const [filters, setFilters] = useState<StaffFilters>({});
  const [inviting, setInviting] = useState(false);
  const [actionError, setActionError] = useState<unknown>(null);
  const roles = useQuery({ queryKey: adminUserKeys.roles, queryFn: ({ signal }) => fetchRoles(signal) });
  const users = useQuery({
    queryKey: adminUserKeys.users(filters),
    queryFn: ({ signal }) => fetchStaff(filters, signal),
    placeholderData: (previous) => previous,
  });
  const refresh = () => queryClient.invalidateQueries({ queryKey: adminUserKeys.all });

  /** Runs one change on a user; the server's refusal (last administrator, yourself…) is shown. */
  const act = useMutation({
    mutationFn: (work: () => Promise<string>) => work(),
    onSuccess: async (text) => {
      setActionError(null);
      message.success(text);
      await refresh();
    },
    onError: (error) => setActionError(error),
  });
  const run = (work: () => Promise<string>) => act.mutateAsync(work).catch(() => undefined);

  const confirm = (
    title: string,
    content: string,
    okText: string,
    work: () => Promise<string>,
    danger = true,
  ) =>
    modal.confirm({
      title,
      content,
      okText,
      okButtonProps: { danger },
      cancelText: 'Cancel',
      onOk: () => run(work),
    });

  const roleOptions = (roles.data?.roles ?? []).map((role) => ({ value: role.id, label: role.name }));

  return (
    <Frame
      title="Users"
      extra={
        <Button type="primary" onClick={() => setInviting(true)}>
          Invite user
        </Button>
      }
    >
      <Typography.Paragraph type="secondary">
        Staff who sign in to this council. Invite people by email with a role; they choose their own password
        from the link. Disabling someone ends their sessions at once.
      </Typography.Paragraph>
      <Space wrap style={{ marginBottom: 16 }} role="search" aria-label="Filter users">
        <Input.Search
          allowClear
          placeholder="Name or email"
          aria-label="Search users"
          style={{ width: 260 }}
          onSearch={(search) => setFilters((f) => ({ ...f, search: search.trim() || undefined }))}
        />
        <Select
          allowClear
          placeholder="Any role"
          aria-label="Filter by role"
          style={{ width: 180 }}
          options={roleOptions}
          value={filters.roleId}
          onChange={(roleId?: string) => setFilters((f) => ({ ...f, roleId }))}
        />
        <Select
          allowClear
          placeholder="Any status"
          aria-label="Filter by status"
          style={{ width: 160 }}
          options={staffUserStatuses.map((s) => ({ value: s, label: staffUserStatusLabels[s] }))}
          value={filters.status}
          onChange={(status?: StaffUserStatus) => setFilters((f) => ({ ...f, status }))}
        />
      </Space>
      <ErrorAlert error={actionError} onClose={() => setActionError(null)} />
      {users.isPending ? (
        <LoadingSpin label="Loading users" />
      ) : users.isError ? (
        <ErrorAlert error={users.error} />
      ) : users.data.users.length === 0 ? (
        <Empty description="No users match" />
      ) : (
        <Table<StaffUser>
          rowKey="id"
          dataSource={users.data.users}
          pagination={{ pageSize: 50, hideOnSinglePage: true }}
          loading={users.isFetching && !users.isPending}
          columns={[
            {
              title: 'Name',
              dataIndex: 'name',
              render: (name: string, user) => (
                <Space>
                  {name}
                  {user.isYou && <Tag>You</Tag>}
                </Space>
              ),
            },
            { title: 'Email', dataIndex: 'email' },
            {
              title: 'Role',
              key: 'role',
              render: (_: unknown, user) => (
                <Select
                  aria-label={`Role of ${user.name}`}
                  style={{ width: 160 }}
                  value={user.role?.id}
                  placeholder="No role"
                  options={roleOptions}
                  onChange={(roleId: string) => {
                    const role = roleOptions.find((r) => r.value === roleId)?.label ?? '';
                    confirm(
                      `Change the role of ${user.name}?`,
                      `${user.name} will hold the role ${role} from their next action.`,
                      'Change role',
                      async () => (await changeRole(user.id, roleId)).message,
                      false,
                    );
                  }}
                />
              ),
            },
            {
              title: 'Status',
              dataIndex: 'status',
              render: (status: StaffUserStatus) => (
                <Tag color={statusColour[status]}>{staffUserStatusLabels[status]}</Tag>
              ),
            },
            { title: 'Last sign-in', dataIndex: 'lastSignInAt', render: when },
            {
              title: 'Actions',
              key: 'actions',
              render: (_: unknown, user) => (
                <Space wrap size={4}>
                  {user.status === 'invited' && user.role && (
                    <Button
                      size="small"
                      onClick={() =>
                        run(async () => {
                          await inviteUser({ email: user.email, name: user.name, roleId: user.role!.id });
                          return m.invitationResent(user.email);
                        })
                      }
                    >
                      Resend invitation
                    </Button>
                  )}
                  {user.status === 'active' && (
                    <Button
                      size="small"
                      onClick={() =>
                        confirm(
                          `End every session of ${user.name}?`,
                          'They are signed out everywhere and must sign in again.',
                          'End sessions',
                          async () => m.sessionsEnded((await endSessions(user.id)).ended),
                        )
                      }
                    >
                      End sessions
                    </Button>
                  )}
                  {user.status === 'disabled' ? (
                    <Button size="small" onClick={() => run(async () => (await enableUser(user.id)).message)}>
                      Enable
                    </Button>
                  ) : (
                    <Button
                      size="small"
                      onClick={() =>
                        confirm(
                          `Disable ${user.name}?`,
                          'Their sessions end at once and they cannot sign in until enabled again.',
                          'Disable',
                          async () => (await disableUser(user.id)).message,
                        )
                      }
                    >
                      Disable
                    </Button>
                  )}
                  <Button
                    size="small"
                    danger
                    onClick={() =>
                      confirm(
                        `Delete ${user.name}?`,
                        'Their sessions end, their role is removed and their name and email are erased. Records they made stay. This cannot be undone.',
                        'Delete',
                        async () => {
                          await deleteUser(user.id);
                          return m.userDeleted;
                        },
                      )
                    }
                  >
                    Delete
                  </Button>
                </Space>
              ),
            },
          ]}
        />
      )}
      {inviting && (
        <InviteDrawer
          roleOptions={roleOptions}
          onClose={() => setInviting(false)}
          onInvited={async (email) => {
            setInviting(false);
            message.success(m.invitationSent(email));
            await refresh();
          }}
        />
      )}
    </Frame>
  );
}

function InviteDrawer({
  roleOptions,
  onClose,
  onInvited,
}: {
  roleOptions: { value: string; label: string }[];
  onClose: () => void;
  onInvited: (email: string) => Promise<void>;
}) {
  const [form] = Form.useForm<InviteValues>();
  const invite = useMutation({
    mutationFn: (values: InviteValues) => inviteUser(values),
    onSuccess: (_, values) => onInvited(values.email.trim()),
  });
  return (
    <Drawer
      open
      title="Invite user"
      width={400}
      onClose={onClose}
      destroyOnHidden
      footer={
        <Space style={{ justifyContent: 'flex-end', width: '100%' }}>
          <Button onClick={onClose}>Cancel</Button>
          <Button type="primary" loading={invite.isPending} onClick={() => form.submit()}>
            Send invitation
          </Button>
        </Space>
      }
    >
      <Typography.Paragraph type="secondary">
        We email a link that works once for 7 days. They choose a password and are signed in.
      </Typography.Paragraph>
      <ErrorAlert error={invite.error} />
      <Form<InviteValues>
        form={form}
        layout="vertical"
        aria-label="Invite user"
        onFinish={(v) => invite.mutate(v)}
      >
        <Form.Item
          label="Email"
          name="email"
          rules={[
            { required: true, whitespace: true, message: authMessages.required },
            { type: 'email', message: authMessages.emailInvalid },
            { max: 99, message: authMessages.emailTooLong },
          ]}
        >
          <Input type="email" autoComplete="off" />
        </Form.Item>
        <Form.Item
          label="Name"
          name="name"
          rules={[
            { required: true, whitespace: true, message: m.nameRequired },
            { max: 128, message: m.nameTooLong },
          ]}
        >
          <Input autoComplete="off" />
        </Form.Item>
        <Form.Item label="Role" name="roleId" rules={[{ required: true, message: m.roleRequired }]}>
          <Select options={roleOptions} placeholder="Choose a role" />
        </Form.Item>
      </Form>
    </Drawer>
  );
}
