import { Form, Input } from 'antd';

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
