import { useState } from 'react';
import { Button, Form, Input } from 'antd';
import { requestPasswordResetSchema } from '@planning/shared';
import { SchemaForm } from '../../../components/forms/SchemaForm';
import { schemaRule } from '../../../components/forms/schemaForm';
import { requestPasswordReset } from '../../../platform/session/api';
import { AuthCard, FormError } from '../components/AuthCard';
import { reportAuthError } from '../components/authErrors';

export function PasswordResetPage() {
  const [sent, setSent] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);

  const handleFinish = async ({ email }: { email: string }) => {
    setError(null);
    setSubmitting(true);
    try {
      setSent((await requestPasswordReset(email)).message);
    } catch (failure) {
      setError(reportAuthError(failure));
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <AuthCard title="Reset your password">
      {sent ? (
        <p role="status">{sent}</p>
      ) : (
        <>
          <p>Enter the email address of your account and we will send you a link to choose a new password.</p>
          <FormError message={error} />
          <SchemaForm onFinish={handleFinish}>
            <Form.Item label="Email" name="email" rules={[schemaRule(requestPasswordResetSchema, 'email')]}>
              <Input inputMode="email" autoComplete="email" />
            </Form.Item>
            <Button type="primary" htmlType="submit" block loading={submitting}>
              Send the link
            </Button>
          </SchemaForm>
        </>
      )}
    </AuthCard>
  );
}
