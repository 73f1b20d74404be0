import { useId, type ReactNode } from 'react';
import { Input, InputNumber, Select, Switch } from 'antd';

/** One labelled control with its problem announced and tied to it (GOV.UK error habits). */
export function Field({
  label,
  problem,
  hint,
  children,
}: {
  label: string;
  problem?: string | undefined;
  hint?: string;
  children: (ids: { id: string; describedBy: string | undefined; invalid: boolean }) => ReactNode;
}) {
  const id = useId();
  const describedBy = [hint ? `${id}-hint` : null, problem ? `${id}-problem` : null]
    .filter(Boolean)
    .join(' ');
  return (
    <div className="builder-field">
      <label htmlFor={id}>{label}</label>
      {hint && (
        <div id={`${id}-hint`} className="builder-field__hint">
          {hint}
        </div>
      )}
      {children({ id, describedBy: describedBy || undefined, invalid: Boolean(problem) })}
      {problem && (
        <div id={`${id}-problem`} className="builder-problem" role="alert">
          {problem}
        </div>
      )}
    </div>
  );
}

type TextProps = {
  label: string;
  value: string | undefined;
  onChange: (value: string) => void;
  problem?: string | undefined;
  hint?: string;
  placeholder?: string;
  multiline?: boolean;
  readOnly?: boolean;
};

export function TextField({
  label,
  value,
  onChange,
  problem,
  hint,
  placeholder,
  multiline,
  readOnly,
}: TextProps) {
  return (
    <Field label={label} problem={problem} {...(hint ? { hint } : {})}>
      {({ id, describedBy, invalid }) =>
        multiline ? (
          <Input.TextArea
            id={id}
            value={value ?? ''}
            autoSize={{ minRows: 2, maxRows: 8 }}
            placeholder={placeholder}
            readOnly={readOnly}
            status={invalid ? 'error' : undefined}
            aria-invalid={invalid || undefined}
            aria-describedby={describedBy}
            onChange={(event) => onChange(event.target.value)}
          />
        ) : (
          <Input
            id={id}
            value={value ?? ''}
            placeholder={placeholder}
            readOnly={readOnly}
            status={invalid ? 'error' : undefined}
            aria-invalid={invalid || undefined}
            aria-describedby={describedBy}
            onChange={(event) => onChange(event.target.value)}
          />
        )
      }
    </Field>
  );
}

export function NumberField({
  label,
  value,
  onChange,
  min,
  max,
  problem,
  readOnly,
}: {
  label: string;
  value: number | undefined;
  onChange: (value: number | undefined) => void;
  min?: number;
  max?: number;
  problem?: string | undefined;
  readOnly?: boolean;
}) {
  return (
    <Field label={label} problem={problem}>
      {({ id, describedBy, invalid }) => (
        <InputNumber
          id={id}
          value={value ?? null}
          min={min}
          max={max}
          readOnly={readOnly}
          status={invalid ? 'error' : undefined}
          aria-invalid={invalid || undefined}
          aria-describedby={describedBy}
          onChange={(next) => onChange(typeof next === 'number' ? next : undefined)}
          style={{ width: '100%' }}
        />
      )}
    </Field>
  );
}

export function SwitchField({
  label,
  checked,
  onChange,
  readOnly,
}: {
  label: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
  readOnly?: boolean;
}) {
  const id = useId();
  return (
    <div className="builder-field builder-field--inline">
      <Switch id={id} checked={checked} disabled={readOnly} onChange={onChange} size="small" />
      <label htmlFor={id}>{label}</label>
    </div>
  );
}

/** One choice among a few, labelled like the other fields. */
export function SelectField<Value extends string>({
  label,
  value,
  options,
  onChange,
  readOnly,
  width,
}: {
  label: string;
  value: Value | undefined;
  options: { value: Value; label: string }[];
  onChange: (value: Value) => void;
  readOnly?: boolean | undefined;
  width?: number;
}) {
  return (
    <Field label={label}>
      {({ id }) => (
        <Select<Value>
          id={id}
          {...(width ? { style: { width } } : {})}
          value={value}
          disabled={readOnly}
          options={options}
          onChange={onChange}
        />
      )}
    </Field>
  );
}
