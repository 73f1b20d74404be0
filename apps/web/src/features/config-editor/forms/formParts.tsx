import { useId, type ReactNode } from 'react';
import { Button, Form, Input, InputNumber, Select, Switch, Tag, Tooltip } from 'antd';
import { ArrowDownOutlined, ArrowUpOutlined, DeleteOutlined, RightOutlined } from '@ant-design/icons';
import type { SiteField } from '@planning/shared';
import {
  moveAt,
  numberOf,
  optionalNumber,
  optionalText,
  removeAt,
  textOf,
  type JsonPath,
} from '../configJson';

/**
 * Labelled controls for the config forms: each control has an id its label points at, so screen
 * readers name it and a click on the label focuses it. `problem` is the validation's message for
 * this setting, shown and tied to the control.
 */
export function FormField({
  id,
  label,
  problem,
  extra,
  children,
}: {
  id: string;
  label: string;
  problem?: string | undefined;
  extra?: ReactNode;
  children: ReactNode;
}) {
  return (
    <Form.Item
      label={label}
      htmlFor={id}
      validateStatus={problem ? 'error' : undefined}
      help={problem}
      extra={extra}
      className="config-form__item"
    >
      {children}
    </Form.Item>
  );
}

export function TextSetting({
  id,
  label,
  value,
  onChange,
  problem,
  placeholder,
}: {
  id: string;
  label: string;
  value: string;
  onChange: (text: string) => void;
  problem?: string | undefined;
  placeholder?: string;
}) {
  return (
    <FormField id={id} label={label} problem={problem}>
      <Input
        id={id}
        value={value}
        placeholder={placeholder}
        onChange={(event) => onChange(event.target.value)}
        autoComplete="off"
        aria-invalid={problem ? true : undefined}
      />
    </FormField>
  );
}

export function NumberSetting({
  id,
  label,
  value,
  onChange,
  problem,
  min,
  max,
}: {
  id: string;
  label: string;
  value: number | null;
  onChange: (value: number | null) => void;
  problem?: string | undefined;
  min?: number;
  max?: number;
}) {
  return (
    <FormField id={id} label={label} problem={problem}>
      <InputNumber
        id={id}
        value={value}
        min={min}
        max={max}
        onChange={(next) => onChange(typeof next === 'number' ? next : null)}
        className="config-form__number"
        aria-invalid={problem ? true : undefined}
      />
    </FormField>
  );
}

export function SwitchSetting({
  id,
  label,
  value,
  onChange,
}: {
  id: string;
  label: string;
  value: boolean;
  onChange: (value: boolean) => void;
}) {
  return (
    <FormField id={id} label={label}>
      <Switch id={id} checked={value} onChange={onChange} />
    </FormField>
  );
}

export function ChoiceSetting<T extends string>({
  id,
  label,
  value,
  options,
  onChange,
  problem,
}: {
  id: string;
  label: string;
  value: T | undefined;
  options: ReadonlyArray<{ value: T; label: string }>;
  onChange: (value: T) => void;
  problem?: string | undefined;
}) {
  return (
    <FormField id={id} label={label} problem={problem}>
      <Select<T>
        id={id}
        value={value}
        options={options.map((option) => ({ value: option.value, label: option.label }))}
        onChange={onChange}
        status={problem ? 'error' : undefined}
      />
    </FormField>
  );
}

/**
 * A site field from the data dictionary, searchable by label or name. A name the dictionary does
 * not hold (typed in the JSON) stays shown as it is.
 */
export function SiteFieldSetting({
  id,
  label = 'Field',
  value,
  fields,
  onChange,
  problem,
}: {
  id: string;
  label?: string;
  value: string;
  fields: readonly SiteField[];
  onChange: (field: SiteField | { name: string }) => void;
  problem?: string | undefined;
}) {
  const known = fields.some((field) => field.name === value);
  const options = [
    ...fields.map((field) => ({ value: field.name, label: `${field.label} (${field.name})` })),
    ...(value && !known ? [{ value, label: value }] : []),
  ];
  return (
    <FormField id={id} label={label} problem={problem}>
      <Select
        id={id}
        showSearch={{ optionFilterProp: 'label' }}
        value={value || undefined}
        placeholder="Choose a site field"
        options={options}
        onChange={(name: string) => onChange(fields.find((field) => field.name === name) ?? { name })}
        status={problem ? 'error' : undefined}
      />
    </FormField>
  );
}

/** Move up, move down and remove for an item of a list, named after the item. */
export function ItemActions({
  name,
  index,
  count,
  onMove,
  onRemove,
}: {
  name: string;
  index: number;
  count: number;
  onMove: (by: -1 | 1) => void;
  onRemove: () => void;
}) {
  return (
    <span className="config-form__item-actions">
      {index > 0 && (
        <Tooltip title="Move up">
          <Button
            size="small"
            icon={<ArrowUpOutlined />}
            aria-label={`Move ${name} up`}
            onClick={() => onMove(-1)}
          />
        </Tooltip>
      )}
      {index < count - 1 && (
        <Tooltip title="Move down">
          <Button
            size="small"
            icon={<ArrowDownOutlined />}
            aria-label={`Move ${name} down`}
            onClick={() => onMove(1)}
          />
        </Tooltip>
      )}
      <Tooltip title="Remove">
        <Button
          size="small"
          danger
          icon={<DeleteOutlined />}
          aria-label={`Remove ${name}`}
          onClick={onRemove}
        />
      </Tooltip>
    </span>
  );
}

/** Problems by path key, for the settings to show beside themselves. */
export type ProblemsByPath = ReadonlyMap<string, string>;

export const problemAt = (problems: ProblemsByPath, path: ReadonlyArray<string | number>) =>
  problems.get(path.join('.'));

/**
 * The settings of one item of the config (a filter, an element, a tab) at `path`: its controls'
 * ids, the problems found there, and its text settings, each reading its key from the item and
 * writing back through `set` (an optional one is removed from the item when emptied).
 */
export function itemSettings(
  item: unknown,
  path: JsonPath,
  problems: ProblemsByPath,
  set: (key: string, next: unknown) => void,
) {
  const id = (setting: string) => `config-${path.join('-')}-${setting}`;
  const problem = (...keys: string[]) => problemAt(problems, [...path, ...keys]);
  const text = (key: string, label: string, options: { optional?: boolean; placeholder?: string } = {}) => (
    <TextSetting
      id={id(key)}
      label={label}
      value={textOf(item, key)}
      problem={problem(key)}
      placeholder={options.placeholder}
      onChange={(next) => set(key, options.optional ? optionalText(next) : next)}
    />
  );
  return { id, problem, text };
}

/** Whether any problem lies at or beneath a path (a collapsed panel says it holds one). */
export const hasProblemUnder = (problems: ProblemsByPath, path: ReadonlyArray<string | number>) => {
  const prefix = path.join('.');
  for (const key of problems.keys()) if (key === prefix || key.startsWith(`${prefix}.`)) return true;
  return false;
};

export type PanelItem = { key: string; title: ReactNode; actions: ReactNode; body: ReactNode };

/**
 * Items that open to their settings (a filter, an element, a tab): the title is a button that
 * shows or hides the body (aria-expanded), with the item's own buttons beside it, not inside it.
 */
export function Panels({
  items,
  open,
  onChange,
  size = 'middle',
}: {
  items: readonly PanelItem[];
  open: readonly string[];
  onChange: (open: string[]) => void;
  size?: 'small' | 'middle';
}) {
  const id = useId();
  return (
    <ul className={`config-panels config-panels--${size}`}>
      {items.map((item) => {
        const isOpen = open.includes(item.key);
        const bodyId = `${id}-${item.key}`;
        return (
          <li key={item.key} className={`config-panel${isOpen ? ' config-panel--open' : ''}`}>
            <div className="config-panel__head">
              <button
                type="button"
                className="config-panel__toggle"
                aria-expanded={isOpen}
                aria-controls={isOpen ? bodyId : undefined}
                onClick={() =>
                  onChange(isOpen ? open.filter((key) => key !== item.key) : [...open, item.key])
                }
              >
                <RightOutlined className="config-panel__chevron" rotate={isOpen ? 90 : 0} aria-hidden />
                {item.title}
              </button>
              {item.actions}
            </div>
            {isOpen && (
              <div id={bodyId} className="config-panel__body">
                {item.body}
              </div>
            )}
          </li>
        );
      })}
    </ul>
  );
}

/**
 * The panel of the item at `index` of the list at `listPath` in `value`: its title (the item's
 * name, the marks that tell it apart, "Has problems" when a setting beneath it has one) and its
 * move and remove buttons. Moving or removing shifts the items' indexes (the panels' keys), so
 * either closes the open panels (`closeAll`). `problemsAt` is where the list sits in the document
 * (for its problems) when `value` is only part of it.
 */
export function listPanel({
  value,
  listPath,
  problemsAt = listPath,
  index,
  count,
  name,
  marks,
  problems,
  onChange,
  closeAll,
  body,
}: {
  value: unknown;
  listPath: JsonPath;
  problemsAt?: JsonPath;
  index: number;
  count: number;
  name: string;
  marks?: ReactNode;
  problems: ProblemsByPath;
  onChange: (value: unknown) => void;
  closeAll: () => void;
  body: ReactNode;
}): PanelItem {
  return {
    key: String(index),
    title: (
      <span className="config-form__panel-title">
        <span>{name}</span>
        {marks}
        {hasProblemUnder(problems, [...problemsAt, index]) && <Tag color="error">Has problems</Tag>}
      </span>
    ),
    actions: (
      <span className="config-panel__actions">
        <ItemActions
          name={name}
          index={index}
          count={count}
          onMove={(by) => {
            onChange(moveAt(value, listPath, index, by));
            closeAll();
          }}
          onRemove={() => {
            onChange(removeAt(value, listPath, index));
            closeAll();
          }}
        />
      </span>
    ),
    body,
  };
}

/** The Minimum and Maximum of an item (a number or range filter, a feature cell). */
export function MinMaxSettings({
  idOf,
  item,
  problem,
  onChange,
}: {
  idOf: (setting: 'min' | 'max') => string;
  item: unknown;
  problem: (setting: 'min' | 'max') => string | undefined;
  onChange: (setting: 'min' | 'max', value: number | undefined) => void;
}) {
  return (
    <>
      <NumberSetting
        id={idOf('min')}
        label="Minimum"
        value={numberOf(item, 'min')}
        problem={problem('min')}
        onChange={(value) => onChange('min', optionalNumber(value))}
      />
      <NumberSetting
        id={idOf('max')}
        label="Maximum"
        value={numberOf(item, 'max')}
        problem={problem('max')}
        onChange={(value) => onChange('max', optionalNumber(value))}
      />
    </>
  );
}
