import { useState, type ReactNode } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Empty, Form, Input, Popconfirm, Select, Spin, Table, Tag, Typography } from 'antd';
import { API_KEY_LIMITS, apiKeyMessages, type ApiKey, type CreatedApiKey } from '@planning/shared';
import { ApiError } from '../../api/client';
import {
  apiKeyQueryKeys,
  createApiKey,
  expiryChoices,
  expiryDate,
  fetchApiKeys,
  ogcAddress,
  revokeApiKey,
} from './api';

type FormValues = { name: string; expiry: string };

const when = (iso: string | null) => (iso ? new Date(iso).toLocaleString('en-GB') : '—');

/**
 * The user's personal API keys for QGIS and other OGC API clients (issue 13 point 6): the
 * 'API keys' tab of /settings (`embedded`: inside the settings page, which has the heading and frame).
 */
export function ApiKeysPage({ embedded = false }: { embedded?: boolean }) {
  const queryClient = useQueryClient();
  const [form] = Form.useForm<FormValues>();
  const [created, setCreated] = useState<CreatedApiKey | null>(null);
  const keys = useQuery({ queryKey: apiKeyQueryKeys.list, queryFn: ({ signal }) => fetchApiKeys(signal) });

  const create = useMutation({
    mutationFn: (values: FormValues) =>
      createApiKey({ name: values.name, expiresAt: expiryDate(values.expiry) }),
    onSuccess: (key) => {
      setCreated(key);
      form.resetFields();
      void queryClient.invalidateQueries({ queryKey: apiKeyQueryKeys.list });
    },
  });
  const revoke = useMutation({
    mutationFn: (id: string) => revokeApiKey(id),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: apiKeyQueryKeys.list }),
  });

  const errorOf = (error: unknown) =>
    error instanceof ApiError ? (error.issues[0]?.message ?? error.message) : String(error);
  const origin = window.location.origin;

  return (
    <Frame embedded={embedded}>
      <Typography.Title level={2}>API keys</Typography.Title>
      <Typography.Paragraph>
        A personal API key lets QGIS, GDAL and other OGC API clients read this council’s sites and layers as
        you, read-only. In QGIS, add an “OGC API - Features” connection (Layer › Add Layer › Add WFS / OGC API
        - Features Layer) with the address below, including your key.
      </Typography.Paragraph>
      <Typography.Paragraph>
        <Typography.Text code copyable>
          {ogcAddress(origin, 'YOUR_KEY')}
        </Typography.Text>
      </Typography.Paragraph>

      {created && (
        <Alert
          type="success"
          showIcon
          closable
          onClose={() => setCreated(null)}
          message={apiKeyMessages.created}
          description={
            <>
              <Typography.Paragraph>
                <Typography.Text code copyable={{ text: created.key, tooltips: ['Copy key', 'Copied'] }}>
                  {created.key}
                </Typography.Text>
              </Typography.Paragraph>
              <Typography.Paragraph>
                Address for QGIS:{' '}
                <Typography.Text code copyable>
                  {ogcAddress(origin, created.key)}
                </Typography.Text>
              </Typography.Paragraph>
            </>
          }
          style={{ marginBottom: 24 }}
        />
      )}

      <Form<FormValues>
        form={form}
        layout="inline"
        initialValues={{ name: '', expiry: '90' }}
        onFinish={(values) => create.mutate(values)}
        aria-label="Create an API key"
        style={{ marginBottom: 16, rowGap: 8 }}
      >
        <Form.Item
          name="name"
          label="Name"
          rules={[
            { required: true, whitespace: true, message: apiKeyMessages.nameRequired },
            { max: API_KEY_LIMITS.nameMax, message: apiKeyMessages.nameTooLong },
          ]}
        >
          <Input placeholder="QGIS on my laptop" maxLength={API_KEY_LIMITS.nameMax} />
        </Form.Item>
        <Form.Item name="expiry" label="Expires">
          <Select
            style={{ width: 140 }}
            options={expiryChoices.map(({ value, label }) => ({ value, label }))}
          />
        </Form.Item>
        <Form.Item>
          <Button type="primary" htmlType="submit" loading={create.isPending}>
            Create key
          </Button>
        </Form.Item>
      </Form>
      {create.isError && (
        <Alert type="error" role="alert" message={errorOf(create.error)} style={{ marginBottom: 16 }} />
      )}
      {revoke.isError && (
        <Alert type="error" role="alert" message={errorOf(revoke.error)} style={{ marginBottom: 16 }} />
      )}

      {keys.isPending ? (
        <Spin />
      ) : keys.isError ? (
        <Alert type="error" role="alert" message={errorOf(keys.error)} />
      ) : keys.data.length === 0 ? (
        <Empty description={apiKeyMessages.empty} />
      ) : (
        <Table<ApiKey>
          rowKey="id"
          dataSource={keys.data}
          pagination={false}
          columns={[
            { title: 'Name', dataIndex: 'name' },
            {
              title: 'Key',
              dataIndex: 'prefix',
              render: (prefix: string) => <Typography.Text code>{`${prefix}_…`}</Typography.Text>,
            },
            { title: 'Created', dataIndex: 'createdAt', render: when },
            { title: 'Last used', dataIndex: 'lastUsedAt', render: when },
            {
              title: 'Expires',
              dataIndex: 'expiresAt',
              render: (expiresAt: string | null, key) =>
                key.expired ? <Tag color="red">Expired</Tag> : expiresAt ? when(expiresAt) : 'Never',
            },
            {
              title: 'Actions',
              key: 'actions',
              render: (_, key) => (
                <Popconfirm
                  title={`Revoke “${key.name}”?`}
                  description="Clients using it are refused from their next call."
                  okText="Revoke"
                  okButtonProps={{ danger: true }}
                  onConfirm={() => revoke.mutate(key.id)}
                >
                  <Button danger aria-label={`Revoke ${key.name}`}>
                    Revoke
                  </Button>
                </Popconfirm>
              ),
            },
          ]}
        />
      )}
    </Frame>
  );
}

function Frame({ embedded, children }: { embedded: boolean; children: ReactNode }) {
  if (embedded) return <section className="api-keys-page">{children}</section>;
  return (
    <main className="api-keys-page" style={{ maxWidth: 960, margin: '0 auto', padding: 24 }}>
      <Typography.Title level={1}>Settings</Typography.Title>
      {children}
    </main>
  );
}
