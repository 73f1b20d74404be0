import { useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Form, Input, Modal } from 'antd';
import { configMessages, type ConfigType } from '@planning/shared';
import { configQueryKeys, createConfigTemplate } from '../api';
import { messageOf } from './ErrorScreens';
import { nameRules } from './configFormItems';

/**
 * Save as template (spec 03 §3.4 templates): the document in the editor, as it is now, kept under
 * a name; a new config of the same type can start from it (Create config › Start from).
 */
export function TemplateButton({ type, draft }: { type: ConfigType; draft: unknown }) {
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(false);
  const [form] = Form.useForm<{ name: string }>();
  const create = useMutation({
    mutationFn: (name: string) => createConfigTemplate({ name: name.trim(), type, config: draft }),
    onSuccess: async (template) => {
      await queryClient.invalidateQueries({ queryKey: configQueryKeys.templates });
      setOpen(false);
      form.resetFields();
      void message.success(`Template ${template.name} saved`);
    },
  });
  // A draft that is not JSON cannot be kept: the button waits for it to parse.
  if (draft === undefined) return null;
  return (
    <>
      <Button onClick={() => setOpen(true)}>Save as template</Button>
      <Modal
        open={open}
        title="Save as template"
        okText="Save template"
        onOk={() => form.submit()}
        confirmLoading={create.isPending}
        onCancel={() => {
          create.reset();
          setOpen(false);
        }}
        destroyOnHidden
        width={480}
      >
        <p>New configs of this type can start from the document as it is in the editor now.</p>
        {create.isError && (
          <Alert
            type="error"
            showIcon
            role="alert"
            className="config-dialog__alert"
            title={messageOf(create.error, configMessages.unknownError)}
          />
        )}
        <Form form={form} layout="vertical" onFinish={({ name }) => create.mutate(name)}>
          <Form.Item name="name" label="Name" rules={nameRules(configMessages.nameRequired)}>
            <Input autoComplete="off" />
          </Form.Item>
        </Form>
      </Modal>
    </>
  );
}
