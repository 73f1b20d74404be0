import { Button } from 'antd';
import { useNavigate } from 'react-router';
import { AuthCard } from '../components/AuthCard';

/** Where a revoked session lands (spec 01 §8: 'Session terminated'). */
export function SessionExpiredPage() {
  const navigate = useNavigate();
  return (
    <AuthCard title="Your session has ended">
      <p>
        You were signed out, because you signed out on another device, your password changed or an
        administrator ended your session.
      </p>
      <Button type="primary" onClick={() => void navigate('/sign-in')}>
        Sign in again
      </Button>
    </AuthCard>
  );
}
