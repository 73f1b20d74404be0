import { useEffect, useId, useState, type ReactNode } from 'react';
import { Link } from 'react-router';

/**
 * GOV.UK's form patterns for the submitter's pages, in plain HTML: every field with its label and
 * hint, radio and checkbox groups in a fieldset with a legend, an error message said before the
 * field ('Error: …') and tied to it, the error summary at the top of the page.
 */

export type SummaryProblem = { message: string; href: string };

/** Focuses the element with this id (a field the error summary or an address names), scrolled into view. */
export function focusField(id: string): boolean {
  const element = document.getElementById(id);
  if (!element) return false;
  element.focus({ preventScroll: true });
  (element.closest('fieldset, .cfs-field') ?? element).scrollIntoView({ block: 'start' });
  return true;
}

export const ERROR_SUMMARY_ID = 'error-summary';

/**
 * 'There is a problem' and a link to each field. A link to a field on this page focuses it; one on
 * another step goes there (that page focuses the field its address names).
 */
export function ErrorSummary({
  problems,
  failure,
}: {
  problems: SummaryProblem[];
  /** A failure of no field's (the server could not be reached). */
  failure?: string | null;
}) {
  const titleId = useId();
  if (problems.length === 0 && !failure) return null;
  return (
    <div className="cfs-error-summary" id={ERROR_SUMMARY_ID} tabIndex={-1} aria-labelledby={titleId}>
      <h2 className="cfs-error-summary__title" id={titleId}>
        There is a problem
      </h2>
      {failure && <p>{failure}</p>}
      {problems.length > 0 && (
        <ul className="cfs-error-summary__list">
          {problems.map((problem) => {
            const [page, hash = ''] = problem.href.split('#');
            const here = page === '' || page === window.location.pathname;
            return (
              <li key={`${problem.href}:${problem.message}`}>
                {here ? (
                  <a
                    href={`#${hash}`}
                    onClick={(event) => {
                      if (focusField(hash)) event.preventDefault();
                    }}
                  >
                    {problem.message}
                  </a>
                ) : (
                  <Link to={problem.href}>{problem.message}</Link>
                )}
              </li>
            );
          })}
        </ul>
      )}
    </div>
  );
}

function ErrorMessage({ id, message }: { id: string; message: string | undefined }) {
  if (!message) return null;
  return (
    <p className="cfs-error-message" id={id}>
      <span className="cfs-visually-hidden">Error:</span> {message}
    </p>
  );
}

const describedBy = (...ids: (string | false | undefined)[]) => ids.filter(Boolean).join(' ') || undefined;

type FieldProps = {
  id: string;
  label: ReactNode;
  hint?: ReactNode;
  error?: string | undefined;
  value: string;
  onChange: (value: string) => void;
  /** Said after the label: '(optional)'. */
  optional?: boolean;
};

const labelText = (label: ReactNode, optional?: boolean) => (
  <>
    {label}
    {optional && ' (optional)'}
  </>
);

export function TextField({
  id,
  label,
  hint,
  error,
  value,
  onChange,
  optional,
  autoComplete,
  inputMode,
  type = 'text',
  width,
  suffix,
  spellCheck,
}: FieldProps & {
  autoComplete?: string;
  inputMode?: 'numeric' | 'email' | 'tel' | 'text';
  type?: 'text' | 'email' | 'tel';
  width?: 'short' | 'medium';
  suffix?: string;
  spellCheck?: boolean;
}) {
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const input = (
    <input
      id={id}
      className={`cfs-input${width ? ` cfs-input--${width}` : ''}${error ? ' cfs-input--error' : ''}`}
      type={type}
      value={value}
      onChange={(event) => onChange(event.target.value)}
      autoComplete={autoComplete}
      inputMode={inputMode}
      spellCheck={spellCheck}
      aria-invalid={error ? true : undefined}
      aria-describedby={describedBy(hint !== undefined && hintId, error && errorId)}
    />
  );
  return (
    <div className={`cfs-field${error ? ' cfs-field--error' : ''}`}>
      <label className="cfs-label" htmlFor={id}>
        {labelText(label, optional)}
      </label>
      {hint !== undefined && (
        <div className="cfs-hint" id={hintId}>
          {hint}
        </div>
      )}
      <ErrorMessage id={errorId} message={error} />
      {suffix ? (
        <div className="cfs-input-wrapper">
          {input}
          <span className="cfs-input-suffix" aria-hidden="true">
            {suffix}
          </span>
        </div>
      ) : (
        input
      )}
    </div>
  );
}

export function TextArea({
  id,
  label,
  hint,
  error,
  value,
  onChange,
  optional,
  maxLength,
  rows = 4,
  placeholder,
  autoComplete,
}: FieldProps & { maxLength?: number; rows?: number; placeholder?: string; autoComplete?: string }) {
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const countId = `${id}-count`;
  const left = maxLength === undefined ? 0 : maxLength - value.length;
  const countText = `You have ${left.toLocaleString('en-GB')} character${left === 1 ? '' : 's'} remaining`;
  // Said once typing pauses (GOV.UK's character count), not at every key.
  const [said, setSaid] = useState('');
  const [typed, setTyped] = useState(false);
  useEffect(() => {
    if (maxLength === undefined || !typed) return;
    const timer = setTimeout(() => setSaid(countText), 1000);
    return () => clearTimeout(timer);
  }, [countText, maxLength, typed]);
  return (
    <div className={`cfs-field${error ? ' cfs-field--error' : ''}`}>
      <label className="cfs-label" htmlFor={id}>
        {labelText(label, optional)}
      </label>
      {hint !== undefined && (
        <div className="cfs-hint" id={hintId}>
          {hint}
        </div>
      )}
      <ErrorMessage id={errorId} message={error} />
      <textarea
        id={id}
        className={`cfs-textarea${error ? ' cfs-input--error' : ''}`}
        rows={rows}
        value={value}
        maxLength={maxLength}
        placeholder={placeholder}
        autoComplete={autoComplete}
        onChange={(event) => {
          setTyped(true);
          onChange(event.target.value);
        }}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(
          hint !== undefined && hintId,
          error && errorId,
          maxLength !== undefined && countId,
        )}
      />
      {maxLength !== undefined && (
        <>
          <div className="cfs-hint cfs-count" id={countId}>
            {countText}
          </div>
          <div className="cfs-visually-hidden" aria-live="polite">
            {said}
          </div>
        </>
      )}
    </div>
  );
}

type Choice = { value: string; label: ReactNode; hint?: ReactNode };

type GroupProps = {
  id: string;
  legend: ReactNode;
  hint?: ReactNode;
  error?: string | undefined;
  choices: Choice[];
  optional?: boolean;
  /** Shown under a chosen option (GOV.UK's conditional reveal). */
  conditional?: Record<string, ReactNode>;
  inline?: boolean;
  legendClass?: string;
};

/** A radio or checkbox group's frame: fieldset, legend, hint and error, described for screen readers. */
function GroupFrame({
  id,
  legend,
  hint,
  error,
  optional,
  legendClass,
  children,
}: Pick<GroupProps, 'id' | 'legend' | 'hint' | 'error' | 'optional' | 'legendClass'> & {
  children: ReactNode;
}) {
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  return (
    <div className={`cfs-field${error ? ' cfs-field--error' : ''}`}>
      <fieldset
        className="cfs-fieldset"
        aria-describedby={describedBy(hint !== undefined && hintId, error && errorId)}
      >
        <legend className={legendClass ?? 'cfs-legend'}>{labelText(legend, optional)}</legend>
        {hint !== undefined && (
          <div className="cfs-hint" id={hintId}>
            {hint}
          </div>
        )}
        <ErrorMessage id={errorId} message={error} />
        {children}
      </fieldset>
    </div>
  );
}

/** The id of a group's option: the first is the group's own (what errors link to). */
const optionId = (id: string, index: number) => (index === 0 ? id : `${id}-${index + 1}`);

export function RadioGroup({
  id,
  legend,
  hint,
  error,
  choices,
  optional,
  conditional,
  inline,
  legendClass,
  value,
  onChange,
}: GroupProps & { value: string; onChange: (value: string) => void }) {
  return (
    <GroupFrame {...{ id, legend, hint, error, optional, legendClass }}>
      <div className={`cfs-choices${inline ? ' cfs-choices--inline' : ''}`}>
        {choices.map((choice, index) => (
          <div key={choice.value}>
            <div className="cfs-choice">
              <input
                className="cfs-choice__input"
                type="radio"
                id={optionId(id, index)}
                name={id}
                value={choice.value}
                checked={value === choice.value}
                onChange={() => onChange(choice.value)}
              />
              <label className="cfs-choice__label" htmlFor={optionId(id, index)}>
                {choice.label}
              </label>
            </div>
            {conditional?.[choice.value] && value === choice.value && (
              <div className="cfs-conditional">{conditional[choice.value]}</div>
            )}
          </div>
        ))}
      </div>
    </GroupFrame>
  );
}

export function CheckboxGroup({
  id,
  legend,
  hint,
  error,
  choices,
  optional,
  legendClass,
  value,
  onChange,
}: GroupProps & { value: string[]; onChange: (value: string[]) => void }) {
  return (
    <GroupFrame {...{ id, legend, hint, error, optional, legendClass }}>
      <div className="cfs-choices">
        {choices.map((choice, index) => (
          <div className="cfs-choice cfs-choice--checkbox" key={choice.value}>
            <input
              className="cfs-choice__input"
              type="checkbox"
              id={optionId(id, index)}
              name={id}
              value={choice.value}
              checked={value.includes(choice.value)}
              onChange={(event) =>
                onChange(
                  event.target.checked
                    ? [...value, choice.value]
                    : value.filter((chosen) => chosen !== choice.value),
                )
              }
            />
            <label className="cfs-choice__label" htmlFor={optionId(id, index)}>
              {choice.label}
            </label>
          </div>
        ))}
      </div>
    </GroupFrame>
  );
}

/** Choices from a shared options record ({ sole: 'I own all of the land…' }). */
export const choicesOf = (options: Record<string, string>): Choice[] =>
  Object.entries(options).map(([value, label]) => ({ value, label }));

/** GOV.UK's Back link. */
export function BackLink({ to, children = 'Back' }: { to: string; children?: ReactNode }) {
  return (
    <Link to={to} className="cfs-back-link">
      {children}
    </Link>
  );
}

/** A GOV.UK tag: a status in a coloured box. */
export function Tag({
  children,
  tone = 'grey',
}: {
  children: ReactNode;
  tone?: 'grey' | 'blue' | 'green' | 'red';
}) {
  return <strong className={`cfs-tag cfs-tag--${tone}`}>{children}</strong>;
}
