import { Alert, Button, Input, Modal, Tag, Tooltip, type InputRef } from 'antd';
import {
  DOCUMENT_LIMITS,
  normaliseResponseTags,
  responseTagMessages,
  responseTagsProblem,
  type ResponseTagPolicy,
} from '@planning/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useId, useRef, useState, type FormEvent } from 'react';
import { refreshAnswers } from './api';
import { errorText } from './parts';
import { saveQuestionTags } from './tagsApi';
import './questionTags.css';

type QuestionTagsProps = {
  documentId: string;
  questionId: string;
  questionTitle: string;
  /** The tags saved on the question. */
  tags: readonly string[];
  /** Whether the resident may tag now (the server's word: after the end date, a consultation account). */
  policy: ResponseTagPolicy;
  isAnswered: boolean;
};

/**
 * Spec 02 §2 My responses: 'Tags:' and the question's tags (or None), and the Tag button. Until the
 * consultation's end date the button stays unavailable with the reason; after it, it opens a dialog
 * to add and remove tags, checked by the rule the server applies.
 */
export function QuestionTags(props: QuestionTagsProps) {
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(false);
  const [draft, setDraft] = useState<string[]>([]);
  const [text, setText] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [savedNote, setSavedNote] = useState('');
  const inputRef = useRef<InputRef>(null);
  const ids = useId();
  const reasonId = `${ids}-reason`;
  const inputId = `${ids}-input`;
  const problemId = `${ids}-problem`;
  const reason = props.policy.reason ?? (props.isAnswered ? null : responseTagMessages.answerFirst);

  const save = useMutation({
    mutationFn: (tags: string[]) => saveQuestionTags(props.documentId, props.questionId, tags),
    // The dialog shows the failure.
    onError: () => {},
    onSuccess: async () => {
      setOpen(false);
      setSavedNote(responseTagMessages.saved);
      await refreshAnswers(queryClient, props.documentId);
    },
  });

  const handleOpen = () => {
    setDraft([...props.tags]);
    setText('');
    setProblem(null);
    setSavedNote('');
    save.reset();
    setOpen(true);
  };

  /** The list with the typed tag added, or the rule's objection to it. */
  const withTyped = (): { tags: string[]; problem: string | null } => {
    const tags = text.trim() === '' ? draft : [...draft, text];
    return { tags, problem: responseTagsProblem(tags) };
  };

  const handleAdd = (event: FormEvent) => {
    event.preventDefault();
    if (text.trim() === '') {
      setProblem(responseTagMessages.tagEmpty);
      return;
    }
    const next = withTyped();
    setProblem(next.problem);
    if (next.problem) return;
    setDraft(normaliseResponseTags(next.tags));
    setText('');
  };

  const handleRemove = (index: number) => {
    setDraft(draft.filter((_, at) => at !== index));
    setProblem(null);
    // The removed tag's button is gone: focus goes back to where tags are typed.
    inputRef.current?.focus();
  };

  const handleSave = () => {
    // A tag typed but not yet added is saved with the others.
    const next = withTyped();
    setProblem(next.problem);
    if (next.problem) return;
    save.mutate(normaliseResponseTags(next.tags));
  };

  return (
    <div className="my-responses-tags">
      <span className="question-answer-label">Tags:</span>{' '}
      {props.tags.length === 0 ? (
        <span>None</span>
      ) : (
        <ul className="question-tags" aria-label={`Tags of ${props.questionTitle}`}>
          {props.tags.map((tag) => (
            <li key={tag}>
              <Tag>{tag}</Tag>
            </li>
          ))}
        </ul>
      )}
      {reason ? (
        <>
          <Tooltip title={reason} trigger={['hover', 'focus']}>
            {/* aria-disabled, not disabled: a disabled button takes no focus, so its reason would be out of reach. */}
            <Button
              size="small"
              className="my-responses-tag"
              aria-disabled="true"
              aria-describedby={reasonId}
              onClick={(event) => event.preventDefault()}
            >
              Tag
            </Button>
          </Tooltip>
          <span id={reasonId} className="visually-hidden">
            {reason}
          </span>
        </>
      ) : (
        <Button size="small" className="my-responses-tag" aria-haspopup="dialog" onClick={handleOpen}>
          Tag
        </Button>
      )}
      <span role="status" className="visually-hidden">
        {savedNote}
      </span>
      <Modal
        open={open}
        title={`Tags: ${props.questionTitle}`}
        okText="Save tags"
        cancelText="Cancel"
        okButtonProps={{ loading: save.isPending }}
        onOk={handleSave}
        onCancel={() => setOpen(false)}
        destroyOnHidden
      >
        <form onSubmit={handleAdd} noValidate>
          <label htmlFor={inputId} className="question-answer-label">
            New tag
          </label>
          <p className="question-note">
            Up to {DOCUMENT_LIMITS.tagsPerQuestionMax} tags of up to {DOCUMENT_LIMITS.tagLengthMax} characters
            each.
          </p>
          <div className="question-tags-add">
            <Input
              id={inputId}
              ref={inputRef}
              value={text}
              autoComplete="off"
              aria-invalid={problem ? true : undefined}
              aria-describedby={problem ? problemId : undefined}
              onChange={(event) => {
                setText(event.target.value);
                setProblem(null);
              }}
            />
            <Button htmlType="submit">Add tag</Button>
          </div>
          {problem && (
            <p id={problemId} className="question-error" role="alert">
              {problem}
            </p>
          )}
        </form>
        {draft.length === 0 ? (
          <p className="question-note">No tags yet.</p>
        ) : (
          <ul className="question-tags-list" aria-label="Tags to save">
            {draft.map((tag, index) => (
              <li key={tag}>
                <span>{tag}</span>
                <Button size="small" aria-label={`Remove tag ${tag}`} onClick={() => handleRemove(index)}>
                  Remove
                </Button>
              </li>
            ))}
          </ul>
        )}
        {save.isError && <Alert type="error" showIcon role="alert" message={errorText(save.error)} />}
      </Modal>
    </div>
  );
}
