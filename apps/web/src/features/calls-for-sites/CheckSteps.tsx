import { Link, useNavigate } from 'react-router';
import { type CfsSubmission, type QuestionTopic } from '@planning/shared';
import { ApiError } from '../../api/client';
import { startText } from './callTimes';
import { BackLink } from './formParts';
import { useAttachments, useSubmitSubmission } from './submissionApi';
import {
  MY_SUBMISSIONS,
  draftProblems,
  documentsSection,
  draftValues,
  stepHref,
  submissionBase,
  summarySections,
  type SummarySection,
} from './submissionForm';
import { useDocumentTitle } from '../../components/useDocumentTitle';
import { PAGE_TITLE_ID, StatusTag, StepFrame, useFocusOnArrival, type Editor } from './StepFrame';

/* Issue 27 point 2: Check your answers and submit, and a submitted submission (the confirmation just after). */

// ---------------------------------------------------------------------------------------------
// Check your answers and submit.

function SummaryList({ section, changeLinks }: { section: SummarySection; changeLinks: boolean }) {
  return (
    <section className="cfs-summary-card">
      <h2 className="cfs-heading-m">{section.title}</h2>
      <dl className="cfs-summary-list">
        {section.rows.map((row) => (
          <div className="cfs-summary-list__row" key={`${row.key}:${row.href}`}>
            <dt className="cfs-summary-list__key">{row.key}</dt>
            <dd className="cfs-summary-list__value">
              {row.value.length === 1 ? (
                row.value[0]
              ) : (
                <ul className="cfs-plain-list">
                  {row.value.map((line) => (
                    <li key={line}>{line}</li>
                  ))}
                </ul>
              )}
            </dd>
            {changeLinks && (
              <dd className="cfs-summary-list__actions">
                <Link to={row.href}>
                  Change<span className="cfs-visually-hidden"> {row.key.toLowerCase()}</span>
                </Link>
              </dd>
            )}
          </div>
        ))}
      </dl>
    </section>
  );
}

export function CheckStep({ editor }: { editor: Editor }) {
  const { submission, values, topics } = editor;
  const navigate = useNavigate();
  const submit = useSubmitSubmission(submission.id);
  const attachments = useAttachments(submission.id);
  const sections = summarySections(values, topics, submission.id);
  const busy = editor.saving || submit.isPending;
  const onSubmit = async () => {
    const problems = draftProblems(values, topics);
    if (problems.length > 0) {
      editor.showProblems(problems);
      return;
    }
    if (!(await editor.persist(values))) return;
    try {
      await submit.mutateAsync();
      void navigate(`${submissionBase(submission.id)}/confirmation`);
    } catch (error) {
      if (error instanceof ApiError && error.issues.length > 0) editor.showProblems([...error.issues]);
      else editor.fail(error instanceof Error ? error.message : String(error));
    }
  };
  return (
    <StepFrame
      editor={editor}
      back={submissionBase(submission.id)}
      title="Check your answers before submitting"
      problems={editor.problems}
      wholeDraft
    >
      {sections.map((section) => (
        <SummaryList key={section.title} section={section} changeLinks />
      ))}
      {values.sites.length === 0 && (
        <section className="cfs-summary-card">
          <h2 className="cfs-heading-m">Sites</h2>
          <p>
            No sites added. <Link to={stepHref(submission.id, 'sites')}>Add a site</Link>
          </p>
        </section>
      )}
      {attachments.data && (
        <SummaryList section={documentsSection(attachments.data.attachments, submission.id)} changeLinks />
      )}
      <h2 className="cfs-heading-m">Now submit your sites</h2>
      <p>
        By submitting you confirm that, to the best of your knowledge, the details you are providing are
        correct. The council may publish the sites and what you said about them, but not your contact details.
      </p>
      <div className="cfs-button-group">
        <button type="button" className="cfs-button" disabled={busy} onClick={() => void onSubmit()}>
          Submit
        </button>
        <Link to={MY_SUBMISSIONS}>Come back later</Link>
      </div>
    </StepFrame>
  );
}

// ---------------------------------------------------------------------------------------------
// A submitted submission.

export function SubmittedView({
  submission,
  topics,
  justSubmitted,
}: {
  submission: CfsSubmission;
  topics: QuestionTopic[];
  justSubmitted: boolean;
}) {
  const values = draftValues(submission);
  const attachments = useAttachments(submission.id);
  const sections = summarySections(values, topics, submission.id);
  useDocumentTitle(justSubmitted ? 'Submission received' : `Your submission – ${submission.callName}`);
  useFocusOnArrival();
  return (
    <>
      <BackLink to={MY_SUBMISSIONS}>Your submissions</BackLink>
      {justSubmitted ? (
        <>
          <div className="cfs-panel">
            <h1 className="cfs-panel__title" id={PAGE_TITLE_ID} tabIndex={-1}>
              Submission received
            </h1>
            <div className="cfs-panel__body">
              Your reference number
              <br />
              <strong>{submission.reference}</strong>
            </div>
          </div>
          <p>We have emailed a copy of your submission to {submission.contact.email}.</p>
          <h2 className="cfs-heading-m">What happens next</h2>
          <p>
            The council will look at each site you put forward once the call for sites has closed. Quote your
            reference if you contact the council about this submission.
          </p>
          <p>
            <Link to={MY_SUBMISSIONS}>See your submissions</Link>
          </p>
        </>
      ) : (
        <>
          <span className="cfs-caption-l">{submission.callName}</span>
          <h1 className="cfs-heading-l" id={PAGE_TITLE_ID} tabIndex={-1}>
            Your submission {submission.reference}
          </h1>
          <p>
            <StatusTag status={submission.status} />
          </p>
          {submission.submittedAt && <p>Submitted {startText(submission.submittedAt)}.</p>}
          {sections.map((section) => (
            <SummaryList key={section.title} section={section} changeLinks={false} />
          ))}
          {attachments.data && (
            <SummaryList
              section={documentsSection(attachments.data.attachments, submission.id)}
              changeLinks={false}
            />
          )}
        </>
      )}
    </>
  );
}
