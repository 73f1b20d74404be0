import { useState } from 'react';
import { Alert, Button, Form, Input, Select, Tag } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { comparisonOperators, comparisonWords, type SiteField } from '@planning/shared';
import {
  appendAt,
  getIn,
  isRecord,
  listOf,
  moveAt,
  numberOf,
  optionalNumber,
  removeAt,
  setIn,
  textOf,
  booleanOf,
  type JsonPath,
} from '../configJson';
import {
  changeFilterType,
  filterTypeLabels,
  filterTypeNames,
  filterTypesFor,
  isFilterType,
  newFilter,
  optionsFromField,
  withField,
  type FilterTypeName,
} from '../siteSearchForm';
import {
  ChoiceSetting,
  itemSettings,
  FormField,
  listPanel,
  MinMaxSettings,
  ItemActions,
  Panels,
  NumberSetting,
  problemAt,
  SiteFieldSetting,
  SwitchSetting,
  type ProblemsByPath,
} from './formParts';

type Props = {
  value: unknown;
  onChange: (value: unknown) => void;
  fields: readonly SiteField[];
  problems: ProblemsByPath;
};

/** A filter's line in the list: its label, type and field. */
function filterTitle(filter: unknown, index: number) {
  const label = textOf(filter, 'label') || `Filter ${index + 1}`;
  const type = isRecord(filter) && isFilterType(filter.type) ? filterTypeLabels[filter.type] : 'Unknown type';
  const field = textOf(filter, 'dbPropertyName');
  return { label, type, field };
}

/** The options of a checkboxes list, select or in-array filter: label and value of each. */
function OptionsEditor({
  path,
  filter,
  field,
  onChange,
  problems,
}: {
  path: JsonPath;
  filter: unknown;
  field: SiteField | undefined;
  onChange: (filter: unknown) => void;
  problems: ProblemsByPath;
}) {
  const options = listOf(filter, 'options');
  const setOptions = (next: unknown[]) =>
    onChange(setIn(filter, ['options'], next.length === 0 ? undefined : next));
  return (
    <fieldset className="config-form__fieldset">
      <legend>Options</legend>
      {options.length === 0 && (
        <p className="config-form__note">None: the search offers the values the council&apos;s sites hold.</p>
      )}
      <ol className="config-form__rows">
        {options.map((option, index) => (
          <li key={index} className="config-form__row">
            <Input
              aria-label={`Option ${index + 1} label`}
              value={textOf(option, 'label')}
              status={problemAt(problems, [...path, 'options', index, 'label']) ? 'error' : undefined}
              onChange={(event) =>
                setOptions(setIn(options, [index, 'label'], event.target.value) as unknown[])
              }
            />
            <Input
              aria-label={`Option ${index + 1} value`}
              value={textOf(option, 'value')}
              onChange={(event) =>
                setOptions(setIn(options, [index, 'value'], event.target.value) as unknown[])
              }
            />
            <ItemActions
              name={`option ${index + 1}`}
              index={index}
              count={options.length}
              onMove={(by) => setOptions(moveAt(options, [], index, by) as unknown[])}
              onRemove={() => setOptions(removeAt(options, [], index) as unknown[])}
            />
          </li>
        ))}
      </ol>
      <Button
        size="small"
        icon={<PlusOutlined />}
        onClick={() => setOptions([...options, { label: '', value: '' }])}
      >
        Add option
      </Button>{' '}
      {field?.options && field.options.length > 0 && (
        <Button size="small" onClick={() => setOptions(optionsFromField(field))}>
          Use the field&apos;s {field.options.length} values
        </Button>
      )}
    </fieldset>
  );
}

/** The settings of one filter: field, type, label, then what its type needs. */
function FilterEditor({
  filter,
  path,
  depth,
  fields,
  problems,
  onChange,
}: {
  filter: unknown;
  path: JsonPath;
  depth: number;
  fields: readonly SiteField[];
  problems: ProblemsByPath;
  onChange: (filter: unknown) => void;
}) {
  const type = isRecord(filter) && isFilterType(filter.type) ? filter.type : null;
  const fieldName = textOf(filter, 'dbPropertyName');
  const field = fields.find((candidate) => candidate.name === fieldName);
  const suited = filterTypesFor(field);
  const set = (key: string, value: unknown) => onChange(setIn(filter, [key], value));
  const { id, problem, text } = itemSettings(filter, path, problems, set);

  if (type === null)
    return (
      <Alert
        type="warning"
        showIcon
        title="This filter's type is not one the form knows"
        description="Edit it in the JSON tab, or remove it."
      />
    );

  return (
    <div className="config-form__grid">
      {type !== 'group' && (
        <SiteFieldSetting
          id={id('field')}
          value={fieldName}
          fields={fields}
          problem={problem('dbPropertyName')}
          onChange={(chosen) => onChange(withField(filter, chosen))}
        />
      )}
      <FormField id={id('type')} label="Type" problem={problem('type')}>
        <Select<FilterTypeName>
          id={id('type')}
          value={type}
          onChange={(next) => onChange(changeFilterType(filter, next, field))}
          options={filterTypeNames
            .filter((name) => name !== 'group' || depth < 4)
            .map((name) => ({
              value: name,
              label:
                suited.includes(name) || name === 'group'
                  ? filterTypeLabels[name]
                  : `${filterTypeLabels[name]} (not usual for this field)`,
            }))}
        />
      </FormField>
      {text('label', 'Label')}
      {text('description', 'Description', { optional: true })}
      {type === 'number' && (
        <>
          <ChoiceSetting
            id={id('equality')}
            label="Condition"
            value={textOf(filter, 'equality') as (typeof comparisonOperators)[number]}
            problem={problem('equality')}
            options={comparisonOperators.map((operator) => ({
              value: operator,
              label: `${comparisonWords[operator]} (${operator})`,
            }))}
            onChange={(operator) => set('equality', operator)}
          />
          <MinMaxSettings idOf={id} item={filter} problem={problem} onChange={set} />
        </>
      )}
      {type === 'range' && (
        <>
          <MinMaxSettings idOf={id} item={filter} problem={problem} onChange={set} />
          {text('unit', 'Unit', { optional: true })}
        </>
      )}
      {type === 'text' && (
        <>
          {text('placeholder', 'Placeholder')}
          <NumberSetting
            id={id('maxLength')}
            label="Maximum length"
            value={numberOf(filter, 'maxLength')}
            problem={problem('maxLength')}
            min={1}
            onChange={(value) => set('maxLength', optionalNumber(value))}
          />
        </>
      )}
      {type === 'inArray' && text('placeholder', 'Placeholder', { optional: true })}
      {type === 'overlapsLayer' && text('layerName', 'Layer name')}
      {type === 'group' && (
        <ChoiceSetting
          id={id('operator')}
          label="Match"
          value={textOf(filter, 'operator') as '_and' | '_or'}
          problem={problem('operator')}
          options={[
            { value: '_and', label: 'All of these (AND)' },
            { value: '_or', label: 'Any of these (OR)' },
          ]}
          onChange={(operator) => set('operator', operator)}
        />
      )}
      {type !== 'group' && (
        <SwitchSetting
          id={id('overwrite')}
          label="Replaces the other filters when used"
          value={booleanOf(filter, 'overwriteSearchFilters')}
          onChange={(on) => set('overwriteSearchFilters', on ? true : undefined)}
        />
      )}
      {(type === 'checkboxesList' || type === 'select' || type === 'inArray') && (
        <div className="config-form__wide">
          <OptionsEditor path={path} filter={filter} field={field} problems={problems} onChange={onChange} />
        </div>
      )}
      {type === 'group' && (
        <div className="config-form__wide">
          <FilterList
            value={filter}
            listPath={['filters']}
            pathPrefix={path}
            depth={depth + 1}
            fields={fields}
            problems={problems}
            onChange={onChange}
            heading="Filters of the group"
          />
        </div>
      )}
    </div>
  );
}

/** A list of filters (the config's, or a group's), each in a panel that opens to its settings. */
function FilterList({
  value,
  listPath,
  pathPrefix,
  depth,
  fields,
  problems,
  onChange,
  heading,
}: {
  value: unknown;
  listPath: JsonPath;
  /** Where `value` sits in the document, for problems and ids. */
  pathPrefix: JsonPath;
  depth: number;
  fields: readonly SiteField[];
  problems: ProblemsByPath;
  onChange: (value: unknown) => void;
  heading: string;
}) {
  const filters = getIn(value, listPath);
  const list = Array.isArray(filters) ? filters : [];
  const [open, setOpen] = useState<string[]>([]);
  const listAt = [...pathPrefix, ...listPath];

  const handleAdd = () => {
    onChange(appendAt(value, listPath, newFilter()));
    setOpen((keys) => [...keys, String(list.length)]);
  };

  return (
    <section className="config-form__list" aria-label={heading}>
      <h3 className="config-form__heading">{heading}</h3>
      {list.length === 0 ? (
        <p className="config-form__note">No filters yet.</p>
      ) : (
        <Panels
          open={open}
          onChange={setOpen}
          items={list.map((filter, index) => {
            const { label, type, field } = filterTitle(filter, index);
            const path = [...listAt, index];
            return listPanel({
              value,
              listPath,
              problemsAt: listAt,
              index,
              count: list.length,
              name: label,
              marks: (
                <>
                  <Tag>{type}</Tag>
                  {field && <code>{field}</code>}
                </>
              ),
              problems,
              onChange,
              closeAll: () => setOpen([]),
              body: (
                <FilterEditor
                  filter={filter}
                  path={path}
                  depth={depth}
                  fields={fields}
                  problems={problems}
                  onChange={(next) => onChange(setIn(value, [...listPath, index], next))}
                />
              ),
            });
          })}
        />
      )}
      <Button icon={<PlusOutlined />} onClick={handleAdd} className="config-form__add">
        {depth === 0 ? 'Add filter' : 'Add filter to the group'}
      </Button>
    </section>
  );
}

/**
 * The Site search config as a form (spec 03 §3.2, §3.8; issue 16 point 2): the filter builder.
 * Each filter: its site field (from the data dictionary), type, label, and the settings its type
 * needs: condition, minimum and maximum of a number; placeholder of a text; options of a list;
 * the match and filters of a group.
 */
export function SiteSearchForm({ value, onChange, fields, problems }: Props) {
  return (
    <Form layout="vertical" component="div" className="config-form">
      <FilterList
        value={value}
        listPath={['filters']}
        pathPrefix={[]}
        depth={0}
        fields={fields}
        problems={problems}
        onChange={onChange}
        heading="Filters"
      />
    </Form>
  );
}
