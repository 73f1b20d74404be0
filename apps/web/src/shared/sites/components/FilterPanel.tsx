import { useId, useState, type ReactNode } from 'react';
import { Button, Checkbox, Input, InputNumber, Select, Switch } from 'antd';
import { ReloadOutlined, SearchOutlined } from '@ant-design/icons';
import {
  comparisonWords,
  featureAccess,
  invertedRangeMessage,
  SEARCH_LIMITS,
  type FilterConfig,
  type FilterValue,
  type FilterValues,
  type LeafFilterConfig,
  type SiteSearchConfig,
} from '@planning/shared';
import { Permitted } from '../../../platform/access/Permitted';
import { LoadingSpin } from '../../../components/LoadingSpin';

/** Spec 01 §2: checkbox filter lists show 3 items before 'Show more'. */
export const CHECKBOX_LIST_VISIBLE = 3;

type Options = Record<string, (string | number | boolean)[]>;

type FilterPanelProps = {
  config: SiteSearchConfig;
  values: FilterValues;
  options: Options;
  /** The council's values for lists without options in the config are still on their way. */
  optionsLoading?: boolean;
  onChange: (values: FilterValues) => void;
  onSearch: () => void;
  onReset: () => void;
  /** The 'Search in area' switch, where there is a map to draw on (not in /table's drawer). */
  area?: {
    searchInArea: boolean;
    onSearchInAreaChange: (on: boolean) => void;
    hasArea: boolean;
    /** The area drawn (or switched off) differs from the one the results show. */
    areaPending: boolean;
  };
};

function areaHint({ searchInArea, hasArea, areaPending }: NonNullable<FilterPanelProps['area']>): string {
  if (!searchInArea)
    return areaPending
      ? 'Search Sites to search everywhere again.'
      : 'Limit the search to an area you draw on the map.';
  if (!hasArea) return 'Click on the map to draw the area; double-click to finish.';
  return areaPending
    ? 'Search Sites to search in the drawn area. Draw again to replace it.'
    : 'Sites in the drawn area only. Draw again to replace it.';
}

/** Whether any range filter's ends are the wrong way round (it would match nothing). */
function hasInvertedRange(filters: readonly FilterConfig[], values: FilterValues): boolean {
  return filters.some((filter) =>
    filter.type === 'group'
      ? hasInvertedRange(filter.filters, values)
      : (filter.type === 'range' || filter.type === 'dateRange') &&
        invertedRangeMessage(filter.type, values[filter.dbPropertyName] as never) !== null,
  );
}

/** Spec 01 §2: the 350 px 'Search and Filter' panel, built from the council's Site search config. */
export function FilterPanel(props: FilterPanelProps) {
  const { config, values, onChange } = props;
  const set = (name: string, value: FilterValue) => onChange({ ...values, [name]: value });
  const areaHintId = useId();
  return (
    <aside
      className="filter-panel"
      aria-labelledby="filter-panel-title"
      aria-busy={props.optionsLoading || undefined}
    >
      <h2 id="filter-panel-title" className="filter-panel__title">
        Search and Filter
      </h2>
      <form
        className="filter-panel__form"
        onSubmit={(event) => {
          event.preventDefault();
          // The field says what is wrong; searching would only fail.
          if (hasInvertedRange(config.filters, values)) return;
          props.onSearch();
        }}
      >
        <div className="filter-panel__filters">
          {config.filters.map((filter, index) => (
            <FilterControl
              key={index}
              filter={filter}
              values={values}
              options={props.options}
              optionsLoading={props.optionsLoading ?? false}
              set={set}
            />
          ))}
          {props.area && (
            <div className="filter-panel__area">
              <Switch
                id="search-in-area"
                checked={props.area.searchInArea}
                onChange={props.area.onSearchInAreaChange}
                aria-describedby={areaHintId}
              />
              <label htmlFor="search-in-area">Search in area</label>
              <p id={areaHintId} className="filter-panel__hint">
                {areaHint(props.area)}
              </p>
            </div>
          )}
        </div>
        <div className="filter-panel__actions">
          <Permitted needs={featureAccess.searchButton}>
            <Button type="primary" htmlType="submit" icon={<SearchOutlined aria-hidden />}>
              Search Sites
            </Button>
          </Permitted>
          <Button icon={<ReloadOutlined aria-hidden />} onClick={props.onReset}>
            Reset
          </Button>
        </div>
      </form>
    </aside>
  );
}

type ControlProps = {
  filter: FilterConfig;
  values: FilterValues;
  options: Options;
  optionsLoading: boolean;
  set: (name: string, value: FilterValue) => void;
};

function FilterControl({ filter, values, options, optionsLoading, set }: ControlProps) {
  const id = useId();
  const hintId = useId();
  const errorId = useId();
  if (filter.type === 'group') {
    return (
      <fieldset className="filter-group" aria-describedby={filter.description ? hintId : undefined}>
        <legend>{filter.label}</legend>
        {filter.description && (
          <p id={hintId} className="filter-panel__hint">
            {filter.description}
          </p>
        )}
        {filter.filters.map((child, index) => (
          <FilterControl
            key={index}
            filter={child}
            values={values}
            options={options}
            optionsLoading={optionsLoading}
            set={set}
          />
        ))}
      </fieldset>
    );
  }
  const value = values[filter.dbPropertyName];
  const name = filter.dbPropertyName;
  const choices = optionsOf(filter, options);
  const choicesLoading = optionsLoading && !('options' in filter && filter.options);
  // Spec 03 §3.8: each filter's description, shown under its label and read with its control.
  const describedBy = filter.description ? hintId : undefined;
  const hint = filter.description && (
    <p id={hintId} className="filter__hint">
      {filter.description}
    </p>
  );
  const label = (
    <label className="filter__label" htmlFor={id}>
      {filter.label}
    </label>
  );
  switch (filter.type) {
    case 'checkbox':
      return (
        <div className="filter filter--checkbox">
          <Checkbox
            id={id}
            checked={value === true}
            onChange={(event) => set(name, event.target.checked || null)}
            aria-describedby={describedBy}
          >
            {filter.label}
          </Checkbox>
          {hint}
        </div>
      );
    case 'checkboxesList':
      return (
        <CheckboxList
          label={filter.label}
          hint={hint}
          describedBy={describedBy}
          choices={choices}
          loading={choicesLoading}
          selected={Array.isArray(value) ? value : []}
          onChange={(next) => set(name, next)}
        />
      );
    case 'select':
      return (
        <div className="filter">
          {label}
          {hint}
          <Select
            id={id}
            allowClear
            placeholder="Any"
            loading={choicesLoading}
            value={typeof value === 'string' || typeof value === 'number' ? value : undefined}
            options={choices}
            onChange={(next: string | number | undefined) => set(name, next ?? null)}
            aria-describedby={describedBy}
          />
        </div>
      );
    case 'inArray':
      return (
        <div className="filter">
          {label}
          {hint}
          <Select
            id={id}
            mode="multiple"
            allowClear
            placeholder={filter.placeholder ?? 'Any'}
            loading={choicesLoading}
            value={Array.isArray(value) ? value : []}
            options={choices}
            onChange={(next: (string | number)[]) => set(name, next)}
            aria-describedby={describedBy}
          />
        </div>
      );
    case 'number':
      return (
        <div className="filter">
          <label className="filter__label" htmlFor={id}>
            {filter.label} <span className="filter__equality">({comparisonWords[filter.equality]})</span>
          </label>
          {hint}
          <InputNumber
            id={id}
            min={filter.min}
            max={filter.max}
            value={typeof value === 'number' ? value : null}
            onChange={(next) => set(name, typeof next === 'number' ? next : null)}
            aria-describedby={describedBy}
            style={{ width: '100%' }}
          />
        </div>
      );
    case 'overlapsLayer':
      return (
        <div className="filter">
          <label className="filter__label" htmlFor={id}>
            {filter.label} <span className="filter__equality">(at least, % of the site)</span>
          </label>
          {hint}
          <InputNumber
            id={id}
            min={0}
            max={100}
            suffix="%"
            placeholder="Any overlap: 0"
            value={typeof value === 'number' ? value : null}
            onChange={(next) => set(name, typeof next === 'number' ? next : null)}
            aria-describedby={describedBy}
            style={{ width: '100%' }}
          />
        </div>
      );
    case 'range': {
      const range = (value ?? {}) as { min?: number | null; max?: number | null };
      const problem = invertedRangeMessage('range', range);
      return (
        <fieldset className="filter filter--range" aria-describedby={problem ? errorId : describedBy}>
          <legend className="filter__label">
            {filter.label}
            {filter.unit ? ` (${filter.unit})` : ''}
          </legend>
          {hint}
          <InputNumber
            aria-label={`${filter.label} from`}
            placeholder="Min"
            min={filter.min}
            max={filter.max}
            value={range.min ?? null}
            status={problem ? 'error' : undefined}
            aria-invalid={problem ? true : undefined}
            onChange={(next) => set(name, { ...range, min: typeof next === 'number' ? next : null })}
          />
          <span aria-hidden>–</span>
          <InputNumber
            aria-label={`${filter.label} to`}
            placeholder="Max"
            min={filter.min}
            max={filter.max}
            value={range.max ?? null}
            status={problem ? 'error' : undefined}
            aria-invalid={problem ? true : undefined}
            onChange={(next) => set(name, { ...range, max: typeof next === 'number' ? next : null })}
          />
          {problem && (
            <p id={errorId} className="filter__error" role="alert">
              {problem}
            </p>
          )}
        </fieldset>
      );
    }
    case 'text':
      return (
        <div className="filter">
          {label}
          {hint}
          <Input
            id={id}
            placeholder={filter.placeholder}
            maxLength={filter.maxLength ?? SEARCH_LIMITS.textMax}
            value={typeof value === 'string' ? value : ''}
            onChange={(event) => set(name, event.target.value)}
            aria-describedby={describedBy}
            allowClear
          />
        </div>
      );
    case 'dateRange': {
      const dates = (value ?? {}) as { from?: string | null; to?: string | null };
      const problem = invertedRangeMessage('dateRange', dates);
      return (
        <fieldset className="filter filter--range" aria-describedby={problem ? errorId : describedBy}>
          <legend className="filter__label">{filter.label}</legend>
          {hint}
          <Input
            type="date"
            aria-label={`${filter.label} from`}
            value={dates.from ?? ''}
            onChange={(event) => set(name, { ...dates, from: event.target.value || null })}
          />
          <Input
            type="date"
            aria-label={`${filter.label} to`}
            value={dates.to ?? ''}
            status={problem ? 'error' : undefined}
            aria-invalid={problem ? true : undefined}
            onChange={(event) => set(name, { ...dates, to: event.target.value || null })}
          />
          {problem && (
            <p id={errorId} className="filter__error" role="alert">
              {problem}
            </p>
          )}
        </fieldset>
      );
    }
  }
}

function optionsOf(filter: LeafFilterConfig, found: Options): { label: string; value: string | number }[] {
  if ('options' in filter && filter.options) {
    return filter.options.map((option) => ({ label: option.label, value: option.value }));
  }
  return (found[filter.dbPropertyName] ?? [])
    .filter((value): value is string | number => typeof value !== 'boolean')
    .map((value) => ({ label: String(value), value }));
}

type CheckboxListProps = {
  label: string;
  hint: ReactNode;
  describedBy: string | undefined;
  choices: { label: string; value: string | number }[];
  loading: boolean;
  selected: (string | number)[];
  onChange: (next: (string | number)[]) => void;
};

function CheckboxList({ label, hint, describedBy, choices, loading, selected, onChange }: CheckboxListProps) {
  const [expanded, setExpanded] = useState(false);
  const visible = expanded ? choices : choices.slice(0, CHECKBOX_LIST_VISIBLE);
  const hidden = choices.length - CHECKBOX_LIST_VISIBLE;
  return (
    <fieldset className="filter filter--list" aria-describedby={describedBy}>
      <legend className="filter__label">{label}</legend>
      {hint}
      {loading && choices.length === 0 && <LoadingSpin size="small" label={`Loading ${label} options`} />}
      {visible.map((choice) => (
        <Checkbox
          key={String(choice.value)}
          checked={selected.includes(choice.value)}
          onChange={(event) =>
            onChange(
              event.target.checked
                ? [...selected, choice.value]
                : selected.filter((value) => value !== choice.value),
            )
          }
        >
          {choice.label}
        </Checkbox>
      ))}
      {hidden > 0 && (
        <Button type="link" size="small" className="filter__more" onClick={() => setExpanded(!expanded)}>
          {expanded ? 'Show less' : 'Show more'}
        </Button>
      )}
    </fieldset>
  );
}
