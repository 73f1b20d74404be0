import { useState } from 'react';
import { Button, Form, Input } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { authMessages, loginSchema, safeReturnUrl } from '@planning/shared';
import { ApiError } from '../../../api/client';
import { SchemaForm } from '../../../components/forms/SchemaForm';
import { schemaRule, showServerIssues } from '../../../components/forms/schemaForm';
import { authQueryKeys, fetchProviders, login } from '../../../platform/session/api';
import { AuthCard, FormError, FormNotice } from '../components/AuthCard';
import { reportAuthError } from '../components/authErrors';
import { useResetAuth } from '../../../platform/session/hooks';

type SignInPageProps = {
  /** Staff sign in at /sign-in; the public logs in to consultation pages at /login. */
  variant: 'staff' | 'public';
};

type Values = { email: string; password: string };

export function SignInPage({ variant }: SignInPageProps) {
  const [form] = Form.useForm<Values>();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const resetAuth = useResetAuth();
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const providers = useQuery({
    queryKey: authQueryKeys.providers,
    queryFn: ({ signal }) => fetchProviders(signal),
  });
  // Only a same-site path is passed on; otherwise the server picks the user's home page.
  const returnUrl = safeReturnUrl(params.get('returnUrl'), '') || undefined;
  const title = variant === 'staff' ? 'Sign in' : 'Log in';
  const prefix = variant === 'public' ? '/consultations' : '';
  const passwordSignIn = providers.data?.some((p) => p.name === 'firebase-auth') ?? true;
  const others = providers.data?.filter((p) => p.name !== 'firebase-auth' && p.startUrl) ?? [];

  const handleFinish = async (values: Values) => {
    setError(null);
    setNotice(null);
    setSubmitting(true);
    try {
      const answer = await login({ ...values, ...(returnUrl && { returnUrl }) });
      resetAuth();
      await navigate(answer.redirectTo, { replace: true });
    } catch (failure) {
      if (failure instanceof ApiError && failure.message === authMessages.accountNotActivated) {
        await navigate(`${prefix}/confirm-email?email=${encodeURIComponent(values.email)}`);
        return;
      }
      // After too many failed attempts on the account, only the emailed link signs its owner in.
      if (failure instanceof ApiError && failure.message === authMessages.signInNeedsEmailLink) {
        setNotice(failure.message);
        return;
      }
      if (failure instanceof ApiError) showServerIssues(form, failure.issues);
      setError(reportAuthError(failure));
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <AuthCard title={title}>
      <FormError message={error} />
      <FormNotice message={notice} />
      {passwordSignIn && (
        <SchemaForm form={form} onFinish={handleFinish}>
          <Form.Item label="Email" name="email" rules={[schemaRule(loginSchema, 'email')]}>
            <Input inputMode="email" autoComplete="username" />
          </Form.Item>
          <Form.Item label="Password" name="password" rules={[schemaRule(loginSchema, 'password')]}>
            <Input.Password autoComplete="current-password" />
          </Form.Item>
          <Button type="primary" htmlType="submit" block loading={submitting}>
            {title}
          </Button>
        </SchemaForm>
      )}
      {others.map((provider) => (
        <Button
          key={provider.name}
          block
          href={provider.startUrl ?? undefined}
          className="auth-card__provider"
        >
          {provider.label}
        </Button>
      ))}
      <p className="auth-card__links">
        <Link to={`${prefix}/password-reset`}>Forgotten your password?</Link>
        {/* The way back to where the reader was (a question's 'Log in') survives signing up too. */}
        <Link to={`/consultations/sign-up${returnUrl ? `?returnUrl=${encodeURIComponent(returnUrl)}` : ''}`}>
          Create an account
        </Link>
      </p>
    </AuthCard>
  );
}
