import { useState } from 'react';
import { Button, Checkbox, Drawer, Input, InputNumber, Radio, Space } from 'antd';
import { CloseOutlined } from '@ant-design/icons';
import { invertedRangeMessage } from '@planning/shared';
import type { FilterDefinition, FilterValue, FilterValues } from '../tableState';

/** Spec 02 §5: checkbox lists show 3 items before 'Show more'. */
const SHOWN_BEFORE_MORE = 3;

type FilterDrawerProps = {
  open: boolean;
  title: string;
  definitions: readonly FilterDefinition[];
  values: FilterValues;
  onApply: (values: FilterValues) => void;
  onClose: () => void;
};

/** The filters of a manager table; changes wait for 'Show results'. */
export function FilterDrawer({ open, title, definitions, values, onApply, onClose }: FilterDrawerProps) {
  const [draft, setDraft] = useState<FilterValues>(values);
  const set = (field: string, value: FilterValue | undefined) =>
    setDraft((current) => ({ ...current, [field]: value }));
  const problems = definitions
    .map((definition) => {
      const value = draft[definition.field];
      if (definition.control === 'dateRange' && value && typeof value === 'object' && !Array.isArray(value))
        return invertedRangeMessage('dateRange', value as { from?: string | null; to?: string | null });
      if (definition.control === 'numberRange' && value && typeof value === 'object' && !Array.isArray(value))
        return invertedRangeMessage('range', value as { min?: number | null; max?: number | null });
      return null;
    })
    .filter((problem): problem is string => problem !== null);
  return (
    <Drawer
      open={open}
      title={title}
      size={420}
      onClose={onClose}
      afterOpenChange={(opened) => opened && setDraft(values)}
      footer={
        <Space>
          <Button type="primary" disabled={problems.length > 0} onClick={() => onApply(draft)}>
            Show results
          </Button>
          <Button onClick={() => onApply({})}>Clear filters</Button>
        </Space>
      }
    >
      <div className="rep-filters">
        {definitions.map((definition) => (
          <FilterControl
            key={definition.field}
            definition={definition}
            value={draft[definition.field]}
            onChange={(value) => set(definition.field, value)}
          />
        ))}
      </div>
    </Drawer>
  );
}

function FilterControl({
  definition,
  value,
  onChange,
}: {
  definition: FilterDefinition;
  value: FilterValue | undefined;
  onChange: (value: FilterValue | undefined) => void;
}) {
  const [expanded, setExpanded] = useState(false);
  const id = `filter-${definition.field}`;
  switch (definition.control) {
    case 'checkboxes': {
      const chosen = Array.isArray(value) ? value : [];
      const shown = expanded ? definition.options : definition.options.slice(0, SHOWN_BEFORE_MORE);
      return (
        <fieldset className="rep-fieldset">
          <legend>{definition.label}</legend>
          <Checkbox.Group
            className="rep-filters__checks"
            value={chosen}
            onChange={(next) => onChange(next.map(String))}
            options={shown.map((option) => ({ value: option.value, label: option.label }))}
          />
          {definition.options.length > SHOWN_BEFORE_MORE && (
            <Button type="link" size="small" onClick={() => setExpanded(!expanded)} aria-expanded={expanded}>
              {expanded ? 'Show less' : 'Show more'}
            </Button>
          )}
        </fieldset>
      );
    }
    case 'dateRange': {
      const range = (value && typeof value === 'object' && !Array.isArray(value) ? value : {}) as {
        from?: string | null;
        to?: string | null;
      };
      const problem = invertedRangeMessage('dateRange', range);
      return (
        <fieldset className="rep-fieldset">
          <legend>{definition.label}</legend>
          <div className="rep-filters__range">
            <label htmlFor={`${id}-from`}>From</label>
            <Input
              id={`${id}-from`}
              type="date"
              value={range.from ?? ''}
              aria-describedby={problem ? `${id}-problem` : undefined}
              onChange={(event) => onChange({ ...range, from: event.target.value || null })}
            />
            <label htmlFor={`${id}-to`}>To</label>
            <Input
              id={`${id}-to`}
              type="date"
              value={range.to ?? ''}
              aria-describedby={problem ? `${id}-problem` : undefined}
              onChange={(event) => onChange({ ...range, to: event.target.value || null })}
            />
          </div>
          {problem && (
            <p id={`${id}-problem`} className="rep-filters__problem" role="alert">
              {problem}
            </p>
          )}
        </fieldset>
      );
    }
    case 'numberRange': {
      const range = (value && typeof value === 'object' && !Array.isArray(value) ? value : {}) as {
        min?: number | null;
        max?: number | null;
      };
      return (
        <fieldset className="rep-fieldset">
          <legend>{definition.label}</legend>
          <div className="rep-filters__range">
            <label htmlFor={`${id}-min`}>Min</label>
            <InputNumber
              id={`${id}-min`}
              value={range.min ?? null}
              onChange={(min) => onChange({ ...range, min: min ?? null })}
            />
            <label htmlFor={`${id}-max`}>Max</label>
            <InputNumber
              id={`${id}-max`}
              value={range.max ?? null}
              onChange={(max) => onChange({ ...range, max: max ?? null })}
            />
          </div>
        </fieldset>
      );
    }
    case 'yesNo':
      return (
        <fieldset className="rep-fieldset">
          <legend>{definition.label}</legend>
          <Radio.Group
            aria-label={definition.label}
            value={typeof value === 'boolean' ? String(value) : 'any'}
            onChange={(event) =>
              onChange(event.target.value === 'any' ? undefined : event.target.value === 'true')
            }
            options={[
              { value: 'any', label: 'Any' },
              { value: 'true', label: 'Yes' },
              { value: 'false', label: 'No' },
            ]}
          />
        </fieldset>
      );
    case 'text':
      return (
        <div className="rep-filters__text">
          <label htmlFor={id}>{definition.label}</label>
          <Input
            id={id}
            value={typeof value === 'string' ? value : ''}
            maxLength={200}
            onChange={(event) => onChange(event.target.value || undefined)}
          />
        </div>
      );
  }
}

/** The filters in force, each with a button to drop it. */
export function AppliedFilterTags({
  definitions,
  values,
  onRemove,
}: {
  definitions: readonly FilterDefinition[];
  values: FilterValues;
  onRemove: (field: string) => void;
}) {
  const shown = definitions
    .map((definition) => ({ definition, text: describe(definition, values[definition.field]) }))
    .filter((entry): entry is { definition: FilterDefinition; text: string } => entry.text !== null);
  if (shown.length === 0) return null;
  return (
    <ul className="rep-applied" aria-label="Filters in force">
      {shown.map(({ definition, text }) => (
        <li key={definition.field}>
          <Button
            size="small"
            className="rep-applied__chip"
            icon={<CloseOutlined />}
            iconPlacement="end"
            aria-label={`Remove the filter ${definition.label}: ${text}`}
            onClick={() => onRemove(definition.field)}
          >
            {definition.label}: {text}
          </Button>
        </li>
      ))}
    </ul>
  );
}

function describe(definition: FilterDefinition, value: FilterValue | undefined): string | null {
  if (value === undefined || value === null) return null;
  switch (definition.control) {
    case 'checkboxes': {
      if (!Array.isArray(value) || value.length === 0) return null;
      return value
        .map((item) => definition.options.find((option) => option.value === item)?.label ?? item)
        .join(', ');
    }
    case 'dateRange': {
      const range = value as { from?: string | null; to?: string | null };
      if (!range.from && !range.to) return null;
      return `${range.from ?? '…'} to ${range.to ?? '…'}`;
    }
    case 'numberRange': {
      const range = value as { min?: number | null; max?: number | null };
      if (range.min == null && range.max == null) return null;
      return `${range.min ?? '…'} to ${range.max ?? '…'}`;
    }
    case 'yesNo':
      return typeof value === 'boolean' ? (value ? 'Yes' : 'No') : null;
    case 'text':
      return typeof value === 'string' && value.trim() ? value.trim() : null;
  }
}
