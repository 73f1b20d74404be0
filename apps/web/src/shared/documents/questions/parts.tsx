import { Button, Modal, Tooltip } from 'antd';
import { documentMessages, type Answer, type AnswerInput, type AnswerPolicy } from '@planning/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { forwardRef, type ReactNode } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { HTTP_FALLBACK_MESSAGE } from '../../../api/client';
import { deleteAnswer, refreshAnswers, submitAnswer } from './api';
import { consentToSend } from './ConsentPanel';
import { questionAnchor } from './rules';

/** What the viewer may do with the inputs (spec 02 §6), from the policy the public read carries. */
export function inputState(viewer: AnswerPolicy) {
  const canSubmit = viewer.canAnswer && viewer.answersOpen;
  return {
    canSubmit,
    /** Signed-out visitors may try the inputs; another provider's account or a closed consultation may not. */
    disabled: !viewer.answersOpen || (viewer.signedIn && !viewer.canAnswer),
    /** Why the inputs are disabled, for the tooltip (the server's words). */
    reason: canSubmit ? null : viewer.reason,
    visitor: !viewer.signedIn,
  };
}

/** The disabled inputs' tooltip (spec 02 §6): shown on hover, and in words below for keyboards. */
export function DisabledReason({ reason, children }: { reason: string | null; children: ReactNode }) {
  if (!reason) return <>{children}</>;
  return (
    <Tooltip title={reason}>
      <div className="question-disabled">{children}</div>
    </Tooltip>
  );
}

/** Spec 02 §2: in place of Clear and Submit for a signed-out visitor. */
export function LoginNotice({ questionId }: { questionId: string }) {
  const location = useLocation();
  const navigate = useNavigate();
  const back = `${location.pathname}${location.search}#${questionAnchor(questionId)}`;
  return (
    <div className="question-login">
      <p className="question-login-title">{documentMessages.loginToAnswer}</p>
      <p className="question-login-text">{documentMessages.loginToAnswerText}</p>
      <Button
        type="primary"
        onClick={() => navigate(`/consultations/login?returnUrl=${encodeURIComponent(back)}`)}
      >
        Log in
      </Button>
    </div>
  );
}

/** 'Your answer has been submitted': focus moves here after a submit, so it is read out. */
export const SubmittedMessage = forwardRef<HTMLDivElement, { children?: ReactNode }>(
  function SubmittedMessage({ children }, ref) {
    return (
      <div ref={ref} tabIndex={-1} role="status" className="question-submitted">
        <p className="question-submitted-title">{documentMessages.answerSubmitted}</p>
        {children}
      </div>
    );
  },
);

/** Saving and deleting a resident's answers, with every cached read of them refreshed after. */
export function useAnswerMutations(documentId: string) {
  const queryClient = useQueryClient();
  const save = useMutation({
    // Issue 26 point 6: with the choices made in the consent panel (unticked until the resident ticks).
    mutationFn: (input: AnswerInput) => {
      const consent = consentToSend(queryClient, documentId);
      return submitAnswer(documentId, consent ? { ...input, consent } : input);
    },
    // The block shows the failure beside the answer.
    onError: () => {},
    onSuccess: () => refreshAnswers(queryClient, documentId),
  });
  const remove = useMutation({
    mutationFn: (answer: Answer) => deleteAnswer(documentId, answer.id),
    // The dialog shows the failure.
    onError: () => {},
    onSuccess: () => refreshAnswers(queryClient, documentId),
  });
  return { save, remove };
}

/** Spec 02 §2: 'Delete Answer?' with Delete and Cancel. */
export function DeleteAnswerDialog(props: {
  open: boolean;
  busy: boolean;
  error: string | null;
  onDelete: () => void;
  onCancel: () => void;
}) {
  return (
    <Modal
      open={props.open}
      title="Delete Answer?"
      okText="Delete"
      cancelText="Cancel"
      okButtonProps={{ danger: true, loading: props.busy }}
      onOk={props.onDelete}
      onCancel={props.onCancel}
      destroyOnHidden
    >
      <p>Your answer will be removed. You can answer again while the consultation is open.</p>
      {props.error && (
        <p className="question-error" role="alert">
          {props.error}
        </p>
      )}
    </Modal>
  );
}

/** Clear and Submit, or the login notice, or both disabled with the reason. */
export function AnswerActions(props: {
  questionId: string;
  viewer: AnswerPolicy;
  busy: boolean;
  onClear: () => void;
  onSubmit: () => void;
  onCancel?: (() => void) | undefined;
}) {
  const state = inputState(props.viewer);
  if (state.visitor && props.viewer.answersOpen) return <LoginNotice questionId={props.questionId} />;
  const buttons = (
    <div className="question-actions">
      {props.onCancel && (
        <Button onClick={props.onCancel} disabled={!state.canSubmit}>
          Cancel
        </Button>
      )}
      <Button onClick={props.onClear} disabled={!state.canSubmit}>
        Clear
      </Button>
      <Button type="primary" onClick={props.onSubmit} loading={props.busy} disabled={!state.canSubmit}>
        Submit
      </Button>
    </div>
  );
  return (
    <>
      <DisabledReason reason={state.reason}>{buttons}</DisabledReason>
      {/* The tooltip is for the pointer; the same words in the page reach every reader. */}
      {state.reason && <p className="question-note question-reason">{state.reason}</p>}
    </>
  );
}

export function errorText(error: unknown): string {
  return error instanceof Error ? error.message : HTTP_FALLBACK_MESSAGE;
}
