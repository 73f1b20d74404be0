import { useEffect, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Card, Form, Input, Select, Space, Typography } from 'antd';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { allowListKinds, allowListMessages as m, featureAccess, type AllowListKind } from '@planning/shared';
import { ApiError } from '../../api/client';
import { Permitted } from '../../platform/access/Permitted';
import { useAccess } from '../../platform/session/hooks';
import { notifyError } from '../../platform/notices/notifyError';
import { dataProtectionSettingsKeys, fetchAllowList, saveAllowList } from './api';

type Row = { kind: AllowListKind; value: string; note?: string | null };
type Values = { entries: Row[] };

const kindLabels: Record<AllowListKind, string> = {
  name: 'Name',
  'email address': 'Email address',
  'telephone number': 'Telephone number',
  address: 'Address or postcode',
};

/**
 * Issue 26 point 2: contacts public in their role, never proposed for redaction. The officer
 * edits the whole list and saves it; the server checks each entry with the shared schema.
 */
export function AllowListCard() {
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
  const queryClient = useQueryClient();
  const canWrite = useAccess(featureAccess.dataProtectionSettings).permitted;
  const [saving, setSaving] = useState(false);
  const [formError, setFormError] = useState<string | null>(null);
  const list = useQuery({
    queryKey: dataProtectionSettingsKeys.allowList,
    queryFn: ({ signal }) => fetchAllowList(signal),
  });

  useEffect(() => {
    if (list.data) form.setFieldsValue({ entries: list.data.entries as Row[] });
  }, [form, list.data]);

  const submit = async (values: Values) => {
    setFormError(null);
    // The last attempt's messages go: a corrected entry no longer says it is wrong.
    const fieldNames = ['kind', 'value', 'note'] as const;
    form.setFields(
      (values.entries ?? []).flatMap((_, index) =>
        fieldNames.map((field) => ({
          name: ['entries', index, field] as ['entries', number, keyof Row],
          errors: [],
        })),
      ),
    );
    setSaving(true);
    try {
      const saved = await saveAllowList({ entries: values.entries ?? [] });
      queryClient.setQueryData(dataProtectionSettingsKeys.allowList, saved);
      void message.success(m.saved);
    } catch (error) {
      if (!(error instanceof ApiError) || error.status !== 400) return notifyError(error);
      // Each entry's message beside its field: issues come as body.entries.<index>.<field>.
      const fields = error.issues.flatMap((issue) => {
        const match = /^body\.entries\.(\d+)\.(kind|value|note)$/.exec(issue.path);
        if (!match) return [];
        const name = ['entries', Number(match[1]), match[2] as keyof Row] as ['entries', number, keyof Row];
        return [{ name, errors: [issue.message] }];
      });
      form.setFields(fields);
      if (fields.length === 0) setFormError(error.issues[0]?.message ?? error.message);
    } finally {
      setSaving(false);
    }
  };

  return (
    <Card id="allow-list" title={<h2 className="data-protection__heading">{m.cardTitle}</h2>}>
      <Typography.Paragraph>{m.cardIntro}</Typography.Paragraph>
      {list.isError && <Alert type="error" showIcon message={list.error.message} />}
      {formError && <Alert type="error" showIcon message={formError} className="data-protection__alert" />}
      {list.data?.updatedAt && (
        <Typography.Paragraph type="secondary">
          Last changed {new Date(list.data.updatedAt).toLocaleString('en-GB')}
          {list.data.updatedBy ? ` by ${list.data.updatedBy}` : ''}
        </Typography.Paragraph>
      )}
      <Form
        form={form}
        aria-label={m.cardTitle}
        onFinish={(values) => void submit(values)}
        disabled={!canWrite}
        requiredMark={false}
      >
        <Form.List name="entries">
          {(rows, { add, remove }) => (
            <>
              {rows.length === 0 && list.data && <Typography.Paragraph>{m.empty}</Typography.Paragraph>}
              <ul className="data-protection__allow-list">
                {rows.map((row, index) => (
                  <li key={row.key}>
                    <Space align="start" wrap>
                      <Form.Item name={[row.name, 'kind']} rules={[{ required: true }]}>
                        <Select
                          aria-label={`Entry ${index + 1} kind`}
                          style={{ width: 190 }}
                          options={allowListKinds.map((kind) => ({ value: kind, label: kindLabels[kind] }))}
                        />
                      </Form.Item>
                      <Form.Item name={[row.name, 'value']}>
                        <Input aria-label={`Entry ${index + 1}`} style={{ width: 320 }} autoComplete="off" />
                      </Form.Item>
                      <Form.Item name={[row.name, 'note']}>
                        <Input
                          aria-label={`Entry ${index + 1} note`}
                          placeholder="Why it is public (optional)"
                          style={{ width: 260 }}
                          autoComplete="off"
                        />
                      </Form.Item>
                      <Button
                        icon={<DeleteOutlined aria-hidden />}
                        aria-label={`Remove entry ${index + 1}`}
                        onClick={() => remove(row.name)}
                      />
                    </Space>
                  </li>
                ))}
              </ul>
              <Space>
                <Button
                  icon={<PlusOutlined aria-hidden />}
                  onClick={() => add({ kind: 'name', value: '', note: '' } satisfies Row)}
                >
                  Add entry
                </Button>
                <Permitted needs={featureAccess.dataProtectionSettings}>
                  <Button type="primary" htmlType="submit" loading={saving} disabled={!list.data}>
                    Save allow list
                  </Button>
                </Permitted>
              </Space>
            </>
          )}
        </Form.List>
      </Form>
    </Card>
  );
}
