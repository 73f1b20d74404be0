import { Button } from 'antd';
import {
  answerProblem,
  conditionMet,
  type Answer,
  type AnswerPolicy,
  type AnswerValue,
  type Question,
  type SimpleQuestion,
} from '@planning/shared';
import { useEffect, useId, useRef, useState, type CSSProperties, type ReactNode } from 'react';
import { useLocation } from 'react-router';
import { AnswerFields, emptyDraft, type Draft, type FieldError } from './AnswerFields';
import {
  AnswerActions,
  DeleteAnswerDialog,
  DisabledReason,
  errorText,
  inputState,
  SubmittedMessage,
  useAnswerMutations,
} from './parts';
import { answerFor, answerText, questionAnchor } from './rules';
import { SiteQuestionBlock } from './SiteQuestionBlock';
import './questions.css';

export type QuestionBlockProps = {
  documentId: string;
  /** The question entity of the document's config (a question block's or a poll's). */
  question: Question;
  /** The resident's answers to this document (GET /public/documents/{id}/answers); [] when signed out. */
  answers: readonly Answer[];
  /** What the public read says the reader may do. */
  viewer: AnswerPolicy;
};

/**
 * Spec 02 §2 Question blocks: one question of a document, answered in place. Simple questions
 * (radio, checkbox, textarea, select) take one answer; a question about a site (and a map-linked
 * question's several questions) take one answer per site.
 */
export function QuestionBlock(props: QuestionBlockProps) {
  const { question } = props;
  if (question.type === 'mapLinkedQuestion' || question.mapFeatureSelect)
    return <SiteQuestionBlock {...props} question={question} />;
  return <SimpleQuestionBlock {...props} question={question} />;
}

/**
 * The question's title, its text (HTML the server has sanitised) and its colour. Arriving at the
 * question's address (My responses' links, the return from signing in), the title takes focus.
 */
export function QuestionHeader({ question, titleId }: { question: Question; titleId: string }) {
  const location = useLocation();
  const heading = useRef<HTMLHeadingElement>(null);
  const arrived = location.hash === `#${questionAnchor(question.id)}`;
  useEffect(() => {
    if (!arrived) return;
    heading.current?.scrollIntoView({ block: 'start' });
    heading.current?.focus({ preventScroll: true });
  }, [arrived, location.key]);
  return (
    <>
      <h3 id={titleId} ref={heading} tabIndex={-1} className="question-title">
        {question.title}
      </h3>
      {typeof question.question === 'string' && question.question !== '' && (
        <div className="question-text" dangerouslySetInnerHTML={{ __html: question.question }} />
      )}
    </>
  );
}

export const blockStyle = (question: Question): CSSProperties | undefined =>
  question.color ? ({ '--question-colour': question.color } as CSSProperties) : undefined;

export function draftOf(question: SimpleQuestion, answer: Answer | null | undefined): Draft {
  if (!answer) return emptyDraft(question);
  const value: AnswerValue =
    question.type === 'checkboxQuestion'
      ? Array.isArray(answer.value)
        ? answer.value
        : [answer.value]
      : Array.isArray(answer.value)
        ? (answer.value[0] ?? '')
        : answer.value;
  return { value, conditional: answer.conditional ?? '' };
}

/** The first problem with a draft, tied to the field it concerns (spec 02 §5, the shared rule). */
export function draftProblem(
  question: SimpleQuestion,
  draft: Draft,
  site?: { relatedSiteId: string | null; relatedSiteComment: string | null },
): FieldError {
  const valueOnly = answerProblem(question, { value: draft.value, ...site });
  if (valueOnly) return { field: 'value', message: valueOnly };
  const whole = answerProblem(question, {
    value: draft.value,
    conditional: conditionMet(question, draft.value) ? draft.conditional : null,
    ...site,
  });
  return whole ? { field: 'conditional', message: whole } : null;
}

/** Moves focus to the first input of a field that was refused (spec: focus the first invalid field). */
export function focusFirstInput(container: HTMLElement | null) {
  const input = container?.querySelector<HTMLElement>('input:not([type=hidden]), textarea, [role=combobox]');
  (input ?? container)?.focus();
}

function SimpleQuestionBlock({
  documentId,
  question,
  answers,
  viewer,
}: QuestionBlockProps & { question: SimpleQuestion }) {
  const titleId = useId();
  const state = inputState(viewer);
  const { save, remove } = useAnswerMutations(documentId);
  const stored = answerFor(answers, question.id);
  // A save or delete shows at once; the next read of the answers (refetched after it) takes over.
  const signature = answers.map((answer) => `${answer.id}@${answer.updatedAt}`).join();
  const [override, setOverride] = useState<{ signature: string; answer: Answer | null } | null>(null);
  const current = override?.signature === signature ? override.answer : (stored ?? null);

  const [editing, setEditing] = useState(false);
  const [draft, setDraft] = useState<Draft>(() => draftOf(question, current));
  const [error, setError] = useState<FieldError>(null);
  const [saveError, setSaveError] = useState<string | null>(null);
  const [submitted, setSubmitted] = useState(false);
  const [confirmDelete, setConfirmDelete] = useState(false);
  const fieldRef = useRef<HTMLDivElement>(null);
  const conditionalRef = useRef<HTMLDivElement>(null);
  const submittedRef = useRef<HTMLDivElement>(null);
  const showForm = editing || !current;

  useEffect(() => {
    if (submitted) submittedRef.current?.focus();
  }, [submitted]);

  const handleChange = (next: Draft) => {
    setDraft(next);
    setSubmitted(false);
    if (error) setError(null);
  };

  const handleSubmit = () => {
    const problem = draftProblem(question, draft);
    setError(problem);
    setSaveError(null);
    if (problem) {
      // The conditional box follows the fields: focus whichever was refused.
      queueMicrotask(() =>
        focusFirstInput(problem.field === 'value' ? fieldRef.current : conditionalRef.current),
      );
      return;
    }
    save.mutate(
      {
        questionId: question.id,
        value: draft.value,
        conditional: conditionMet(question, draft.value) ? draft.conditional : null,
      },
      {
        onSuccess: (answer) => {
          setOverride({ signature, answer });
          setEditing(false);
          setSubmitted(true);
        },
        onError: (failure) => setSaveError(errorText(failure)),
      },
    );
  };

  const handleDelete = () => {
    if (!current) return;
    remove.mutate(current, {
      onSuccess: () => {
        setOverride({ signature, answer: null });
        setConfirmDelete(false);
        setSubmitted(false);
        setEditing(false);
        setDraft(emptyDraft(question));
      },
    });
  };

  return (
    <section
      id={questionAnchor(question.id)}
      className="question-block"
      aria-labelledby={titleId}
      style={blockStyle(question)}
    >
      <QuestionHeader question={question} titleId={titleId} />
      {showForm ? (
        <>
          <DisabledReason reason={state.disabled ? state.reason : null}>
            <div ref={conditionalRef}>
              <AnswerFields
                question={question}
                titleId={titleId}
                draft={draft}
                onChange={handleChange}
                error={error}
                disabled={state.disabled}
                fieldRef={fieldRef}
              />
            </div>
          </DisabledReason>
          {saveError && (
            <p className="question-error" role="alert">
              {saveError}
            </p>
          )}
          <AnswerActions
            questionId={question.id}
            viewer={viewer}
            busy={save.isPending}
            onClear={() => handleChange(emptyDraft(question))}
            onSubmit={handleSubmit}
            onCancel={
              editing && current
                ? () => {
                    setEditing(false);
                    setError(null);
                  }
                : undefined
            }
          />
        </>
      ) : (
        <>
          {submitted && <SubmittedMessage ref={submittedRef} />}
          <SavedAnswer question={question} answer={current}>
            {state.canSubmit && (
              <div className="question-actions">
                <Button
                  onClick={() => {
                    setDraft(draftOf(question, current));
                    setEditing(true);
                    setSubmitted(false);
                  }}
                >
                  Edit answer
                </Button>
                <Button danger onClick={() => setConfirmDelete(true)}>
                  Delete answer
                </Button>
              </div>
            )}
          </SavedAnswer>
          {!state.canSubmit && state.reason && <p className="question-note">{state.reason}</p>}
        </>
      )}
      <DeleteAnswerDialog
        open={confirmDelete}
        busy={remove.isPending}
        error={remove.error ? errorText(remove.error) : null}
        onDelete={handleDelete}
        onCancel={() => setConfirmDelete(false)}
      />
    </section>
  );
}

/** An answer as saved: the picks or text, and the conditional text under its title. */
export function SavedAnswer({
  question,
  answer,
  children,
}: {
  question: SimpleQuestion;
  answer: Answer;
  children?: ReactNode;
}) {
  return (
    <div className="question-answer">
      <p className="question-answer-label">Your answer</p>
      <p className="question-answer-value">{answerText(answer.value)}</p>
      {answer.conditional && (
        <>
          <p className="question-answer-label">{question.conditional?.title ?? 'More detail'}</p>
          <p className="question-answer-value">{answer.conditional}</p>
        </>
      )}
      {children}
    </div>
  );
}
