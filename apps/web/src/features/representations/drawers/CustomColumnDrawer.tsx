import { useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { App, Button, Descriptions, Form, Input, Select } from 'antd';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import {
  columnOptionSchema,
  customColumnInputSchema,
  customColumnTables,
  customColumnTypeLabels,
  customColumnTypes,
  representationMessages as m,
  REPRESENTATION_LIMITS as L,
  type CustomColumnInput,
  type CustomColumnTable,
  type CustomColumnType,
} from '@planning/shared';
import { createColumn, managerQueryKeys } from '../api';
import { customColumnSteps } from '../managerRoutes';
import { MultiStepDrawer, useDrawerStep, type StepRouting } from '../components/MultiStepDrawer';
import { failureText } from '../failureText';
import { drawerRule, listItemRule } from '../formRules';

type Values = {
  table?: CustomColumnTable;
  name?: string;
  dataType?: CustomColumnType;
  options?: { value?: string }[];
};

const tableLabels: Record<CustomColumnTable, string> = {
  representations: 'Representations',
  contacts: 'Contacts',
  organisations: 'Organisations',
};

type CustomColumnDrawerProps = {
  open: boolean;
  routing: StepRouting;
  table: CustomColumnTable;
  onClose: () => void;
};

const isSelect = (type: CustomColumnType | undefined) => type === 'singleSelect' || type === 'multiSelect';

/**
 * Spec 02 §3 Column metadata and §5 Custom columns: the table, a name of 3 to 50 characters and
 * one of the nine types; the select types' options; then confirm.
 */
export function CustomColumnDrawer({ open, routing, table, onClose }: CustomColumnDrawerProps) {
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<Values>();
  const [dirty, setDirty] = useState(false);
  const dataType = Form.useWatch('dataType', { form, preserve: true }) as CustomColumnType | undefined;
  const steps = customColumnSteps(dataType);
  const { index, key, goTo } = useDrawerStep(steps, routing);

  const bodyOf = (values: Values): CustomColumnInput => ({
    table: values.table as CustomColumnTable,
    name: values.name ?? '',
    dataType: values.dataType as CustomColumnType,
    options: isSelect(values.dataType)
      ? (values.options ?? []).map((option) => ({ value: option.value ?? '' }))
      : [],
  });

  const create = useMutation({
    mutationFn: (values: Values) => createColumn(bodyOf(values)),
    onSuccess: (column) => {
      void message.success(m.succeeded('column added'));
      void queryClient.invalidateQueries({ queryKey: managerQueryKeys.columns(column.table) });
      void queryClient.invalidateQueries({ queryKey: managerQueryKeys.table(column.table) });
      onClose();
    },
  });

  const validateStep = async () => {
    const values = form.getFieldsValue(true) as Values;
    const names: (string | (string | number)[])[] =
      key === 'column'
        ? ['table', 'name', 'dataType']
        : key === 'options'
          ? ['options', ...(values.options ?? []).map((_, position) => ['options', position, 'value'])]
          : [];
    try {
      await form.validateFields(names);
      return true;
    } catch {
      return false;
    }
  };

  const rule = (field: string) => [
    drawerRule(customColumnInputSchema, field, { pick: (all) => bodyOf(all as Values) }),
  ];

  return (
    <MultiStepDrawer
      open={open}
      title="New custom column"
      steps={steps}
      current={index}
      onNext={validateStep}
      onStep={goTo}
      onFinish={() => create.mutate(form.getFieldsValue(true) as Values)}
      finishLabel="Create column"
      busy={create.isPending}
      dirty={dirty}
      onClose={onClose}
      error={create.isError ? failureText(create.error, 'Failed to create the column') : null}
    >
      <Form<Values>
        form={form}
        name="custom-column"
        layout="vertical"
        requiredMark={false}
        validateTrigger="onSubmit"
        initialValues={{ table, options: [{}] }}
        onValuesChange={() => setDirty(true)}
        preserve
      >
        {key === 'column' && (
          <>
            <Form.Item label="Table" name="table" rules={rule('table')}>
              <Select options={customColumnTables.map((value) => ({ value, label: tableLabels[value] }))} />
            </Form.Item>
            <Form.Item
              label="Column name"
              name="name"
              rules={rule('name')}
              extra={`${L.columnNameMin} to ${L.columnNameMax} characters`}
            >
              <Input maxLength={L.columnNameMax + 10} />
            </Form.Item>
            <Form.Item label="Column type" name="dataType" rules={rule('dataType')}>
              <Select
                placeholder="Choose a type"
                options={customColumnTypes.map((value) => ({ value, label: customColumnTypeLabels[value] }))}
              />
            </Form.Item>
          </>
        )}
        {key === 'options' && (
          <Form.List
            name="options"
            rules={[
              {
                validator: async () => {
                  const message = optionsMessage(form.getFieldsValue(true) as Values);
                  if (message) throw new Error(message);
                },
              },
            ]}
          >
            {(items, { add, remove }, { errors }) => (
              <>
                {items.map((item, position) => (
                  <div key={item.key} className="rep-option">
                    <Form.Item
                      label={`Option ${position + 1}`}
                      name={[item.name, 'value']}
                      rules={[listItemRule(columnOptionSchema, 'options', item.name, 'value')]}
                    >
                      <Input maxLength={L.columnOptionMax} />
                    </Form.Item>
                    <Button
                      icon={<DeleteOutlined />}
                      aria-label={`Remove option ${position + 1}`}
                      onClick={() => remove(item.name)}
                    />
                  </div>
                ))}
                <Form.ErrorList errors={errors} />
                <Button icon={<PlusOutlined />} onClick={() => add({})}>
                  Add an option
                </Button>
              </>
            )}
          </Form.List>
        )}
        {key === 'confirm' && <ColumnSummary values={form.getFieldsValue(true) as Values} />}
      </Form>
    </MultiStepDrawer>
  );
}

/** A select column needs at least one option ('Option value is required'). */
function optionsMessage(values: Values): string | null {
  if (!isSelect(values.dataType) || (values.options ?? []).length > 0) return null;
  return m.columnOptionRequired;
}

function ColumnSummary({ values }: { values: Values }) {
  return (
    <Descriptions column={1} bordered size="small">
      <Descriptions.Item label="Table">{values.table ? tableLabels[values.table] : '—'}</Descriptions.Item>
      <Descriptions.Item label="Column name">{values.name ?? '—'}</Descriptions.Item>
      <Descriptions.Item label="Column type">
        {values.dataType ? customColumnTypeLabels[values.dataType] : '—'}
      </Descriptions.Item>
      {isSelect(values.dataType) && (
        <Descriptions.Item label="Options">
          {(values.options ?? []).map((option) => option.value).join(', ')}
        </Descriptions.Item>
      )}
    </Descriptions>
  );
}
