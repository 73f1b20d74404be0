import { useState } from 'react';
import { Button, Form, Input } from 'antd';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { safeReturnUrl, signUpSchema } from '@planning/shared';
import { ApiError } from '../../../api/client';
import { SchemaForm } from '../../../components/forms/SchemaForm';
import { schemaRule, showServerIssues } from '../../../components/forms/schemaForm';
import { PrivacyNoticeDetails } from '../../../platform/data-protection/PrivacyNoticeDetails';
import { signUp } from '../../../platform/session/api';
import { AuthCard, FormError } from '../components/AuthCard';
import { reportAuthError } from '../components/authErrors';

type Values = { email: string; password: string; confirmPassword: string; name: string; phone: string };

// No type="email": the browser's own bubble would speak before the spec's messages.
const fields: {
  name: keyof Values;
  label: string;
  autoComplete: string;
  password?: boolean;
  inputMode?: 'email' | 'tel' | 'text';
}[] = [
  { name: 'email', label: 'Email', autoComplete: 'email', inputMode: 'email' },
  { name: 'password', label: 'Password', autoComplete: 'new-password', password: true },
  { name: 'confirmPassword', label: 'Confirm password', autoComplete: 'new-password', password: true },
  { name: 'name', label: 'Name', autoComplete: 'name' },
  { name: 'phone', label: 'Phone number', autoComplete: 'tel', inputMode: 'tel' },
];

/** Spec 01 §5: a consultation account, validated by the same schema as the server's. */
export function SignUpPage() {
  const [form] = Form.useForm<Values>();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const [error, setError] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);

  const handleFinish = async (values: Values) => {
    setError(null);
    setSubmitting(true);
    try {
      const returnUrl = safeReturnUrl(params.get('returnUrl'), '');
      await signUp({ ...values, ...(returnUrl && { returnUrl }) });
      await navigate(`/consultations/confirm-email?email=${encodeURIComponent(values.email.trim())}`);
    } catch (failure) {
      if (failure instanceof ApiError) showServerIssues(form, failure.issues);
      setError(reportAuthError(failure));
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <AuthCard title="Create an account">
      <p>Create a consultation account to answer questions and follow your responses.</p>
      <PrivacyNoticeDetails className="auth-card__notice" />
      <FormError message={error} />
      <SchemaForm form={form} onFinish={handleFinish}>
        {fields.map((field) => (
          <Form.Item
            key={field.name}
            label={field.label}
            name={field.name}
            rules={[schemaRule(signUpSchema, field.name)]}
          >
            {field.password ? (
              <Input.Password autoComplete={field.autoComplete} />
            ) : (
              <Input inputMode={field.inputMode ?? 'text'} autoComplete={field.autoComplete} />
            )}
          </Form.Item>
        ))}
        <Button type="primary" htmlType="submit" block loading={submitting}>
          Create account
        </Button>
      </SchemaForm>
      <p className="auth-card__links">
        <Link to="/consultations/login">I already have an account</Link>
      </p>
    </AuthCard>
  );
}
