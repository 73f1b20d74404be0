import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { cfsSubmissionMessages as M, type MyCfsSubmissionList } from '@planning/shared';
import { LoadingSpin } from '../../components/LoadingSpin';
import { startText } from './callTimes';
import { BackLink } from './formParts';
import { StatusTag } from './StepFrame';
import { useDeleteSubmission, useMySubmissions, useWithdrawSubmission } from './submissionApi';
import { canWithdraw, submissionBase } from './submissionForm';
import { useDocumentTitle } from '../../components/useDocumentTitle';
import '../../shared/admin-frame/adminContent.css';
import './callsForSites.css';
import './submissions.css';

type Listed = MyCfsSubmissionList['submissions'][number];
type Confirming = { id: string; action: 'delete' | 'withdraw' };

/** What a submission is called in a sentence: its reference, or the draft of its call. */
const nameOf = (submission: Listed) => submission.reference ?? `your draft for ${submission.callName}`;

/**
 * Issue 27 point 2, /calls-for-sites/my-submissions: the signed-in account's submissions (drafts
 * and sent), with Continue and Delete draft for a draft, View, and Withdraw while awaiting review.
 */
export function MySubmissionsPage() {
  useDocumentTitle('Your submissions');
  const list = useMySubmissions();
  const remove = useDeleteSubmission();
  const withdraw = useWithdrawSubmission();
  const [confirming, setConfirming] = useState<Confirming | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  useEffect(() => {
    if (confirming) document.getElementById('confirm-question')?.focus();
  }, [confirming]);
  useEffect(() => {
    if (done || failure) document.getElementById('submissions-notice')?.focus();
  }, [done, failure]);
  const act = async (submission: Listed, action: Confirming['action']) => {
    setFailure(null);
    try {
      if (action === 'delete') await remove.mutateAsync(submission.id);
      else await withdraw.mutateAsync(submission.id);
      setConfirming(null);
      setDone(action === 'delete' ? 'Draft deleted' : `${M.withdrawn}: ${submission.reference ?? ''}`);
    } catch (error) {
      setConfirming(null);
      setFailure(error instanceof Error ? error.message : String(error));
    }
  };
  return (
    <div className="policy-page calls-public cfs-page">
      <BackLink to="/calls-for-sites">Calls for sites</BackLink>
      {(done || failure) && (
        <div
          id="submissions-notice"
          tabIndex={-1}
          className={failure ? 'cfs-error-summary' : 'cfs-notice cfs-notice--success'}
          role={failure ? 'alert' : 'status'}
        >
          <p className="cfs-notice__text">{failure ?? done}</p>
        </div>
      )}
      <h1 className="cfs-heading-l">Your submissions</h1>
      {list.isLoading && <LoadingSpin label="Loading your submissions" />}
      {list.error && (
        <p className="cfs-error-message" role="alert">
          {list.error.message}
        </p>
      )}
      {list.data && list.data.submissions.length === 0 && (
        <p className="calls-public__inset">
          You have not submitted any sites yet. See the{' '}
          <Link to="/calls-for-sites">calls for sites open now</Link>.
        </p>
      )}
      {list.data && list.data.submissions.length > 0 && (
        <ul className="cfs-submission-list">
          {list.data.submissions.map((submission) => {
            const draft = submission.status === 'draft';
            const asking = confirming?.id === submission.id ? confirming.action : null;
            const title = `${submission.callName}${submission.reference ? ` (${submission.reference})` : ''}`;
            return (
              <li key={submission.id} className="cfs-submission-list__item">
                <h2 className="cfs-heading-s">{submission.callName}</h2>
                <dl className="cfs-summary-list cfs-summary-list--compact">
                  <div className="cfs-summary-list__row">
                    <dt className="cfs-summary-list__key">Reference</dt>
                    <dd className="cfs-summary-list__value">{submission.reference ?? 'Draft'}</dd>
                  </div>
                  <div className="cfs-summary-list__row">
                    <dt className="cfs-summary-list__key">Status</dt>
                    <dd className="cfs-summary-list__value">
                      <StatusTag status={submission.status} />
                    </dd>
                  </div>
                  <div className="cfs-summary-list__row">
                    <dt className="cfs-summary-list__key">Last changed</dt>
                    <dd className="cfs-summary-list__value">{startText(submission.updatedAt)}</dd>
                  </div>
                  <div className="cfs-summary-list__row">
                    <dt className="cfs-summary-list__key">Sites</dt>
                    <dd className="cfs-summary-list__value">{submission.siteCount}</dd>
                  </div>
                </dl>
                {asking ? (
                  <div className="cfs-confirm">
                    <p id="confirm-question" tabIndex={-1}>
                      {asking === 'delete'
                        ? `Delete ${nameOf(submission)}? Its answers cannot be brought back.`
                        : `Withdraw ${nameOf(submission)}? The council will not consider its sites.`}
                    </p>
                    <div className="cfs-button-group">
                      <button
                        type="button"
                        className="cfs-button cfs-button--warning"
                        disabled={remove.isPending || withdraw.isPending}
                        onClick={() => void act(submission, asking)}
                      >
                        {asking === 'delete' ? 'Yes, delete the draft' : 'Yes, withdraw it'}
                      </button>
                      <button
                        type="button"
                        className="cfs-link-button"
                        onClick={() => {
                          setConfirming(null);
                          requestAnimationFrame(() =>
                            document.getElementById(`${asking}-${submission.id}`)?.focus(),
                          );
                        }}
                      >
                        Cancel
                      </button>
                    </div>
                  </div>
                ) : (
                  <div className="cfs-actions">
                    {draft ? (
                      <Link to={submissionBase(submission.id)}>
                        Continue<span className="cfs-visually-hidden"> {title}</span>
                      </Link>
                    ) : (
                      <Link to={submissionBase(submission.id)}>
                        View<span className="cfs-visually-hidden"> {title}</span>
                      </Link>
                    )}
                    {draft && (
                      <button
                        type="button"
                        id={`delete-${submission.id}`}
                        className="cfs-link-button"
                        onClick={() => setConfirming({ id: submission.id, action: 'delete' })}
                      >
                        Delete draft<span className="cfs-visually-hidden"> {title}</span>
                      </button>
                    )}
                    {canWithdraw(submission) && (
                      <button
                        type="button"
                        id={`withdraw-${submission.id}`}
                        className="cfs-link-button"
                        onClick={() => setConfirming({ id: submission.id, action: 'withdraw' })}
                      >
                        Withdraw<span className="cfs-visually-hidden"> {title}</span>
                      </button>
                    )}
                  </div>
                )}
              </li>
            );
          })}
        </ul>
      )}
      <p>
        <Link to="/calls-for-sites">See the calls for sites</Link>
      </p>
    </div>
  );
}
