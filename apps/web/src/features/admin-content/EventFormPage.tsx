import { useEffect, useMemo } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Form, Input, Select, Space, Tag, Typography } from 'antd';
import type { FormInstance } from 'antd';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import {
  EVENT_LIMITS,
  adminEventInputSchema,
  eventFeatureNames,
  eventFeatures,
  eventStateLabels,
  type AdminEvent,
  type AdminEventInput,
  type EventFeature,
} from '@planning/shared';
import { ApiError } from '../../api/client';
import { AdminFrame } from '../../shared/admin-frame/AdminFrame';
import {
  adminContentKeys,
  createAdminEvent,
  fetchAdminEvent,
  fetchConfigChoices,
  fetchDocumentActivity,
  updateAdminEvent,
} from './api';
import { fromLocalInput, toLocalInput, when } from '../../shared/event-times/format';
import { LoadingSpin } from '../../components/LoadingSpin';

type FormValues = {
  name: string;
  description?: string;
  startsAt: string;
  endsAt: string;
  documentId?: string | null;
  features: { feature?: EventFeature; configId?: string }[];
};

const valuesOf = (event: AdminEvent | undefined): FormValues =>
  event
    ? {
        name: event.name,
        description: event.description ?? '',
        startsAt: toLocalInput(event.startsAt),
        endsAt: toLocalInput(event.endsAt),
        documentId: event.documentId,
        features: event.features.map((f) => ({ feature: f.feature, configId: f.configId })),
      }
    : { name: '', description: '', startsAt: '', endsAt: '', documentId: null, features: [] };

const bodyOf = (values: FormValues): AdminEventInput => ({
  name: values.name ?? '',
  description: values.description || null,
  startsAt: fromLocalInput(values.startsAt),
  endsAt: fromLocalInput(values.endsAt),
  documentId: values.documentId || null,
  features: (values.features ?? []).map((f) => ({
    feature: f.feature as EventFeature,
    configId: f.configId ?? '',
  })),
});

type FieldName = Parameters<FormInstance<FormValues>['setFields']>[0][number]['name'];

/** A field path of the form from an issue's path ('body.features.0.configId' or ['features', 0, 'configId']). */
function fieldOf(path: ReadonlyArray<PropertyKey> | string): FieldName {
  const parts = typeof path === 'string' ? path.replace(/^body\.?/, '').split('.') : path.map(String);
  return parts
    .filter((part) => part !== '')
    .map((part) => (/^\d+$/.test(part) ? Number(part) : part)) as unknown as FieldName;
}

/** The config picker of one feature: the council's configs of the feature's type. */
function ConfigPicker({
  feature,
  value,
  onChange,
  id,
}: {
  feature: EventFeature | undefined;
  value?: string;
  onChange?: (value: string) => void;
  id?: string;
}) {
  const type = feature ? eventFeatures[feature].configType : null;
  const configs = useQuery({
    queryKey: adminContentKeys.configs(type ?? ''),
    queryFn: ({ signal }) => fetchConfigChoices(type!, signal),
    enabled: Boolean(type),
  });
  const empty = configs.isSuccess && configs.data.length === 0;
  return (
    <Space direction="vertical" size={2} style={{ width: '100%' }}>
      <Select
        id={id}
        value={value}
        onChange={onChange}
        disabled={!feature}
        loading={configs.isLoading}
        placeholder={
          feature ? `Choose a ${eventFeatures[feature].configLabel} config` : 'Choose the feature first'
        }
        options={(configs.data ?? []).map((config) => ({ value: config.id, label: config.label }))}
        showSearch={{ optionFilterProp: 'label' }}
        notFoundContent={configs.isError ? 'Failed to get config' : 'No configs of this type'}
      />
      {empty && feature && (
        <Typography.Text type="secondary">
          This council has no {eventFeatures[feature].configLabel} config yet.{' '}
          <Link to="/admin/placemaker/configs">Create one in Configs</Link>.
        </Typography.Text>
      )}
    </Space>
  );
}

/** /admin/placemaker/events/new and /events/{id}: an event's name, times, document and features. */
export function AdminEventFormPage() {
  const { eventId } = useParams();
  const navigate = useNavigate();
  const client = useQueryClient();
  const [form] = Form.useForm<FormValues>();
  const event = useQuery({
    queryKey: adminContentKeys.event(eventId ?? ''),
    queryFn: ({ signal }) => fetchAdminEvent(eventId!, signal),
    enabled: Boolean(eventId),
  });
  const documents = useQuery({
    queryKey: adminContentKeys.documents,
    queryFn: ({ signal }) => fetchDocumentActivity(signal),
  });
  const initial = useMemo(() => valuesOf(event.data), [event.data]);
  useEffect(() => form.setFieldsValue(initial), [form, initial]);
  const chosen = Form.useWatch('features', form) ?? [];

  const save = useMutation({
    mutationFn: (body: AdminEventInput) =>
      eventId ? updateAdminEvent(eventId, body) : createAdminEvent(body),
    onSuccess: async (saved) => {
      await client.invalidateQueries({ queryKey: ['admin-content'] });
      void navigate(`/admin/placemaker/events${saved.state === 'upcoming' ? '' : `?state=${saved.state}`}`);
    },
    onError: (error) => {
      if (error instanceof ApiError && error.issues.length > 0)
        form.setFields(error.issues.map((issue) => ({ name: fieldOf(issue.path), errors: [issue.message] })));
    },
  });

  const handleFinish = (values: FormValues) => {
    const body = bodyOf(values);
    const parsed = adminEventInputSchema.safeParse(body);
    if (!parsed.success) {
      form.setFields(
        parsed.error.issues.map((issue) => ({ name: fieldOf(issue.path), errors: [issue.message] })),
      );
      return;
    }
    save.mutate(body);
  };

  const title = eventId ? 'Edit event' : 'New event';
  if (eventId && event.isLoading)
    return (
      <AdminFrame title={title}>
        <LoadingSpin label="Loading the event" />
      </AdminFrame>
    );
  if (eventId && event.error)
    return (
      <AdminFrame title={title}>
        <Alert
          type="error"
          showIcon
          message={
            event.error instanceof ApiError && event.error.status === 404
              ? 'Event not found'
              : 'Failed to load the event'
          }
          action={<Link to="/admin/placemaker/events">Back to events</Link>}
        />
      </AdminFrame>
    );

  const serverError =
    save.error instanceof ApiError && save.error.issues.length === 0 ? save.error.message : null;
  return (
    <AdminFrame
      title={eventId ? (event.data?.name ?? title) : title}
      extra={event.data && <Tag>{eventStateLabels[event.data.state]}</Tag>}
    >
      {event.data && (
        <Typography.Paragraph type="secondary">
          Last changed {when(event.data.updatedAt)}
        </Typography.Paragraph>
      )}
      <Form<FormValues>
        form={form}
        layout="vertical"
        initialValues={initial}
        onFinish={handleFinish}
        style={{ maxWidth: 720 }}
        requiredMark="optional"
      >
        <Form.Item name="name" label="Name" rules={[{ required: true, message: 'Event name is required' }]}>
          <Input maxLength={EVENT_LIMITS.nameMax} />
        </Form.Item>
        <Form.Item name="description" label="Description">
          <Input.TextArea rows={3} maxLength={EVENT_LIMITS.descriptionMax} showCount />
        </Form.Item>
        <Space size="large" wrap>
          <Form.Item
            name="startsAt"
            label="Starts"
            rules={[{ required: true, message: 'Choose when the event starts' }]}
          >
            <Input type="datetime-local" />
          </Form.Item>
          <Form.Item
            name="endsAt"
            label="Ends"
            rules={[{ required: true, message: 'Choose when the event ends' }]}
          >
            <Input type="datetime-local" />
          </Form.Item>
        </Space>
        <Form.Item
          name="documentId"
          label="Consultation document"
          extra="The document residents read and answer."
        >
          <Select
            allowClear
            loading={documents.isLoading}
            placeholder="No document"
            showSearch={{ optionFilterProp: 'label' }}
            options={(documents.data?.documents ?? []).map((document) => ({
              value: document.id,
              label: document.published ? document.title : `${document.title} (not published)`,
            }))}
          />
        </Form.Item>

        <Typography.Title level={2} style={{ fontSize: 18 }}>
          Features enabled
        </Typography.Title>
        <Typography.Paragraph type="secondary">
          The public features this event runs, each from one of the council&apos;s configs.
        </Typography.Paragraph>
        <Form.List name="features">
          {(fields, { add, remove }) => (
            <>
              {fields.map((field, index) => {
                const feature = chosen[index]?.feature;
                return (
                  <Space key={field.key} align="start" style={{ display: 'flex', marginBottom: 8 }} wrap>
                    <Form.Item
                      name={[field.name, 'feature']}
                      label={`Feature ${index + 1}`}
                      rules={[{ required: true, message: 'Choose a feature' }]}
                      style={{ minWidth: 220 }}
                    >
                      <Select
                        placeholder="Choose a feature"
                        onChange={() => form.setFieldValue(['features', field.name, 'configId'], undefined)}
                        options={eventFeatureNames.map((name) => ({
                          value: name,
                          label: eventFeatures[name].label,
                          disabled: chosen.some((item, at) => at !== index && item?.feature === name),
                        }))}
                      />
                    </Form.Item>
                    <Form.Item
                      name={[field.name, 'configId']}
                      label={`Config for feature ${index + 1}`}
                      rules={[{ required: true, message: 'Choose a config' }]}
                      style={{ minWidth: 320 }}
                    >
                      <ConfigPicker feature={feature} />
                    </Form.Item>
                    <Button
                      icon={<DeleteOutlined />}
                      aria-label={`Remove feature ${index + 1}`}
                      onClick={() => remove(field.name)}
                      style={{ marginTop: 30 }}
                    />
                  </Space>
                );
              })}
              {fields.length < eventFeatureNames.length && (
                <div style={{ marginBottom: 24 }}>
                  <Button icon={<PlusOutlined />} onClick={() => add({})}>
                    Add feature
                  </Button>
                </div>
              )}
            </>
          )}
        </Form.List>

        {serverError && <Alert type="error" showIcon message={serverError} style={{ marginBottom: 16 }} />}
        <Space>
          <Button type="primary" htmlType="submit" loading={save.isPending}>
            {eventId ? 'Save event' : 'Create event'}
          </Button>
          <Button onClick={() => void navigate('/admin/placemaker/events')}>Cancel</Button>
        </Space>
      </Form>
    </AdminFrame>
  );
}
