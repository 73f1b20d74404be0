import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { Alert, Form, Input, Modal, Radio, Select } from 'antd';
import {
  configMessages,
  configStoreNames,
  configStores,
  configTypeNames,
  configTypes,
  type ConfigStore,
  type ConfigType,
} from '@planning/shared';
import { configQueryKeys, createConfigDocument, fetchConfigTemplates } from '../api';
import { messageOf } from './ErrorScreens';
import { nameRules, TagsItem } from './configFormItems';

type Values = {
  type: ConfigType;
  label: string;
  store: ConfigStore;
  tags: string[];
  start: 'default' | 'template';
  templateId?: string;
};

/**
 * Create a config (issue 16 point 2): its type, label, store and tags, started from the type's
 * default shape (spec 03 §3.3) or a saved template; the new document opens in the editor.
 */
export function CreateConfigDialog({
  open,
  type,
  editorPath,
  onClose,
}: {
  open: boolean;
  /** Fixed when creating from a type's own screen. */
  type?: ConfigType;
  /** Where the editor of a new document is: its id is appended. */
  editorPath: string;
  onClose: () => void;
}) {
  const [form] = Form.useForm<Values>();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const chosenType = Form.useWatch('type', form) ?? type;
  const start = Form.useWatch('start', form);
  const templates = useQuery({
    queryKey: configQueryKeys.templates,
    queryFn: ({ signal }) => fetchConfigTemplates(signal),
    enabled: open,
  });
  const templatesOfType = (templates.data ?? []).filter((template) => template.type === chosenType);

  const create = useMutation({
    mutationFn: (values: Values) =>
      createConfigDocument({
        type: values.type,
        label: values.label.trim(),
        store: values.store,
        tags: values.tags,
        ...(values.start === 'template' && values.templateId ? { templateId: values.templateId } : {}),
      }),
    onSuccess: async (created) => {
      await queryClient.invalidateQueries({ queryKey: configQueryKeys.all });
      form.resetFields();
      onClose();
      void navigate(`${editorPath}/${created.id}`);
    },
  });

  return (
    <Modal
      open={open}
      title="Create config"
      okText="Create"
      onOk={() => form.submit()}
      confirmLoading={create.isPending}
      onCancel={() => {
        create.reset();
        onClose();
      }}
      destroyOnHidden
      width={480}
    >
      <Form<Values>
        form={form}
        layout="vertical"
        requiredMark="optional"
        initialValues={{ type, store: 'configs', tags: [], start: 'default' }}
        onFinish={(values) => create.mutate({ ...values, type: values.type ?? type })}
      >
        {create.isError && (
          <Alert
            type="error"
            showIcon
            role="alert"
            className="config-dialog__alert"
            title={messageOf(create.error, configMessages.unknownError)}
          />
        )}
        <Form.Item name="type" label="Type" rules={[{ required: true, message: 'Choose a type' }]}>
          <Select
            disabled={type !== undefined}
            options={configTypeNames.map((name) => ({ value: name, label: configTypes[name] }))}
          />
        </Form.Item>
        <Form.Item name="label" label="Label" rules={nameRules(configMessages.labelRequired)}>
          <Input autoComplete="off" />
        </Form.Item>
        <Form.Item
          name="store"
          label="Store"
          extra="Immutable configs cannot be changed once created; mutable configs are working copies."
        >
          <Select options={configStoreNames.map((name) => ({ value: name, label: configStores[name] }))} />
        </Form.Item>
        <TagsItem />
        {/* Only offered when this type has templates: nothing to pick otherwise. */}
        {templatesOfType.length > 0 && (
          <Form.Item name="start" label="Start from">
            <Radio.Group
              options={[
                { value: 'default', label: "The type's default" },
                { value: 'template', label: 'A template' },
              ]}
            />
          </Form.Item>
        )}
        {start === 'template' && (
          <Form.Item
            name="templateId"
            label="Template"
            rules={[{ required: true, message: 'Choose a template' }]}
          >
            <Select
              loading={templates.isPending}
              options={templatesOfType.map((template) => ({ value: template.id, label: template.name }))}
            />
          </Form.Item>
        )}
      </Form>
    </Modal>
  );
}
