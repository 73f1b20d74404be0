import { useMemo, useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import {
  Alert,
  App,
  AutoComplete,
  Button,
  Card,
  Form,
  Input,
  Skeleton,
  Space,
  Switch,
  Typography,
} from 'antd';
import {
  COUNCIL_LIMITS,
  councilSettingsMessages as messages,
  coversProtectedRoute,
  maintenanceMessages,
  pageRouteSchema,
  protectedRouteMessage,
  type CouncilMaintenance,
} from '@planning/shared';
import { ApiError } from '../../api/client';
import { LoadFailed, SaveBar } from './settingsParts';
import { currentTenantQuery } from '../../platform/tenant/useCurrentTenantQuery';
import { councilSettingsQueryKeys, fetchMaintenance, saveMaintenance } from './api';
import {
  fromMaintenanceValues,
  suggestedRoutes,
  toMaintenanceValues,
  type MaintenanceValues,
} from './maintenanceForm';

/** The Maintenance tab: the global switch with its until date and message, and pages one by one. */
export function MaintenanceTab() {
  const query = useQuery({
    queryKey: councilSettingsQueryKeys.maintenance,
    queryFn: ({ signal }) => fetchMaintenance(signal),
  });
  if (query.isPending) return <Skeleton active paragraph={{ rows: 8 }} />;
  if (query.isError) return <LoadFailed error={query.error} onRetry={() => void query.refetch()} />;
  return <MaintenanceForm key={JSON.stringify(query.data)} maintenance={query.data} />;
}

const futureRule = {
  validator: async (_: unknown, value: string) => {
    if (value && new Date(value).getTime() <= Date.now()) throw new Error(messages.untilInPast);
  },
};

function MaintenanceForm({ maintenance }: { maintenance: CouncilMaintenance }) {
  const [form] = Form.useForm<MaintenanceValues>();
  const queryClient = useQueryClient();
  const { message } = App.useApp();
  const initial = useMemo(() => toMaintenanceValues(maintenance), [maintenance]);
  const [saveError, setSaveError] = useState<string | null>(null);
  const globalActive = Form.useWatch(['global', 'active'], form) ?? initial.global.active;

  const save = useMutation({
    mutationFn: (values: MaintenanceValues) => saveMaintenance(fromMaintenanceValues(values)),
    onMutate: () => setSaveError(null),
    onSuccess: async (saved) => {
      queryClient.setQueryData(councilSettingsQueryKeys.maintenance, saved);
      await queryClient.invalidateQueries({ queryKey: currentTenantQuery.queryKey });
      void message.success(messages.maintenanceSaved);
    },
    onError: (error) => {
      const issues = error instanceof ApiError ? error.issues : [];
      form.setFields(
        issues.flatMap((issue) => {
          const name = issue.path
            .split('.')
            .slice(1)
            .map((part) => (/^\d+$/.test(part) ? Number(part) : part));
          return name.length > 0 ? [{ name, errors: [issue.message] }] : [];
        }) as Parameters<typeof form.setFields>[0],
      );
      setSaveError(error.message);
    },
  });

  return (
    <Form form={form} layout="vertical" initialValues={initial} onFinish={(values) => save.mutate(values)}>
      <Card title="Global maintenance" className="council-settings__section">
        <Typography.Paragraph>
          While it is on, everyone sees a full-screen notice instead of the site. Administrators can still
          sign in and reach Settings and Admin to turn it off.
        </Typography.Paragraph>
        <Form.Item name={['global', 'active']} valuePropName="checked" label="Global maintenance">
          <Switch />
        </Form.Item>
        {globalActive && (
          <Alert
            type="warning"
            showIcon
            style={{ marginBottom: 16 }}
            message="Saving with this on takes the site down for everyone but administrators."
          />
        )}
        <Space wrap align="start">
          <Form.Item
            name={['global', 'until']}
            label="Until"
            extra="Optional: maintenance ends by itself at this time (your time zone)."
            rules={[futureRule]}
          >
            <Input type="datetime-local" style={{ width: 240 }} />
          </Form.Item>
        </Space>
        <Form.Item
          name={['global', 'message']}
          label="Message"
          extra="Leave empty for the default message."
          rules={[{ max: COUNCIL_LIMITS.maintenanceMessageMax }]}
        >
          <Input.TextArea
            rows={2}
            maxLength={COUNCIL_LIMITS.maintenanceMessageMax}
            placeholder={maintenanceMessages.globalDefault}
          />
        </Form.Item>
      </Card>

      <Card title="Pages under maintenance" className="council-settings__section">
        <Typography.Paragraph>
          A page under maintenance shows ‘{maintenanceMessages.page}’ with a {maintenanceMessages.back}{' '}
          button; the rest of the site works as usual. A page covers everything under it (/map covers /map/…).
        </Typography.Paragraph>
        <Form.List name="pages">
          {(rows, { add, remove }) => (
            <>
              {rows.length === 0 && (
                <Typography.Paragraph type="secondary">No page is under maintenance.</Typography.Paragraph>
              )}
              {rows.map((row) => (
                <div key={row.key} className="maintenance-pages__row">
                  <Form.Item
                    name={[row.name, 'route']}
                    label="Page"
                    rules={[
                      { required: true, message: messages.pageRouteInvalid },
                      {
                        validator: async (_, value: string) => {
                          if (!value) return;
                          const parsed = pageRouteSchema.safeParse(value);
                          if (!parsed.success) throw new Error(parsed.error.issues[0]?.message);
                          if (coversProtectedRoute(parsed.data))
                            throw new Error(protectedRouteMessage(parsed.data));
                        },
                      },
                    ]}
                  >
                    <AutoComplete
                      options={suggestedRoutes}
                      placeholder="/map"
                      filterOption={(input, option) => (option?.value ?? '').startsWith(input)}
                    />
                  </Form.Item>
                  <Form.Item name={[row.name, 'active']} label="Maintenance" valuePropName="checked">
                    <Switch />
                  </Form.Item>
                  <Form.Item name={[row.name, 'until']} label="Until (optional)" rules={[futureRule]}>
                    <Input type="datetime-local" />
                  </Form.Item>
                  <Form.Item label=" ">
                    <Button
                      icon={<DeleteOutlined aria-hidden />}
                      onClick={() => remove(row.name)}
                      aria-label="Remove this page"
                    >
                      Remove
                    </Button>
                  </Form.Item>
                </div>
              ))}
              <Button
                icon={<PlusOutlined aria-hidden />}
                onClick={() => add({ route: '', active: true, until: '' })}
                disabled={rows.length >= COUNCIL_LIMITS.maintenancePagesMax}
              >
                Add a page
              </Button>
            </>
          )}
        </Form.List>
      </Card>

      <SaveBar
        error={saveError}
        saving={save.isPending}
        onReset={() => {
          form.resetFields();
          setSaveError(null);
        }}
      />
    </Form>
  );
}
