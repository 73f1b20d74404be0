import { useState } from 'react';
import { Alert, Button, Dropdown, Form, Select, Tag } from 'antd';
import { DownOutlined, PlusOutlined } from '@ant-design/icons';
import { featureCellTypes, type SiteField } from '@planning/shared';
import {
  appendAt,
  booleanOf,
  getIn,
  isRecord,
  listOf,
  moveAt,
  numberOf,
  optionalNumber,
  removeAt,
  setIn,
  textOf,
  type JsonPath,
} from '../configJson';
import {
  ChoiceSetting,
  itemSettings,
  FormField,
  listPanel,
  MinMaxSettings,
  ItemActions,
  Panels,
  NumberSetting,
  SiteFieldSetting,
  SwitchSetting,
  type ProblemsByPath,
} from './formParts';

type Edit = {
  value: unknown;
  onChange: (value: unknown) => void;
  fields: readonly SiteField[];
  problems: ProblemsByPath;
};

const contentKinds = {
  FIELD: 'Field',
  CONTAINER: 'Container',
  TABLE: 'Table',
} as const;
type ContentKind = keyof typeof contentKinds;

const cellTypeLabels: Record<(typeof featureCellTypes)[number], string> = {
  select: 'Select',
  text: 'Text',
  number: 'Number',
  date: 'Date',
  textarea: 'Text area',
  checkbox: 'Checkbox',
};

const newCell = () => ({ label: '', dbPropertyName: '', fieldType: 'text' });
const newContent: Record<ContentKind, () => unknown> = {
  FIELD: () => ({ type: 'FIELD', cell: newCell() }),
  CONTAINER: () => ({ type: 'CONTAINER', title: '', display: 'accordion', cells: [] }),
  TABLE: () => ({ type: 'TABLE', signedBy: 'header', columns: [], rows: [] }),
};

/** A string list edited as tags (a table's columns, a tab's actions, a select's options). */
function ListSetting({
  id,
  label,
  value,
  onChange,
  problem,
}: {
  id: string;
  label: string;
  value: unknown[];
  onChange: (next: string[] | undefined) => void;
  problem?: string | undefined;
}) {
  return (
    <FormField id={id} label={label} problem={problem} extra="Type one and press Enter">
      <Select
        id={id}
        mode="tags"
        open={false}
        suffixIcon={null}
        value={value.map(String)}
        onChange={(next: string[]) => onChange(next.length === 0 ? undefined : next)}
      />
    </FormField>
  );
}

/** A field cell (spec 03 §3.2): its site field, type, limits, validation and function on save. */
function CellEditor({ path, value, onChange, fields, problems }: Edit & { path: JsonPath }) {
  const cell = getIn(value, path);
  const set = (key: JsonPath, next: unknown) => onChange(setIn(value, [...path, ...key], next));
  const { id, problem, text } = itemSettings(cell, path, problems, (key, next) => set([key], next));
  const validation = getIn(cell, ['validation']);
  const setValidation = (key: string, next: unknown) => {
    const updated = setIn(validation, [key], next);
    set(['validation'], isRecord(updated) && Object.keys(updated).length === 0 ? undefined : updated);
  };
  return (
    <div className="config-form__grid">
      <SiteFieldSetting
        id={id('field')}
        value={textOf(cell, 'dbPropertyName')}
        fields={fields}
        problem={problem('dbPropertyName')}
        onChange={(field) => {
          const named = setIn(cell, ['dbPropertyName'], field.name);
          onChange(
            setIn(
              value,
              path,
              textOf(cell, 'label') === '' && 'label' in field ? setIn(named, ['label'], field.label) : named,
            ),
          );
        }}
      />
      {text('label', 'Label')}
      <ChoiceSetting
        id={id('fieldType')}
        label="Field type"
        value={textOf(cell, 'fieldType') as (typeof featureCellTypes)[number]}
        problem={problem('fieldType')}
        options={featureCellTypes.map((type) => ({ value: type, label: cellTypeLabels[type] }))}
        onChange={(type) => set(['fieldType'], type)}
      />
      <MinMaxSettings
        idOf={id}
        item={cell}
        problem={(setting) => problem(setting)}
        onChange={(setting, next) => set([setting], next)}
      />
      <NumberSetting
        id={id('maxLength')}
        label="Maximum length"
        value={numberOf(validation, 'maxLength')}
        problem={problem('validation', 'maxLength')}
        min={1}
        max={2000}
        onChange={(next) => setValidation('maxLength', optionalNumber(next))}
      />
      <SwitchSetting
        id={id('required')}
        label="Required"
        value={booleanOf(validation, 'required')}
        onChange={(on) => setValidation('required', on ? true : undefined)}
      />
      <SwitchSetting
        id={id('confirm')}
        label="Ask to type SAVE"
        value={booleanOf(validation, 'confirm')}
        onChange={(on) => setValidation('confirm', on ? true : undefined)}
      />
      <SwitchSetting
        id={id('readOnly')}
        label="Read only"
        value={booleanOf(cell, 'readOnly')}
        onChange={(on) => set(['readOnly'], on ? true : undefined)}
      />
      <SwitchSetting
        id={id('allScenarios')}
        label="Saved to every scenario"
        value={booleanOf(cell, 'allScenarios')}
        onChange={(on) => set(['allScenarios'], on ? true : undefined)}
      />
      {text('functionOnSave', 'Function on save', { optional: true })}
      {textOf(cell, 'fieldType') === 'select' && (
        <ListSetting
          id={id('options')}
          label="Options"
          value={listOf(cell, 'options')}
          problem={problem('options')}
          onChange={(next) => set(['options'], next)}
        />
      )}
    </div>
  );
}

/** Cells in a list (a container's, a table row's): each in a panel. */
function CellList({ listPath, heading, ...edit }: Edit & { listPath: JsonPath; heading: string }) {
  const cells = getIn(edit.value, listPath);
  const list = Array.isArray(cells) ? cells : [];
  const [open, setOpen] = useState<string[]>([]);
  return (
    <section className="config-form__list" aria-label={heading}>
      <h4 className="config-form__subheading">{heading}</h4>
      {list.length > 0 && (
        <Panels
          size="small"
          open={open}
          onChange={setOpen}
          items={list.map((cell, index) => {
            const label = textOf(cell, 'label') || `Cell ${index + 1}`;
            const path = [...listPath, index];
            return listPanel({
              value: edit.value,
              listPath,
              index,
              count: list.length,
              name: label,
              marks: textOf(cell, 'dbPropertyName') && <code>{textOf(cell, 'dbPropertyName')}</code>,
              problems: edit.problems,
              onChange: edit.onChange,
              closeAll: () => setOpen([]),
              body: <CellEditor {...edit} path={path} />,
            });
          })}
        />
      )}
      <Button
        size="small"
        icon={<PlusOutlined />}
        className="config-form__add"
        onClick={() => {
          edit.onChange(appendAt(edit.value, listPath, newCell()));
          setOpen((keys) => [...keys, String(list.length)]);
        }}
      >
        Add cell
      </Button>
    </section>
  );
}

/** One content item of a tab: a FIELD, a CONTAINER or a TABLE (spec 03 §3.2). */
function ContentEditor({ path, ...edit }: Edit & { path: JsonPath }) {
  const item = getIn(edit.value, path);
  const kind = textOf(item, 'type');
  const set = (key: string, next: unknown) => edit.onChange(setIn(edit.value, [...path, key], next));
  const { id, problem, text } = itemSettings(item, path, edit.problems, set);
  if (kind === 'FIELD') return <CellEditor {...edit} path={[...path, 'cell']} />;
  if (kind === 'CONTAINER')
    return (
      <>
        <div className="config-form__grid">
          {text('title', 'Title')}
          <ChoiceSetting
            id={id('display')}
            label="Display"
            value={textOf(item, 'display') as 'accordion' | 'group'}
            problem={problem('display')}
            options={[
              { value: 'accordion', label: 'Accordion' },
              { value: 'group', label: 'Grouped by title' },
            ]}
            onChange={(display) => set('display', display)}
          />
        </div>
        <CellList {...edit} listPath={[...path, 'cells']} heading="Cells" />
      </>
    );
  if (kind === 'TABLE') {
    const rows = listOf(item, 'rows');
    return (
      <>
        <div className="config-form__grid">
          {text('title', 'Title', { optional: true })}
          <ChoiceSetting
            id={id('signedBy')}
            label="Signed by"
            value={textOf(item, 'signedBy') as 'header' | 'firstColumn' | 'both'}
            problem={problem('signedBy')}
            options={[
              { value: 'header', label: 'Header row' },
              { value: 'firstColumn', label: 'First column' },
              { value: 'both', label: 'Both' },
            ]}
            onChange={(signedBy) => set('signedBy', signedBy)}
          />
          <ListSetting
            id={id('columns')}
            label="Column headings"
            value={listOf(item, 'columns')}
            problem={problem('columns')}
            onChange={(next) => set('columns', next ?? [])}
          />
        </div>
        <ol className="config-form__table-rows" aria-label="Rows">
          {rows.map((row, index) => (
            <li key={index} className="config-form__table-row">
              <div className="config-form__row-head">
                <strong>Row {index + 1}</strong>
                <ItemActions
                  name={`row ${index + 1}`}
                  index={index}
                  count={rows.length}
                  onMove={(by) => edit.onChange(moveAt(edit.value, [...path, 'rows'], index, by))}
                  onRemove={() => edit.onChange(removeAt(edit.value, [...path, 'rows'], index))}
                />
              </div>
              {itemSettings(row, [...path, 'rows', index], edit.problems, (key, next) =>
                edit.onChange(setIn(edit.value, [...path, 'rows', index, key], next)),
              ).text('label', 'Row label', { optional: true })}
              <CellList
                {...edit}
                listPath={[...path, 'rows', index, 'cells']}
                heading={`Cells of row ${index + 1}`}
              />
            </li>
          ))}
        </ol>
        <Button
          size="small"
          icon={<PlusOutlined />}
          onClick={() => edit.onChange(appendAt(edit.value, [...path, 'rows'], { cells: [] }))}
        >
          Add row
        </Button>
      </>
    );
  }
  return (
    <Alert
      type="warning"
      showIcon
      title="This content item's type is not one the form knows"
      description="Edit it in the JSON tab, or remove it."
    />
  );
}

/** The content of a tab: its items, each in a panel, and Add content of each kind. */
function ContentList({ listPath, ...edit }: Edit & { listPath: JsonPath }) {
  const items = getIn(edit.value, listPath);
  const list = Array.isArray(items) ? items : [];
  const [open, setOpen] = useState<string[]>([]);
  return (
    <section className="config-form__list" aria-label="Content">
      <h4 className="config-form__subheading">Content</h4>
      {list.length === 0 && <p className="config-form__note">No content yet.</p>}
      {list.length > 0 && (
        <Panels
          size="small"
          open={open}
          onChange={setOpen}
          items={list.map((item, index) => {
            const kind = textOf(item, 'type');
            const title =
              kind === 'FIELD'
                ? textOf(getIn(item, ['cell']), 'label') || 'Field'
                : textOf(item, 'title') || `${contentKinds[kind as ContentKind] ?? 'Item'} ${index + 1}`;
            const path = [...listPath, index];
            return listPanel({
              value: edit.value,
              listPath,
              index,
              count: list.length,
              name: title,
              marks: <Tag>{contentKinds[kind as ContentKind] ?? kind}</Tag>,
              problems: edit.problems,
              onChange: edit.onChange,
              closeAll: () => setOpen([]),
              body: <ContentEditor {...edit} path={path} />,
            });
          })}
        />
      )}
      <Dropdown
        trigger={['click']}
        menu={{
          items: (Object.keys(contentKinds) as ContentKind[]).map((kind) => ({
            key: kind,
            label: contentKinds[kind],
          })),
          onClick: ({ key }) => {
            edit.onChange(appendAt(edit.value, listPath, newContent[key as ContentKind]()));
            setOpen((keys) => [...keys, String(list.length)]);
          },
        }}
      >
        <Button size="small" icon={<PlusOutlined />} className="config-form__add">
          Add content <DownOutlined />
        </Button>
      </Dropdown>
    </section>
  );
}

/**
 * The Site features config as a form (spec 03 §3.2): the tabs of a site's features panel with
 * id, title, icon, visibility, actions and nested sites source, and each tab's content (FIELD,
 * CONTAINER, TABLE).
 */
export function SiteFeaturesForm({ value, onChange, fields, problems }: Edit) {
  const tabs = listOf(value, 'tabs');
  const [open, setOpen] = useState<string[]>([]);
  const edit = { value, onChange, fields, problems };
  return (
    <Form layout="vertical" component="div" className="config-form">
      <section className="config-form__list" aria-label="Tabs">
        <h3 className="config-form__heading">Tabs</h3>
        {tabs.length === 0 && (
          <p className="config-form__note">No tabs yet: a features panel needs at least one.</p>
        )}
        {tabs.length > 0 && (
          <Panels
            open={open}
            onChange={setOpen}
            items={tabs.map((tab, index) => {
              const path = ['tabs', index];
              const title = textOf(tab, 'tabTitle') || `Tab ${index + 1}`;
              const set = (key: string, next: unknown) => onChange(setIn(value, [...path, key], next));
              const { id, problem, text } = itemSettings(tab, path, problems, set);
              return listPanel({
                value,
                listPath: ['tabs'],
                index,
                count: tabs.length,
                name: title,
                marks: isRecord(tab) && tab.visible === false ? <Tag>Hidden</Tag> : null,
                problems,
                onChange,
                closeAll: () => setOpen([]),
                body: (
                  <>
                    <div className="config-form__grid">
                      {text('id', 'Id')}
                      {text('tabTitle', 'Title')}
                      {text('icon', 'Icon', { optional: true })}
                      <SwitchSetting
                        id={id('visible')}
                        label="Visible"
                        value={!(isRecord(tab) && tab.visible === false)}
                        onChange={(on) => set('visible', on)}
                      />
                      <ListSetting
                        id={id('tabActions')}
                        label="Tab actions"
                        value={listOf(tab, 'tabActions')}
                        problem={problem('tabActions')}
                        onChange={(next) => set('tabActions', next)}
                      />
                      {text('nestedSitesSource', 'Nested sites source', { optional: true })}
                    </div>
                    <ContentList {...edit} listPath={[...path, 'content']} />
                  </>
                ),
              });
            })}
          />
        )}
        <Button
          icon={<PlusOutlined />}
          className="config-form__add"
          onClick={() => {
            onChange(
              appendAt(value, ['tabs'], {
                id: `tab-${tabs.length + 1}`,
                tabTitle: `Tab ${tabs.length + 1}`,
                visible: true,
                content: [],
              }),
            );
            setOpen((keys) => [...keys, String(tabs.length)]);
          }}
        >
          Add tab
        </Button>
      </section>
    </Form>
  );
}
