import { Form, Input, type FormInstance } from 'antd';
import { ApiError } from '../../api/client';
import { notifyError } from '../../platform/notices/notifyError';

const FIELDS = ['email', 'name', 'postcode'] as const;

/**
 * How the data protection tools find a person (subject access, erasure): an email address, a full
 * name or a postcode, as the shared request schema names them.
 */
export function PersonTermsFields() {
  return (
    <>
      <Form.Item name="email" label="Email address">
        <Input type="email" autoComplete="off" />
      </Form.Item>
      <Form.Item name="name" label="Full name">
        <Input autoComplete="off" />
      </Form.Item>
      <Form.Item name="postcode" label="Postcode">
        <Input autoComplete="off" />
      </Form.Item>
    </>
  );
}

/** The last attempt's messages go: a corrected field no longer says it is wrong. */
export function clearTermErrors(form: FormInstance) {
  form.setFields(FIELDS.map((name) => ({ name, errors: [] })));
}

/**
 * A search the server refused (400): each field's message beside it, and the request's own
 * ('nothing to look for') returned for above the form. Any other failure is told as a notice.
 */
export function showTermErrors(form: FormInstance, error: unknown): string | null {
  if (!(error instanceof ApiError) || error.status !== 400) {
    notifyError(error);
    return null;
  }
  const fieldErrors = FIELDS.map((name) => ({
    name,
    errors: error.issues.filter((issue) => issue.path === `body.${name}`).map((issue) => issue.message),
  }));
  form.setFields(fieldErrors);
  const general = error.issues.filter((issue) => issue.path === 'body').map((issue) => issue.message);
  return general[0] ?? (fieldErrors.some((field) => field.errors.length) ? null : error.message);
}
