import { useState } from 'react';
import { Button } from 'antd';
import { useSearchParams } from 'react-router';
import { resendVerification } from '../../../platform/session/api';
import { AuthCard, FormError } from '../components/AuthCard';
import { reportAuthError } from '../components/authErrors';

/** Spec 01 §4: after sign-up, or a sign-in before the address is confirmed. */
export function ConfirmEmailPage() {
  const [params] = useSearchParams();
  const email = params.get('email') ?? '';
  const [status, setStatus] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [sending, setSending] = useState(false);

  const handleResend = async () => {
    setError(null);
    setSending(true);
    try {
      setStatus((await resendVerification(email)).message);
    } catch (failure) {
      setError(reportAuthError(failure));
    } finally {
      setSending(false);
    }
  };

  return (
    <AuthCard title="Check your email">
      <p>
        We have sent a link to {email ? <strong>{email}</strong> : 'your email address'}. Open it to confirm
        your address, then sign in.
      </p>
      <p>The link expires in 24 hours. Check your spam folder if it has not arrived.</p>
      <FormError message={error} />
      {status && (
        <p role="status" className="auth-card__status">
          {status}
        </p>
      )}
      {email && (
        <Button onClick={() => void handleResend()} loading={sending}>
          Send the link again
        </Button>
      )}
    </AuthCard>
  );
}
