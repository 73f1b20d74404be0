import { useEffect, useMemo } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { Alert, App, Button, Form, Input, Select, Space, Tag, Typography, type SelectProps } from 'antd';
import {
  CALL_LIMITS,
  adminCallInputSchema,
  callStateLabels,
  cfsMessages,
  type AdminCall,
  type AdminCallInput,
} from '@planning/shared';
import { ApiError } from '../../api/client';
import { LoadingSpin } from '../../components/LoadingSpin';
import { AdminFrame } from '../../shared/admin-frame/AdminFrame';
import { when } from '../../shared/event-times/format';
import { PolicyEditor } from '../../shared/rich-text/PolicyEditor';
import { useAdminCall, usePublicLayers, useQuestionnaireChoices, useSaveCall } from './api';
import { callFormValues, callInputOf, placeIssues, type CallFormValues, type IssuePlaces } from './callForm';
import './callsForSites.css';

const LIST = '/admin/cfs/calls';

/** The guidance as a form field: the rich-text editor of the privacy policies. */
function GuidanceField({
  value,
  onChange,
  id,
  'aria-describedby': describedBy,
}: {
  value?: string;
  onChange?: (html: string) => void;
  id?: string;
  'aria-describedby'?: string;
}) {
  return (
    <div id={id}>
      <PolicyEditor
        label="Guidance"
        value={value ?? ''}
        onChange={(html) => onChange?.(html)}
        describedBy={describedBy}
      />
    </div>
  );
}

/** The questionnaire picker: the council's Call for sites questionnaire configs (and the call's own). */
function QuestionnaireSelect({
  call,
  ...props
}: { call: AdminCall | undefined } & Pick<SelectProps<string>, 'id' | 'value' | 'onChange'>) {
  const configs = useQuestionnaireChoices();
  const options = (configs.data ?? []).map((config) => ({ value: config.id, label: config.label }));
  if (call && !options.some((option) => option.value === call.questionnaire.configId))
    options.push({ value: call.questionnaire.configId, label: call.questionnaire.label });
  return (
    <Space direction="vertical" size={2} style={{ width: '100%' }}>
      <Select
        {...props}
        loading={configs.isLoading}
        placeholder="Choose a Call for sites questionnaire config"
        options={options}
        showSearch={{ optionFilterProp: 'label' }}
        notFoundContent={configs.isError ? 'Failed to get the configs' : 'No configs of this type'}
      />
      {configs.isSuccess && configs.data.length === 0 && (
        <Typography.Text type="secondary">
          This council has no Call for sites questionnaire config yet.{' '}
          <Link to="/admin/cfs/questions">Write one in Questions</Link>.
        </Typography.Text>
      )}
    </Space>
  );
}

/** The layers picker: only the layers on the council's public web map (and the call's own). */
function LayersSelect({
  call,
  ...props
}: { call: AdminCall | undefined } & Pick<SelectProps<string[]>, 'id' | 'value' | 'onChange'>) {
  const layers = usePublicLayers();
  const options = (layers.data ?? []).map((layer) => ({ value: layer.id, label: layer.title }));
  for (const layer of call?.layers ?? [])
    if (!options.some((option) => option.value === layer.id))
      options.push({ value: layer.id, label: `${layer.title} (not on the public web map)` });
  return (
    <Space direction="vertical" size={2} style={{ width: '100%' }}>
      <Select
        {...props}
        mode="multiple"
        allowClear
        loading={layers.isLoading}
        placeholder="No layers"
        options={options}
        showSearch={{ optionFilterProp: 'label' }}
        notFoundContent={layers.isError ? 'Failed to get the layers' : 'No layers on the public web map'}
      />
      {layers.isSuccess && layers.data.length === 0 && (
        <Typography.Text type="secondary">
          This council has no layers on the public web map yet, so the map will show none.{' '}
          <Link to="/admin/placemaker/geodata/layers">Choose them in Geodata layers</Link>.
        </Typography.Text>
      )}
    </Space>
  );
}

/** /admin/cfs/calls/new and /admin/cfs/calls/{id}: a call's name, times, questionnaire, guidance and layers. */
export function CallFormPage() {
  const { callId } = useParams();
  const navigate = useNavigate();
  const { message } = App.useApp();
  const [form] = Form.useForm<CallFormValues>();
  const call = useAdminCall(callId);
  const initial = useMemo(() => callFormValues(call.data), [call.data]);
  useEffect(() => form.setFieldsValue(initial), [form, initial]);
  const save = useSaveCall(callId);

  const showIssues = ({ fields }: IssuePlaces) => form.setFields(fields);
  const handleFinish = (values: CallFormValues) => {
    const body: AdminCallInput = callInputOf(values);
    const parsed = adminCallInputSchema.safeParse(body);
    if (!parsed.success) {
      showIssues(placeIssues(parsed.error.issues));
      return;
    }
    save.mutate(body, {
      onSuccess: (saved) => {
        void message.success(callId ? cfsMessages.saved : cfsMessages.created);
        void navigate(`${LIST}${saved.state === 'upcoming' ? '' : `?state=${saved.state}`}`);
      },
      onError: (error) => {
        if (error instanceof ApiError) showIssues(placeIssues(error.issues));
      },
    });
  };

  const title = callId ? 'Edit call for sites' : 'New call for sites';
  if (callId && call.isLoading)
    return (
      <AdminFrame title={title}>
        <LoadingSpin label="Loading the call for sites" />
      </AdminFrame>
    );
  if (callId && call.error)
    return (
      <AdminFrame title={title}>
        <Alert
          type="error"
          showIcon
          message={
            call.error instanceof ApiError && [400, 404].includes(call.error.status)
              ? cfsMessages.callNotFound
              : 'Failed to load the call for sites'
          }
          action={<Link to={LIST}>Back to calls for sites</Link>}
        />
      </AdminFrame>
    );

  // What the server said that is on no field: its own message when no issue came with it.
  const unplaced =
    save.error instanceof ApiError
      ? save.error.issues.length === 0
        ? [save.error.message]
        : placeIssues(save.error.issues).other
      : save.error
        ? ['Failed to save the call for sites']
        : [];
  return (
    <AdminFrame
      title={call.data?.name ?? title}
      extra={call.data && <Tag>{callStateLabels[call.data.state]}</Tag>}
    >
      {call.data && (
        <Typography.Paragraph type="secondary" className="calls-admin__meta">
          Last changed {when(call.data.updatedAt)}.{' '}
          {!call.data.cancelled && <Link to={`/calls-for-sites/${call.data.id}`}>View public page</Link>}
        </Typography.Paragraph>
      )}
      <Form<CallFormValues>
        form={form}
        layout="vertical"
        initialValues={initial}
        onFinish={handleFinish}
        className="call-form"
        requiredMark="optional"
      >
        <Form.Item name="name" label="Name" required>
          <Input maxLength={CALL_LIMITS.nameMax} />
        </Form.Item>
        <Form.Item
          name="description"
          label="Description"
          extra="A sentence or two under the call's name in the list of calls."
        >
          <Input.TextArea rows={3} maxLength={CALL_LIMITS.descriptionMax} showCount />
        </Form.Item>
        <Space size="large" wrap>
          <Form.Item name="startsAt" label="Opens" required>
            <Input type="datetime-local" />
          </Form.Item>
          <Form.Item name="endsAt" label="Closes" required>
            <Input type="datetime-local" />
          </Form.Item>
        </Space>
        <Form.Item
          name="questionnaireConfigId"
          label="Questionnaire"
          required
          extra="The questions landowners and agents answer about each site they put forward."
        >
          <QuestionnaireSelect call={call.data} />
        </Form.Item>
        <Form.Item
          name="guidance"
          label="Guidance"
          extra="What submitters read before they start: what the council is looking for and how sites are assessed."
        >
          <GuidanceField />
        </Form.Item>
        <Form.Item
          name="layerIds"
          label="Layers the submitter sees"
          extra="The public web map layers shown on the map where a site is drawn."
        >
          <LayersSelect call={call.data} />
        </Form.Item>

        {unplaced.map((text) => (
          <Alert key={text} type="error" showIcon message={text} style={{ marginBottom: 16 }} />
        ))}
        <Space wrap>
          <Button type="primary" htmlType="submit" loading={save.isPending}>
            {callId ? 'Save call for sites' : 'Create call for sites'}
          </Button>
          <Button onClick={() => void navigate(LIST)}>Back to calls for sites</Button>
        </Space>
      </Form>
    </AdminFrame>
  );
}
