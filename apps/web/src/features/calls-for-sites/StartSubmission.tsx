import { Link, useNavigate } from 'react-router';
import { cfsSubmissionMessages } from '@planning/shared';
import { useCurrentUser } from '../../platform/session/hooks';
import { useStartSubmission } from './submissionApi';
import { MY_SUBMISSIONS, submissionBase } from './submissionForm';
import './submissions.css';

/** GOV.UK's start button arrow. */
function StartArrow() {
  return (
    <svg
      className="cfs-button__arrow"
      xmlns="http://www.w3.org/2000/svg"
      width="17.5"
      height="19"
      viewBox="0 0 33 40"
      aria-hidden="true"
      focusable="false"
    >
      <path fill="currentColor" d="M0 0h13l20 20-20 20H0l20-20z" />
    </svg>
  );
}

/**
 * Issue 27 point 2, on an open call's page: Start now. Signed out, it leads to the consultation
 * log-in (which comes back here); a consultation account starts a draft and goes to it; a staff
 * account is told it cannot submit.
 */
export function StartSubmission({ callId }: { callId: string }) {
  const { user, isLoading } = useCurrentUser();
  const start = useStartSubmission();
  const navigate = useNavigate();
  if (isLoading) return null;
  const here = `/calls-for-sites/${callId}`;
  return (
    <section aria-labelledby="submit-a-site" className="cfs-start">
      <h2 className="cfs-heading-m" id="submit-a-site">
        Submit a site
      </h2>
      {!user && (
        <>
          <p>Sign in or create a consultation account to submit sites.</p>
          <Link
            className="cfs-button cfs-button--start"
            to={`/login?returnUrl=${encodeURIComponent(here)}`}
            draggable={false}
          >
            Start now
            <StartArrow />
          </Link>
        </>
      )}
      {user?.kind === 'staff' && (
        <p className="calls-public__inset">{cfsSubmissionMessages.publicAccountOnly}</p>
      )}
      {user?.kind === 'public' && (
        <>
          <p>You can submit one or more sites. You can save your answers and come back later.</p>
          {start.error && (
            <p className="cfs-error-message" role="alert">
              <span className="cfs-visually-hidden">Error:</span> {start.error.message}
            </p>
          )}
          <button
            type="button"
            className="cfs-button cfs-button--start"
            disabled={start.isPending}
            onClick={() =>
              start.mutate(callId, { onSuccess: (draft) => void navigate(submissionBase(draft.id)) })
            }
          >
            Start now
            <StartArrow />
          </button>
          <p>
            <Link to={MY_SUBMISSIONS}>Your submissions</Link>
          </p>
        </>
      )}
    </section>
  );
}
