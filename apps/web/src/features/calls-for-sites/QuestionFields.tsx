import { useState } from 'react';
import type { ConfigQuestion, QuestionTopic } from '@planning/shared';
import { CheckboxGroup, RadioGroup, TextArea } from './formParts';
import { moveItem, questionFieldId, rankingOrder, type Answer } from './submissionForm';

/**
 * The call's questionnaire for one site: each topic a fieldset, each question by its kind
 * (Preferences: radios for one choice, else boxes; Opinion: the scale's radios; Comment: a text
 * box with its count; Ranking: a list ordered with Move up / Move down). A topic shown one by one
 * has Previous and Next.
 */

type AnswerProps = {
  answers: Record<string, Answer>;
  onAnswer: (questionId: string, answer: Answer) => void;
  errorOf: (questionId: string) => string | undefined;
};

const asList = (answer: Answer | undefined) => (Array.isArray(answer) ? answer : answer ? [answer] : []);

function Ranking({
  question,
  answer,
  onChange,
  error,
}: {
  question: Extract<ConfigQuestion, { kind: 'Ranking' }>;
  answer: Answer | undefined;
  onChange: (answer: string[]) => void;
  error: string | undefined;
}) {
  const id = questionFieldId(question.id);
  const order = rankingOrder(
    question.items.map((item) => item.id),
    answer,
  );
  const ranked = Array.isArray(answer) && answer.length > 0;
  const [said, setSaid] = useState('');
  const labelOf = (itemId: string) => question.items.find((item) => item.id === itemId)?.label ?? itemId;
  const move = (index: number, delta: -1 | 1) => {
    const next = moveItem(order, index, delta);
    onChange(next);
    const itemId = order[index]!;
    const at = index + delta;
    setSaid(`${labelOf(itemId)} moved to position ${at + 1} of ${order.length}`);
    // At either end the button pressed goes: focus its other one.
    if (at === 0 || at === order.length - 1)
      requestAnimationFrame(() =>
        document.getElementById(`${id}-${itemId}-${at === 0 ? 'down' : 'up'}`)?.focus(),
      );
  };
  return (
    <div className={`cfs-field${error ? ' cfs-field--error' : ''}`}>
      <fieldset className="cfs-fieldset" aria-describedby={`${id}-hint${error ? ` ${id}-error` : ''}`}>
        <legend className="cfs-legend">
          {question.question}
          {!question.required && ' (optional)'}
        </legend>
        <div className="cfs-hint" id={`${id}-hint`}>
          {question.description && <p>{question.description}</p>}
          Put them in order, most important first, with the Move up and Move down buttons.
          {!ranked && ' Not ranked yet: move an item, or keep the order shown.'}
        </div>
        {error && (
          <p className="cfs-error-message" id={`${id}-error`}>
            <span className="cfs-visually-hidden">Error:</span> {error}
          </p>
        )}
        {/* Once ranked, the error summary's link lands on the list itself. */}
        <ol className="cfs-ranking" id={ranked ? id : undefined} tabIndex={ranked ? -1 : undefined}>
          {order.map((itemId, index) => (
            <li key={itemId} className="cfs-ranking__item">
              <span className="cfs-ranking__label">{labelOf(itemId)}</span>
              <span className="cfs-ranking__moves">
                {index > 0 && (
                  <button
                    type="button"
                    className="cfs-button cfs-button--secondary cfs-button--small"
                    id={`${id}-${itemId}-up`}
                    onClick={() => move(index, -1)}
                  >
                    Move up<span className="cfs-visually-hidden"> {labelOf(itemId)}</span>
                  </button>
                )}
                {index < order.length - 1 && (
                  <button
                    type="button"
                    className="cfs-button cfs-button--secondary cfs-button--small"
                    id={`${id}-${itemId}-down`}
                    onClick={() => move(index, 1)}
                  >
                    Move down<span className="cfs-visually-hidden"> {labelOf(itemId)}</span>
                  </button>
                )}
              </span>
            </li>
          ))}
        </ol>
        {!ranked && (
          <button
            type="button"
            className="cfs-button cfs-button--secondary"
            id={id}
            onClick={() => {
              onChange(order);
              setSaid('Order kept');
            }}
          >
            Keep this order
          </button>
        )}
        <p className="cfs-visually-hidden" aria-live="polite">
          {said}
        </p>
      </fieldset>
    </div>
  );
}

export function QuestionField({
  question,
  answer,
  onChange,
  error,
}: {
  question: ConfigQuestion;
  answer: Answer | undefined;
  onChange: (answer: Answer) => void;
  error: string | undefined;
}) {
  const id = questionFieldId(question.id);
  const optional = !question.required;
  const hint = question.description;
  switch (question.kind) {
    case 'Preferences': {
      const choices = question.options.map((option) => ({ value: option.id, label: option.label }));
      const max = question.maxChoices ?? 1;
      if (max === 1)
        return (
          <RadioGroup
            id={id}
            legend={question.question}
            hint={hint}
            optional={optional}
            error={error}
            choices={choices}
            value={asList(answer)[0] ?? ''}
            onChange={(value) => onChange([value])}
          />
        );
      return (
        <CheckboxGroup
          id={id}
          legend={question.question}
          hint={
            <>
              {hint && <p>{hint}</p>}
              {max >= choices.length ? 'Select all that apply.' : `Select up to ${max}.`}
            </>
          }
          optional={optional}
          error={error}
          choices={choices}
          value={asList(answer)}
          onChange={onChange}
        />
      );
    }
    case 'Opinion':
      return (
        <RadioGroup
          id={id}
          legend={question.question}
          hint={hint}
          optional={optional}
          error={error}
          choices={question.scale.map((value) => ({ value, label: value }))}
          value={typeof answer === 'string' ? answer : ''}
          onChange={onChange}
        />
      );
    case 'Comment':
      return (
        <TextArea
          id={id}
          label={question.question}
          hint={hint}
          optional={optional}
          error={error}
          placeholder={question.placeholder}
          maxLength={question.maxLength}
          value={typeof answer === 'string' ? answer : ''}
          onChange={onChange}
        />
      );
    case 'Ranking':
      return <Ranking question={question} answer={answer} onChange={onChange} error={error} />;
  }
}

function OneByOne({
  topic,
  focusQuestion,
  ...props
}: AnswerProps & { topic: QuestionTopic; focusQuestion: string | null }) {
  const count = topic.questions.length;
  const indexOf = (questionId: string | null) =>
    topic.questions.findIndex((question) => question.id === questionId);
  const [index, setIndex] = useState(() => Math.max(0, indexOf(focusQuestion)));
  // An error link (or a Change link) to a question of this topic shows that question.
  const [shownFor, setShownFor] = useState(focusQuestion);
  if (shownFor !== focusQuestion) {
    setShownFor(focusQuestion);
    if (indexOf(focusQuestion) >= 0) setIndex(indexOf(focusQuestion));
  }
  const question = topic.questions[Math.min(index, count - 1)]!;
  const go = (next: number) => {
    setIndex(next);
    requestAnimationFrame(() => document.getElementById(`${topic.id}-progress`)?.focus());
  };
  return (
    <>
      <p className="cfs-caption" id={`${topic.id}-progress`} tabIndex={-1}>
        Question {index + 1} of {count}
      </p>
      <QuestionField
        key={question.id}
        question={question}
        answer={props.answers[question.id]}
        onChange={(answer) => props.onAnswer(question.id, answer)}
        error={props.errorOf(question.id)}
      />
      <div className="cfs-button-group">
        {index > 0 && (
          <button type="button" className="cfs-button cfs-button--secondary" onClick={() => go(index - 1)}>
            Previous question<span className="cfs-visually-hidden"> in {topic.title}</span>
          </button>
        )}
        {index < count - 1 && (
          <button type="button" className="cfs-button cfs-button--secondary" onClick={() => go(index + 1)}>
            Next question<span className="cfs-visually-hidden"> in {topic.title}</span>
          </button>
        )}
      </div>
    </>
  );
}

export function TopicFields({
  topic,
  focusQuestion,
  ...props
}: AnswerProps & { topic: QuestionTopic; focusQuestion: string | null }) {
  return (
    <fieldset
      className="cfs-topic"
      aria-describedby={topic.description ? `${topic.id}-description` : undefined}
    >
      <legend className="cfs-topic__legend">
        <h2 className="cfs-heading-m">{topic.title}</h2>
      </legend>
      {topic.description && (
        <p className="cfs-hint" id={`${topic.id}-description`}>
          {topic.description}
        </p>
      )}
      {topic.showMode === 'one-by-one' && topic.questions.length > 1 ? (
        <OneByOne topic={topic} focusQuestion={focusQuestion} {...props} />
      ) : (
        topic.questions.map((question) => (
          <QuestionField
            key={question.id}
            question={question}
            answer={props.answers[question.id]}
            onChange={(answer) => props.onAnswer(question.id, answer)}
            error={props.errorOf(question.id)}
          />
        ))
      )}
    </fieldset>
  );
}
