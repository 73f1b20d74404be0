import { useEffect, type ReactNode } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import {
  cfsSubmissionMessages,
  submissionStatusLabels,
  type CfsSubmission,
  type QuestionTopic,
  type SubmissionProblem,
} from '@planning/shared';
import { BackLink, ErrorSummary, focusField, Tag, type SummaryProblem } from './formParts';
import { MY_SUBMISSIONS, issueTarget, problemText, submissionBase, type DraftValues } from './submissionForm';
import { useDocumentTitle } from '../../components/useDocumentTitle';

/* Issue 27 point 2: what every step of a draft shares: its frame, its buttons, the editor the steps work on. */

const statusTone = {
  draft: 'grey',
  new: 'blue',
  in_review: 'blue',
  accepted: 'green',
  rejected: 'red',
  withdrawn: 'grey',
} as const;

export function StatusTag({ status }: { status: CfsSubmission['status'] }) {
  return <Tag tone={statusTone[status]}>{submissionStatusLabels[status]}</Tag>;
}

/** On arriving at a step: the field its address names (#contact-email) focused, else the top of the page. */
/** The page's h1, focused when a step is arrived at. */
export const PAGE_TITLE_ID = 'page-title';

export function useFocusOnArrival() {
  const location = useLocation();
  useEffect(() => {
    const id = decodeURIComponent(location.hash.slice(1));
    if (!id) {
      // A new step in the same page: its heading is where a screen reader and the eye start (the
      // content scrolls in the layout's own box, not the window).
      const title = document.getElementById(PAGE_TITLE_ID);
      title?.focus({ preventScroll: true });
      (title?.closest('.cfs-page') ?? title)?.scrollIntoView({ block: 'start' });
      return;
    }
    // Two frames: a question shown one by one is put on screen first.
    let frame = requestAnimationFrame(() => {
      frame = requestAnimationFrame(() => void focusField(id));
    });
    return () => cancelAnimationFrame(frame);
  }, [location.key, location.hash]);
}

export type Editor = {
  submission: CfsSubmission;
  topics: QuestionTopic[];
  /** The call's public layers, shown on the boundary map. */
  layerIds: string[];
  /** When the call closes (its page may not have loaded). */
  callEndsAt: string | null;
  /** The call has closed (or was withdrawn): the draft can be read, no longer saved. */
  callClosed: boolean;
  values: DraftValues;
  setValues: (update: (values: DraftValues) => DraftValues) => void;
  problems: SubmissionProblem[];
  /** Shows these problems in the error summary and moves focus to it. */
  showProblems: (problems: SubmissionProblem[]) => void;
  /** Saves the whole draft; false when it was refused (the summary says why). */
  persist: (values: DraftValues) => Promise<boolean>;
  saving: boolean;
  failure: string | null;
  /** Shows a failure that belongs to no field (the server could not be reached) at the top. */
  fail: (message: string) => void;
};

export function StepNotFound({ submissionId }: { submissionId: string }) {
  useDocumentTitle('Page not found');
  return (
    <>
      <BackLink to={submissionBase(submissionId)}>Back to your submission</BackLink>
      <h1 className="cfs-heading-l">Page not found</h1>
      <p>
        This part of your submission does not exist. Go back to{' '}
        <Link to={submissionBase(submissionId)}>your submission</Link>.
      </p>
    </>
  );
}

/** A step's frame: Back, the call's name over the heading, the error summary of this page's problems. */
export function StepFrame({
  editor,
  back,
  title,
  problems,
  wholeDraft = false,
  children,
}: {
  editor: Editor;
  back: string;
  title: string;
  problems: SubmissionProblem[];
  /** The problems are the whole draft's (Check your answers): each site problem says its site. */
  wholeDraft?: boolean;
  children: ReactNode;
}) {
  const shown: SummaryProblem[] = problems.map((problem) => ({
    message: problemText(problem, editor.topics, { site: wholeDraft }),
    href: issueTarget(problem.path, editor.submission.id).href,
  }));
  useDocumentTitle(
    `${shown.length || editor.failure ? 'Error: ' : ''}${title} – ${editor.submission.callName}`,
  );
  useFocusOnArrival();
  return (
    <>
      <BackLink to={back} />
      <ErrorSummary problems={shown} failure={editor.failure} />
      <ClosedNotice editor={editor} />
      <span className="cfs-caption-l">{editor.submission.callName}</span>
      <h1 className="cfs-heading-l" id={PAGE_TITLE_ID} tabIndex={-1}>
        {title}
      </h1>
      {children}
    </>
  );
}

/** Said above a draft whose call has closed: saving and submitting would be refused. */
export function ClosedNotice({ editor }: { editor: Editor }) {
  if (!editor.callClosed) return null;
  return (
    <p className="calls-public__inset">
      {cfsSubmissionMessages.callNotOpen}. You can read this draft or delete it.
    </p>
  );
}

/** Save and continue, and Save and come back later (to Your submissions). */
export function SaveButtons({
  editor,
  label = 'Save and continue',
  beforeLater,
  valuesToSave,
}: {
  editor: Editor;
  label?: string;
  /** The page's own checks (numbers); false stops the save. */
  beforeLater?: () => boolean;
  valuesToSave?: () => DraftValues;
}) {
  const navigate = useNavigate();
  return (
    <div className="cfs-button-group">
      <button type="submit" className="cfs-button" disabled={editor.saving}>
        {label}
      </button>
      <button
        type="button"
        className="cfs-link-button"
        disabled={editor.saving}
        onClick={async () => {
          if (beforeLater && !beforeLater()) return;
          if (await editor.persist(valuesToSave ? valuesToSave() : editor.values))
            void navigate(MY_SUBMISSIONS);
        }}
      >
        Save and come back later
      </button>
    </div>
  );
}
