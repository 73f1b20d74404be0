import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Drawer, Empty, Form, Input, Space, Table, Tag, Typography } from 'antd';
import {
  accessActionLabels,
  accessActions,
  accessUnitLabels,
  accessUnits,
  grantsBeyond,
  adminUserMessages as m,
  grantKey,
  type AdminRole,
  type Grant,
} from '@planning/shared';
import { adminUserKeys, createRole, deleteRole, fetchRoles, setRoleGrants, updateRole } from './api';
import { GrantsMatrix } from './GrantsMatrix';
import { ErrorAlert, Frame } from './shared';
import { LoadingSpin } from '../../components/LoadingSpin';

type Editing = { mode: 'new' } | { mode: 'edit'; role: AdminRole };
type Values = { name: string; description: string };

/** A role's grants as one line per area: "Sites: read, write". */
function grantsByUnit(grants: readonly Grant[]) {
  return accessUnits
    .map((unit) => ({
      unit,
      actions: accessActions.filter((action) => grants.some((g) => g.unit === unit && g.action === action)),
    }))
    .filter((entry) => entry.actions.length > 0);
}

const sameGrants = (a: readonly Grant[], b: readonly Grant[]) =>
  a.length === b.length && a.every((g) => b.some((h) => grantKey(g) === grantKey(h)));

/** /admin/placemaker/roles: the council's roles and what each may do (issue 16 point 3). */
export function RolesPage() {
  const queryClient = useQueryClient();
  const { message, modal } = App.useApp();
  const [editing, setEditing] = useState<Editing | null>(null);
  const [deleteError, setDeleteError] = useState<unknown>(null);
  const roles = useQuery({ queryKey: adminUserKeys.roles, queryFn: ({ signal }) => fetchRoles(signal) });
  const refresh = () => queryClient.invalidateQueries({ queryKey: adminUserKeys.all });

  const remove = useMutation({
    mutationFn: (role: AdminRole) => deleteRole(role.id),
    onSuccess: async () => {
      setDeleteError(null);
      message.success(m.roleDeleted);
      await refresh();
    },
    onError: (error) => setDeleteError(error),
  });

  const askDelete = (role: AdminRole) =>
    modal.confirm({
      title: `Delete the role ${role.name}?`,
      content:
        role.userCount > 0
          ? m.roleInUse(role.userCount)
          : 'The role and its permissions are removed. This cannot be undone.',
      okText: 'Delete',
      okButtonProps: { danger: true },
      cancelText: 'Cancel',
      onOk: () => remove.mutateAsync(role).catch(() => undefined),
    });

  return (
    <Frame
      title="Roles"
      extra={
        <Button type="primary" onClick={() => setEditing({ mode: 'new' })}>
          New role
        </Button>
      }
    >
      <Typography.Paragraph type="secondary">
        A role is a set of permissions: read, write or delete on each area. Each staff member holds one role.
        The administrator role needs Placemaker read and Authorisation read, write and delete.
      </Typography.Paragraph>
      <ErrorAlert error={deleteError} onClose={() => setDeleteError(null)} />
      {roles.isPending ? (
        <LoadingSpin label="Loading roles" />
      ) : roles.isError ? (
        <ErrorAlert error={roles.error} />
      ) : roles.data.roles.length === 0 ? (
        <Empty description="No roles yet" />
      ) : (
        <Table<AdminRole>
          rowKey="id"
          dataSource={roles.data.roles}
          pagination={false}
          columns={[
            {
              title: 'Role',
              dataIndex: 'name',
              render: (name: string, role) => (
                <Space wrap>
                  <Typography.Text strong>{name}</Typography.Text>
                  {role.isAdminRole && <Tag color="gold">Administrator role</Tag>}
                </Space>
              ),
            },
            { title: 'Description', dataIndex: 'description', render: (d: string | null) => d ?? '—' },
            { title: 'Users', dataIndex: 'userCount', align: 'right' },
            {
              title: 'Permissions',
              key: 'grants',
              render: (_: unknown, role) =>
                role.grants.length === 0 ? (
                  <Typography.Text type="secondary">None</Typography.Text>
                ) : (
                  <Space size={[4, 4]} wrap>
                    {grantsByUnit(role.grants).map(({ unit, actions }) => (
                      <Tag key={unit}>
                        {accessUnitLabels[unit]}:{' '}
                        {actions.map((a) => accessActionLabels[a].toLowerCase()).join(', ')}
                      </Tag>
                    ))}
                  </Space>
                ),
            },
            {
              title: 'Actions',
              key: 'actions',
              render: (_: unknown, role) =>
                // The server refuses any change to a role holding more than you (issue 25): say so here.
                grantsBeyond(roles.data.yourGrants, role.grants).length > 0 ? (
                  <Typography.Text type="secondary">{m.roleBeyondHeld}</Typography.Text>
                ) : (
                  <Space>
                    <Button
                      size="small"
                      onClick={() => setEditing({ mode: 'edit', role })}
                      aria-label={`Edit ${role.name}`}
                    >
                      Edit
                    </Button>
                    <Button
                      size="small"
                      danger
                      onClick={() => askDelete(role)}
                      aria-label={`Delete ${role.name}`}
                    >
                      Delete
                    </Button>
                  </Space>
                ),
            },
          ]}
        />
      )}
      {editing && roles.data && (
        <RoleDrawer
          editing={editing}
          held={roles.data.yourGrants}
          onClose={() => setEditing(null)}
          onSaved={async (text) => {
            setEditing(null);
            message.success(text);
            await refresh();
          }}
        />
      )}
    </Frame>
  );
}

function RoleDrawer({
  editing,
  held,
  onClose,
  onSaved,
}: {
  editing: Editing;
  held: readonly Grant[];
  onClose: () => void;
  onSaved: (message: string) => Promise<void>;
}) {
  const [form] = Form.useForm<Values>();
  const initial = editing.mode === 'edit' ? editing.role.grants : [];
  const [grants, setGrants] = useState<Grant[]>(initial);
  const save = useMutation({
    mutationFn: async (values: Values) => {
      const name = values.name.trim();
      const description = (values.description ?? '').trim();
      if (editing.mode === 'new') {
        await createRole({ name, description, grants });
        return m.roleCreated;
      }
      const role = editing.role;
      if (name !== role.name || description !== (role.description ?? ''))
        await updateRole(role.id, { name, description });
      if (!sameGrants(grants, role.grants)) await setRoleGrants(role.id, grants);
      return m.roleSaved;
    },
    onSuccess: (text) => onSaved(text),
  });
  const title = editing.mode === 'new' ? 'New role' : `Edit role ${editing.role.name}`;
  return (
    <Drawer
      open
      title={title}
      width={560}
      onClose={onClose}
      destroyOnHidden
      footer={
        <Space style={{ justifyContent: 'flex-end', width: '100%' }}>
          <Button onClick={onClose}>Cancel</Button>
          <Button type="primary" loading={save.isPending} onClick={() => form.submit()}>
            {editing.mode === 'new' ? 'Create role' : 'Save'}
          </Button>
        </Space>
      }
    >
      <ErrorAlert error={save.error} />
      <Form<Values>
        form={form}
        layout="vertical"
        aria-label={title}
        initialValues={
          editing.mode === 'edit'
            ? { name: editing.role.name, description: editing.role.description ?? '' }
            : { name: '', description: '' }
        }
        onFinish={(values) => save.mutate(values)}
      >
        <Form.Item
          label="Name"
          name="name"
          rules={[
            { required: true, whitespace: true, message: m.roleNameRequired },
            { max: 64, message: m.roleNameTooLong },
          ]}
        >
          <Input maxLength={64} />
        </Form.Item>
        <Form.Item
          label="Description"
          name="description"
          rules={[{ max: 500, message: m.descriptionTooLong }]}
        >
          <Input.TextArea rows={2} maxLength={500} />
        </Form.Item>
        <Typography.Title level={3} style={{ fontSize: 16 }} id="role-permissions">
          Permissions
        </Typography.Title>
        <div role="group" aria-labelledby="role-permissions">
          <GrantsMatrix value={grants} onChange={setGrants} held={held} initial={initial} />
        </div>
      </Form>
    </Drawer>
  );
}
