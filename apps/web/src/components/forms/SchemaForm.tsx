import type { ReactNode } from 'react';
import { Form, type FormInstance } from 'antd';

type SchemaFormProps<Values> = {
  form?: FormInstance<Values>;
  onFinish: (values: Values) => void | Promise<void>;
  children: ReactNode;
};

/**
 * Our forms' one shape: labels above fields, no asterisks, and errors shown when the form is
 * sent (GOV.UK habit), not while someone is still typing. Fields carry `schemaRule`s.
 */
export function SchemaForm<Values>({ form, onFinish, children }: SchemaFormProps<Values>) {
  return (
    <Form<Values>
      form={form}
      layout="vertical"
      requiredMark={false}
      validateTrigger="onSubmit"
      onFinish={(values) => void onFinish(values)}
    >
      {children}
    </Form>
  );
}
