import { useEffect, useState, type ReactNode } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import {
  cfsSubmissionMessages as M,
  type CfsSubmission,
  type QuestionTopic,
  type SubmissionProblem,
} from '@planning/shared';
import { ApiError } from '../../api/client';
import { LoadingSpin } from '../../components/LoadingSpin';
import { callKeys, fetchPublicCall } from './api';
import { endText } from './callTimes';
import { BackLink, ERROR_SUMMARY_ID, RadioGroup, Tag, TextArea, TextField } from './formParts';
import { useAttachments, useSaveSubmission, useSubmission } from './submissionApi';
import {
  MY_SUBMISSIONS,
  draftInput,
  draftProblems,
  draftValues,
  fieldError,
  problemsOn,
  remainingProblems,
  stepHref,
  submissionBase,
  taskStatuses,
  type DraftValues,
  type TaskStatus,
} from './submissionForm';
import { useDocumentTitle } from '../../components/useDocumentTitle';
import {
  ClosedNotice,
  PAGE_TITLE_ID,
  StepFrame,
  SaveButtons,
  StepNotFound,
  useFocusOnArrival,
  type Editor,
} from './StepFrame';
import { SitesStep, SiteStep } from './SiteSteps';
import { CheckStep, SubmittedView } from './CheckSteps';
import { DocumentsStep } from './DocumentsStep';
import '../../shared/admin-frame/adminContent.css';
import './callsForSites.css';
import './submissions.css';

/**
 * Issue 27 point 2: a submission to a call for sites, at /calls-for-sites/submissions/:id. A draft
 * in GOV.UK's steps (the task list; Your details; Sites and each site's page; Check your answers
 * and submit), saved whole at every step; once submitted, what was sent (and, just after, the
 * confirmation with its reference).
 */

function Page({ children }: { children: ReactNode }) {
  return <div className="policy-page calls-public cfs-page">{children}</div>;
}

/** The call a submission answers: its name and questionnaire. */
function useCallOf(callId: string | undefined) {
  return useQuery({
    queryKey: callKeys.publicCall(callId ?? ''),
    queryFn: ({ signal }) => fetchPublicCall(callId!, signal),
    enabled: Boolean(callId),
  });
}

export function SubmissionPage() {
  const { submissionId = '', step, siteNumber } = useParams();
  const submission = useSubmission(submissionId);
  const call = useCallOf(submission.data?.callId);
  const missing = submission.error instanceof ApiError && [400, 404].includes(submission.error.status);
  useDocumentTitle(missing ? M.submissionNotFound : undefined);
  if (submission.isLoading || (submission.data && call.isLoading))
    return (
      <Page>
        <LoadingSpin label="Loading your submission" />
      </Page>
    );
  if (missing || !submission.data)
    return (
      <Page>
        <h1 className="cfs-heading-l">{missing ? M.submissionNotFound : 'Your submission'}</h1>
        <p role={missing ? undefined : 'alert'}>
          {missing
            ? 'It may have been deleted, or the address may be wrong.'
            : (submission.error?.message ?? 'Failed to load the submission')}
        </p>
        <p>
          <Link to={MY_SUBMISSIONS}>Your submissions</Link>
        </p>
      </Page>
    );
  const topics = call.data?.questionnaire.topics ?? [];
  if (submission.data.status !== 'draft')
    return (
      <Page>
        <SubmittedView submission={submission.data} topics={topics} justSubmitted={step === 'confirmation'} />
      </Page>
    );
  return (
    <Page>
      <DraftEditor
        key={submission.data.id}
        submission={submission.data}
        topics={topics}
        layerIds={call.data?.layers.map((layer) => layer.id) ?? []}
        callEndsAt={call.data?.endsAt ?? null}
        callClosed={call.isError || (call.data !== undefined && call.data.state !== 'open')}
        step={step}
        siteNumber={siteNumber}
      />
    </Page>
  );
}

// ---------------------------------------------------------------------------------------------
// The draft.

type EditorProps = {
  submission: CfsSubmission;
  topics: QuestionTopic[];
  layerIds: string[];
  callEndsAt: string | null;
  callClosed: boolean;
  step: string | undefined;
  siteNumber: string | undefined;
};

function DraftEditor({
  submission,
  topics,
  layerIds,
  callEndsAt,
  callClosed,
  step,
  siteNumber,
}: EditorProps) {
  const [values, setValueState] = useState(() => draftValues(submission));
  const [problems, setProblems] = useState<SubmissionProblem[]>([]);
  const [failure, setFailure] = useState<string | null>(null);
  const [summaryShown, setSummaryShown] = useState(0);
  const save = useSaveSubmission(submission.id);
  useEffect(() => {
    if (summaryShown === 0) return;
    const summary = document.getElementById(ERROR_SUMMARY_ID);
    summary?.focus();
    summary?.scrollIntoView({ block: 'start' });
  }, [summaryShown]);
  const showProblems = (next: SubmissionProblem[]) => {
    setFailure(null);
    setProblems(next);
    setSummaryShown((count) => count + 1);
  };
  const fail = (message: string) => {
    setFailure(message);
    setSummaryShown((count) => count + 1);
  };
  const persist = async (next: DraftValues) => {
    setFailure(null);
    try {
      const saved = await save.mutateAsync(draftInput(next));
      const kept: DraftValues = {
        ...next,
        sites: next.sites.map((site, index) => ({
          ...site,
          areaHa: saved.sites[index]?.areaHa ?? site.areaHa,
        })),
      };
      setValueState(kept);
      setProblems((shown) => remainingProblems(shown, draftProblems(kept, topics)));
      return true;
    } catch (error) {
      if (error instanceof ApiError && error.issues.length > 0) {
        showProblems(error.issues.map((issue) => ({ ...issue, path: issue.path.replace(/^body\./, '') })));
      } else {
        fail(
          `Your answers could not be saved: ${error instanceof Error ? error.message : String(error)}. Try again.`,
        );
      }
      return false;
    }
  };
  const editor: Editor = {
    submission,
    topics,
    layerIds,
    callEndsAt,
    callClosed,
    values,
    setValues: (update) => setValueState(update),
    problems,
    showProblems,
    persist,
    saving: save.isPending,
    failure,
    fail,
  };
  if (step === undefined) return <TaskList editor={editor} />;
  if (step === 'details') return <DetailsStep editor={editor} />;
  if (step === 'sites' && siteNumber === undefined) return <SitesStep editor={editor} />;
  if (step === 'sites' && /^\d+$/.test(siteNumber ?? '')) {
    const index = Number(siteNumber) - 1;
    if (values.sites[index]) return <SiteStep key={index} editor={editor} index={index} />;
  }
  if (step === 'documents') return <DocumentsStep editor={editor} />;
  if (step === 'check') return <CheckStep editor={editor} />;
  return <StepNotFound submissionId={submission.id} />;
}

// ---------------------------------------------------------------------------------------------
// The task list.

const statusTagTone: Record<TaskStatus, 'grey' | 'blue' | 'green'> = {
  'Not yet started': 'blue',
  Incomplete: 'blue',
  Completed: 'green',
  'Cannot start yet': 'grey',
};

type TaskKey = 'details' | 'sites' | 'documents' | 'check';

function TaskList({ editor }: { editor: Editor }) {
  const { submission, values, topics } = editor;
  const attachments = useAttachments(submission.id);
  const statuses: Record<TaskKey, TaskStatus> = {
    ...taskStatuses(values, topics),
    // Optional: done once a document is attached.
    documents: attachments.data?.attachments.length ? 'Completed' : 'Not yet started',
  };
  useDocumentTitle(`Submit sites – ${submission.callName}`);
  useFocusOnArrival();
  const tasks: { key: TaskKey; title: string; hint?: string }[] = [
    { key: 'details', title: 'Your details', hint: 'Who you are, and your client if you act for someone' },
    {
      key: 'sites',
      title: 'Sites',
      hint: 'Each site’s boundary, ownership, availability, proposed uses and the council’s questions',
    },
    {
      key: 'documents',
      title: 'Supporting documents (optional)',
      hint: 'Site plans, title documents, photographs or letters',
    },
    { key: 'check', title: 'Check your answers and submit' },
  ];
  return (
    <>
      <BackLink to={MY_SUBMISSIONS}>Your submissions</BackLink>
      <span className="cfs-caption-l">{submission.callName}</span>
      <h1 className="cfs-heading-l" id={PAGE_TITLE_ID} tabIndex={-1}>
        Submit sites
      </h1>
      <p>Your answers are saved each time you select Save and continue, so you can come back later.</p>
      <ClosedNotice editor={editor} />
      {!editor.callClosed && editor.callEndsAt && (
        <p className="calls-public__inset">
          This call for sites closes at {endText(editor.callEndsAt)}. Submit your sites before then.
        </p>
      )}
      <ol className="cfs-task-list">
        {tasks.map((task) => (
          <li key={task.key} className="cfs-task-list__item">
            <div className="cfs-task-list__name">
              {/* GOV.UK: a task that cannot start yet is not a link. */}
              {statuses[task.key] === 'Cannot start yet' ? (
                <span aria-describedby={`task-${task.key}-status`}>{task.title}</span>
              ) : (
                <Link to={stepHref(submission.id, task.key)} aria-describedby={`task-${task.key}-status`}>
                  {task.title}
                </Link>
              )}
              {task.hint && <div className="cfs-hint">{task.hint}</div>}
            </div>
            <div className="cfs-task-list__status" id={`task-${task.key}-status`}>
              <Tag tone={statusTagTone[statuses[task.key]]}>{statuses[task.key]}</Tag>
            </div>
          </li>
        ))}
      </ol>
      <p>
        <Link to={`/calls-for-sites/${submission.callId}`}>Read the call for sites and its guidance</Link>
      </p>
    </>
  );
}

// ---------------------------------------------------------------------------------------------
// Your details.

function DetailsStep({ editor }: { editor: Editor }) {
  const { submission, values, setValues } = editor;
  const navigate = useNavigate();
  const problems = problemsOn(editor.problems, 'details');
  const error = (fieldId: string) => fieldError(problems, fieldId);
  const contact = (key: keyof DraftValues['contact']) => (value: string) =>
    setValues((current) => ({ ...current, contact: { ...current.contact, [key]: value } }));
  const client = (key: keyof DraftValues['client']) => (value: string) =>
    setValues((current) => ({ ...current, client: { ...current.client, [key]: value } }));
  return (
    <StepFrame editor={editor} back={submissionBase(submission.id)} title="Your details" problems={problems}>
      <form
        noValidate
        onSubmit={async (event) => {
          event.preventDefault();
          if (await editor.persist(values)) void navigate(stepHref(submission.id, 'sites'));
        }}
      >
        <TextField
          id="contact-name"
          label="Full name"
          autoComplete="name"
          spellCheck={false}
          value={values.contact.name}
          onChange={contact('name')}
          error={error('contact-name')}
        />
        <TextField
          id="contact-organisation"
          label="Organisation"
          optional
          autoComplete="organization"
          value={values.contact.organisation}
          onChange={contact('organisation')}
          error={error('contact-organisation')}
        />
        <TextField
          id="contact-email"
          label="Email address"
          hint="We will email a copy of your submission to this address."
          type="email"
          autoComplete="email"
          spellCheck={false}
          value={values.contact.email}
          onChange={contact('email')}
          error={error('contact-email')}
        />
        <TextField
          id="contact-phone"
          label="Telephone number"
          optional
          type="tel"
          autoComplete="tel"
          width="medium"
          value={values.contact.phone}
          onChange={contact('phone')}
          error={error('contact-phone')}
        />
        <TextArea
          id="contact-address"
          label="Address"
          autoComplete="street-address"
          rows={3}
          value={values.contact.address}
          onChange={contact('address')}
          error={error('contact-address')}
        />
        <RadioGroup
          id="for-client"
          legend="Are you submitting for someone else?"
          hint="For example, as an agent for a landowner or developer."
          value={values.forClient}
          onChange={(value) => setValues((current) => ({ ...current, forClient: value as 'yes' | 'no' }))}
          choices={[
            { value: 'yes', label: 'Yes' },
            { value: 'no', label: 'No' },
          ]}
          conditional={{
            yes: (
              <>
                <TextField
                  id="client-name"
                  label="Client’s name"
                  value={values.client.name}
                  onChange={client('name')}
                  error={error('client-name')}
                />
                <TextField
                  id="client-organisation"
                  label="Client’s organisation"
                  optional
                  value={values.client.organisation}
                  onChange={client('organisation')}
                  error={error('client-organisation')}
                />
                <TextArea
                  id="client-address"
                  label="Client’s address"
                  optional
                  rows={3}
                  value={values.client.address}
                  onChange={client('address')}
                  error={error('client-address')}
                />
              </>
            ),
          }}
        />
        <SaveButtons editor={editor} />
      </form>
    </StepFrame>
  );
}
