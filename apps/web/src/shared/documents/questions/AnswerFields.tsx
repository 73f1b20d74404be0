import { Input, Select } from 'antd';
import { conditionMet, type AnswerValue, type SimpleQuestion } from '@planning/shared';
import { useId, type Ref } from 'react';
import { characterCount, pickLimitsHint, togglePick } from './rules';

/** What the resident has typed or picked so far. */
export type Draft = { value: AnswerValue; conditional: string };

export const emptyDraft = (question: Pick<SimpleQuestion, 'type'>): Draft => ({
  value: question.type === 'checkboxQuestion' ? [] : '',
  conditional: '',
});

export type FieldError = { field: 'value' | 'conditional'; message: string } | null;

type Props = {
  question: SimpleQuestion;
  draft: Draft;
  onChange: (draft: Draft) => void;
  error: FieldError;
  disabled: boolean;
  /** The id of the heading that names the question: it labels the group or box. */
  titleId: string;
  /** The group (or text box) that takes focus when the answer is refused. */
  fieldRef?: Ref<HTMLDivElement>;
};

/**
 * The inputs of one simple question (spec 02 §2 Question blocks, §3 Question): radio and checkbox
 * groups of native inputs (arrow keys and space work as everywhere), a text box with its counter,
 * a select, and the conditional text box shown when its option is chosen.
 */
export function AnswerFields({ question, draft, onChange, error, disabled, fieldRef, titleId }: Props) {
  const id = useId();
  const valueErrorId = `${id}-error`;
  const valueError = error?.field === 'value' ? error.message : null;
  const conditionalError = error?.field === 'conditional' ? error.message : null;
  const describedBy = valueError ? valueErrorId : undefined;
  const showConditional = conditionMet(question, draft.value);

  const errorLine = valueError && (
    <p id={valueErrorId} className="question-error">
      {valueError}
    </p>
  );

  let field;
  switch (question.type) {
    case 'radioQuestion':
    case 'checkboxQuestion': {
      const multiple = question.type === 'checkboxQuestion';
      const picks = multiple ? (Array.isArray(draft.value) ? draft.value : []) : [];
      const hint = multiple ? pickLimitsHint(question) : null;
      const hintId = `${id}-hint`;
      field = (
        <div
          role="group"
          className="question-fieldset"
          aria-labelledby={titleId}
          aria-describedby={[hint ? hintId : null, describedBy].filter(Boolean).join(' ') || undefined}
        >
          {hint && (
            <p id={hintId} className="question-hint">
              {hint}
            </p>
          )}
          {errorLine}
          <div ref={fieldRef} className={`question-options question-options--${question.orientation}`}>
            {question.options.map((option, index) => {
              const inputId = `${id}-option-${index}`;
              const checked = multiple ? picks.includes(option.title) : draft.value === option.title;
              return (
                <label key={option.title} htmlFor={inputId} className="question-option">
                  <input
                    id={inputId}
                    type={multiple ? 'checkbox' : 'radio'}
                    name={`${id}-value`}
                    value={option.title}
                    checked={checked}
                    disabled={disabled}
                    aria-invalid={valueError ? true : undefined}
                    aria-describedby={describedBy}
                    onChange={() =>
                      onChange({
                        ...draft,
                        value: multiple
                          ? togglePick(picks, option.title, question.maxSelected)
                          : option.title,
                      })
                    }
                  />
                  {option.imageURL && (
                    <img
                      className="question-option-image"
                      src={option.imageURL}
                      alt=""
                      width={114}
                      height={114}
                    />
                  )}
                  <span className="question-option-text">
                    <span className="question-option-title">{option.title}</span>
                    {option.description && (
                      <span className="question-option-description">{option.description}</span>
                    )}
                  </span>
                </label>
              );
            })}
          </div>
        </div>
      );
      break;
    }
    case 'textQuestion': {
      const text = typeof draft.value === 'string' ? draft.value : '';
      field = (
        <div className="question-field" ref={fieldRef}>
          {errorLine}
          <TextBox
            id={`${id}-text`}
            labelledBy={titleId}
            value={text}
            max={question.maxLength}
            disabled={disabled}
            errorId={valueError ? valueErrorId : undefined}
            onChange={(value) => onChange({ ...draft, value })}
          />
        </div>
      );
      break;
    }
    case 'dropdownQuestion': {
      const value = typeof draft.value === 'string' && draft.value !== '' ? draft.value : undefined;
      field = (
        <div className="question-field" ref={fieldRef}>
          {errorLine}
          <Select
            id={`${id}-select`}
            className="question-select"
            placeholder="Select an answer"
            value={value}
            disabled={disabled}
            status={valueError ? 'error' : undefined}
            aria-invalid={valueError ? true : undefined}
            aria-labelledby={titleId}
            aria-describedby={describedBy}
            options={question.options.map((option) => ({ value: option.title, label: option.title }))}
            onChange={(picked: string) => onChange({ ...draft, value: picked })}
          />
        </div>
      );
      break;
    }
  }

  return (
    <div className="question-fields">
      {field}
      {question.note && <p className="question-note">{question.note}</p>}
      {showConditional && question.conditional && (
        <div className="question-field question-conditional">
          <label className="question-legend" htmlFor={`${id}-conditional`}>
            {question.conditional.title}
          </label>
          {conditionalError && (
            <p id={`${id}-conditional-error`} className="question-error">
              {conditionalError}
            </p>
          )}
          <TextBox
            id={`${id}-conditional`}
            value={draft.conditional}
            max={question.maxLength}
            disabled={disabled}
            errorId={conditionalError ? `${id}-conditional-error` : undefined}
            onChange={(conditional) => onChange({ ...draft, conditional })}
          />
        </div>
      )}
    </div>
  );
}

/** A text box that stops at its maximum and says how much is used (read with the box). */
export function TextBox(props: {
  id: string;
  /** Labelled by a heading elsewhere rather than a label of its own. */
  labelledBy?: string;
  value: string;
  max: number;
  disabled: boolean;
  errorId?: string | undefined;
  rows?: number;
  onChange: (value: string) => void;
}) {
  const counterId = `${props.id}-count`;
  return (
    <>
      <Input.TextArea
        id={props.id}
        aria-labelledby={props.labelledBy}
        value={props.value}
        maxLength={props.max}
        rows={props.rows ?? 4}
        disabled={props.disabled}
        status={props.errorId ? 'error' : undefined}
        aria-invalid={props.errorId ? true : undefined}
        aria-describedby={[props.errorId, counterId].filter(Boolean).join(' ')}
        onChange={(event) => props.onChange(event.target.value)}
      />
      <p id={counterId} className="question-counter">
        {characterCount(props.value, props.max)}
      </p>
    </>
  );
}
