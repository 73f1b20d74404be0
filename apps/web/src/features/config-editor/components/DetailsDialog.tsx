import { Form, Input, Modal, Select } from 'antd';
import { configMessages, TENANT_ASSIGNMENT } from '@planning/shared';
import { assignmentLabel } from './ConfigDocumentTable';
import { nameRules, TagsItem } from './configFormItems';

/** A config's meta the editor changes with its document (spec 03 §3.4: label, tags, assignment). */
export type ConfigMetaDraft = { label: string; tags: string[]; assignment: string | null };

// The Select needs a value for "none": null is not one.
const NOT_ASSIGNED = '';

/**
 * Details of a config: its label, tags and whether it is the council's current one of its type
 * (the one the screens read). Applied to the draft; Save sends them with the document.
 */
export function DetailsDialog({
  open,
  value,
  onApply,
  onClose,
}: {
  open: boolean;
  value: ConfigMetaDraft;
  onApply: (meta: ConfigMetaDraft) => void;
  onClose: () => void;
}) {
  const [form] = Form.useForm<{ label: string; tags: string[]; assignment: string }>();
  const assignments = [
    { value: TENANT_ASSIGNMENT, label: assignmentLabel(TENANT_ASSIGNMENT) },
    { value: NOT_ASSIGNED, label: 'Not assigned' },
    ...(value.assignment && value.assignment !== TENANT_ASSIGNMENT
      ? [{ value: value.assignment, label: value.assignment }]
      : []),
  ];
  return (
    <Modal
      open={open}
      title="Config details"
      okText="Apply"
      onOk={() => form.submit()}
      onCancel={onClose}
      destroyOnHidden
      width={480}
    >
      <p>The changes are kept with your draft and saved with it.</p>
      <Form
        form={form}
        layout="vertical"
        initialValues={{ ...value, assignment: value.assignment ?? NOT_ASSIGNED }}
        onFinish={(values) => {
          onApply({
            label: values.label.trim(),
            tags: values.tags,
            assignment: values.assignment === NOT_ASSIGNED ? null : values.assignment,
          });
          onClose();
        }}
      >
        <Form.Item name="label" label="Label" rules={nameRules(configMessages.labelRequired)}>
          <Input autoComplete="off" />
        </Form.Item>
        <TagsItem />
        <Form.Item
          name="assignment"
          label="Assignment"
          extra="The council's screens read the current config of each type; a council has one at a time."
        >
          <Select options={assignments} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
