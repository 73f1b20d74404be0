import { useEffect, useState } from 'react';
import { Button, Form, Input } from 'antd';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { acceptInvitationSchema, completePasswordResetSchema, safeReturnUrl } from '@planning/shared';
import { ApiError } from '../../../api/client';
import { SchemaForm } from '../../../components/forms/SchemaForm';
import { schemaRule, showServerIssues } from '../../../components/forms/schemaForm';
import {
  acceptInvitation,
  checkInvitation,
  completePasswordReset,
  verifyEmail,
} from '../../../platform/session/api';
import { useResetAuth } from '../../../platform/session/hooks';
import { AuthCard, FormError } from '../components/AuthCard';
import { reportAuthError } from '../components/authErrors';
import { LoadingSpin } from '../../../components/LoadingSpin';

/** Where emailed links land: ?mode=verifyEmail, resetPassword or invite, with a single-use token. */
export function AuthActionPage() {
  const [params] = useSearchParams();
  const mode = params.get('mode');
  const token = params.get('token') ?? '';
  if (mode === 'verifyEmail') return <VerifyEmail token={token} continueUrl={params.get('continueUrl')} />;
  if (mode === 'resetPassword') return <ResetPassword token={token} />;
  if (mode === 'invite') return <AcceptInvitation token={token} />;
  return (
    <AuthCard title="This link does not work">
      <p>Please use the link from your most recent email.</p>
    </AuthCard>
  );
}

function signInLink(path: string, continueUrl: string | null) {
  const target = safeReturnUrl(continueUrl, '');
  return target ? `${path}?returnUrl=${encodeURIComponent(target)}` : path;
}

function VerifyEmail({ token, continueUrl }: { token: string; continueUrl: string | null }) {
  const [state, setState] = useState<{ message: string; redirectTo: string } | { error: string } | null>(
    null,
  );

  useEffect(() => {
    let current = true;
    verifyEmail(token)
      .then(
        (answer) =>
          current && setState({ message: answer.message, redirectTo: answer.redirectTo ?? '/login' }),
      )
      .catch((failure: unknown) => current && setState({ error: reportAuthError(failure) }));
    return () => {
      current = false;
    };
  }, [token]);

  if (!state) return <LoadingSpin label="Confirming your email address" />;
  if ('error' in state) {
    return (
      <AuthCard title="This link does not work">
        <FormError message={state.error} />
        <Link to="/consultations/login">Sign in to get a new link</Link>
      </AuthCard>
    );
  }
  return (
    <AuthCard title="Email address confirmed">
      <p role="status">{state.message}</p>
      <Link className="ant-btn ant-btn-primary" to={signInLink(state.redirectTo, continueUrl)}>
        Sign in
      </Link>
    </AuthCard>
  );
}

type ResetValues = { password: string; confirmPassword: string };

function ResetPassword({ token }: { token: string }) {
  const [form] = Form.useForm<ResetValues>();
  const [done, setDone] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);
  // The schema checks the token too; the form only shows the fields a person types.
  const schema = {
    safeParse: (values: unknown) => completePasswordResetSchema.safeParse({ ...(values as object), token }),
  };

  const handleFinish = async (values: ResetValues) => {
    setError(null);
    setSubmitting(true);
    try {
      setDone((await completePasswordReset({ ...values, token })).message);
    } catch (failure) {
      if (failure instanceof ApiError) showServerIssues(form, failure.issues);
      setError(reportAuthError(failure));
    } finally {
      setSubmitting(false);
    }
  };

  if (done) {
    return (
      <AuthCard title="Password changed">
        <p role="status">{done}</p>
        <Link className="ant-btn ant-btn-primary" to="/login">
          Sign in
        </Link>
      </AuthCard>
    );
  }
  return (
    <AuthCard title="Choose a new password">
      <FormError message={error} />
      <SchemaForm form={form} onFinish={handleFinish}>
        <Form.Item label="New password" name="password" rules={[schemaRule(schema, 'password')]}>
          <Input.Password autoComplete="new-password" />
        </Form.Item>
        <Form.Item
          label="Confirm password"
          name="confirmPassword"
          rules={[schemaRule(schema, 'confirmPassword')]}
        >
          <Input.Password autoComplete="new-password" />
        </Form.Item>
        <Button type="primary" htmlType="submit" block loading={submitting}>
          Change password
        </Button>
      </SchemaForm>
    </AuthCard>
  );
}

type Invitation = { email: string; name: string; council: string };

/** An invited staff member chooses a password (spec 01 §5: at least 6 characters) and is signed in. */
function AcceptInvitation({ token }: { token: string }) {
  const [form] = Form.useForm<ResetValues>();
  const navigate = useNavigate();
  const resetAuth = useResetAuth();
  const [invitation, setInvitation] = useState<Invitation | { error: string } | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const schema = {
    safeParse: (values: unknown) => acceptInvitationSchema.safeParse({ ...(values as object), token }),
  };

  useEffect(() => {
    let current = true;
    checkInvitation(token)
      .then((answer) => current && setInvitation(answer))
      .catch((failure: unknown) => current && setInvitation({ error: reportAuthError(failure) }));
    return () => {
      current = false;
    };
  }, [token]);

  const handleFinish = async (values: ResetValues) => {
    setError(null);
    setSubmitting(true);
    try {
      const answer = await acceptInvitation({ ...values, token });
      resetAuth();
      await navigate(answer.redirectTo, { replace: true });
    } catch (failure) {
      if (failure instanceof ApiError) showServerIssues(form, failure.issues);
      setError(reportAuthError(failure));
    } finally {
      setSubmitting(false);
    }
  };

  if (!invitation) return <LoadingSpin label="Checking your invitation" />;
  if ('error' in invitation) {
    return (
      <AuthCard title="This invitation does not work">
        <FormError message={invitation.error} />
        <Link to="/sign-in">Sign in</Link>
      </AuthCard>
    );
  }
  return (
    <AuthCard title={`Join ${invitation.council}`}>
      <p>
        Welcome, {invitation.name}. Choose a password to finish setting up your account{' '}
        <strong>{invitation.email}</strong>.
      </p>
      <FormError message={error} />
      <SchemaForm form={form} onFinish={handleFinish}>
        <Form.Item label="Password" name="password" rules={[schemaRule(schema, 'password')]}>
          <Input.Password autoComplete="new-password" />
        </Form.Item>
        <Form.Item
          label="Confirm password"
          name="confirmPassword"
          rules={[schemaRule(schema, 'confirmPassword')]}
        >
          <Input.Password autoComplete="new-password" />
        </Form.Item>
        <Button type="primary" htmlType="submit" block loading={submitting}>
          Set password and sign in
        </Button>
      </SchemaForm>
    </AuthCard>
  );
}
