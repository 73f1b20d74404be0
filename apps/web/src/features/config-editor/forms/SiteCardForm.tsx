import { useState } from 'react';
import { Button, Form, Input } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import type { SiteField } from '@planning/shared';
import {
  appendAt,
  booleanOf,
  getIn,
  isRecord,
  listOf,
  moveAt,
  numberOf,
  optionalNumber,
  setIn,
  textOf,
  type JsonPath,
} from '../configJson';
import {
  itemSettings,
  listPanel,
  ItemActions,
  Panels,
  NumberSetting,
  SiteFieldSetting,
  SwitchSetting,
  type ProblemsByPath,
} from './formParts';

/** Formatting with nothing set disappears from the JSON rather than staying as {}. */
function withFormatting(element: unknown, key: string, value: unknown): unknown {
  const next = setIn(element, ['formatting', key], value);
  const formatting = getIn(next, ['formatting']);
  return isRecord(formatting) && Object.keys(formatting).length === 0
    ? setIn(next, ['formatting'], undefined)
    : next;
}

/** Spec 03 §3.2 coloured dot list: a value of the field and the colour of the dot before it. */
function DotListEditor({
  path,
  element,
  onChange,
}: {
  path: JsonPath;
  element: unknown;
  onChange: (element: unknown) => void;
}) {
  const record = getIn(element, ['formatting', 'colouredDotList']);
  const entries = isRecord(record)
    ? Object.entries(record).map(([value, colour]) => [value, String(colour)])
    : [];
  const write = (next: string[][]) =>
    onChange(
      withFormatting(element, 'colouredDotList', next.length === 0 ? undefined : Object.fromEntries(next)),
    );
  return (
    <fieldset className="config-form__fieldset">
      <legend>Coloured dots</legend>
      {entries.length === 0 && <p className="config-form__note">None: values show without a dot.</p>}
      <ol className="config-form__rows">
        {entries.map(([value = '', colour = ''], index) => (
          <li key={index} className="config-form__row">
            <Input
              aria-label={`Dot ${index + 1} value`}
              value={value}
              onChange={(event) =>
                write(
                  entries.map((entry, at) => (at === index ? [event.target.value, entry[1] ?? ''] : entry)),
                )
              }
            />
            <Input
              aria-label={`Dot ${index + 1} colour`}
              value={colour}
              prefix={<span className="config-form__swatch" style={{ background: colour }} aria-hidden />}
              onChange={(event) =>
                write(
                  entries.map((entry, at) => (at === index ? [entry[0] ?? '', event.target.value] : entry)),
                )
              }
            />
            <ItemActions
              name={`dot ${index + 1}`}
              index={index}
              count={entries.length}
              onMove={(by) => write(moveAt(entries, [], index, by) as string[][])}
              onRemove={() => write(entries.filter((_, at) => at !== index))}
            />
          </li>
        ))}
      </ol>
      <Button
        size="small"
        icon={<PlusOutlined />}
        onClick={() => write([...entries, [`value ${entries.length + 1}`, '#2e7d32']])}
        aria-label={`Add a coloured dot to ${textOf(element, 'label') || `element ${Number(path.at(-1)) + 1}`}`}
      >
        Add dot
      </Button>
    </fieldset>
  );
}

/**
 * The Site card config as a form (spec 03 §3.2): each element of a site's result card with its
 * label, site field, prefix, measurement, description and formatting (decimals, thousands
 * separator, coloured dot list).
 */
export function SiteCardForm({
  value,
  onChange,
  fields,
  problems,
}: {
  value: unknown;
  onChange: (value: unknown) => void;
  fields: readonly SiteField[];
  problems: ProblemsByPath;
}) {
  const elements = listOf(value, 'elements');
  const [open, setOpen] = useState<string[]>([]);
  return (
    <Form layout="vertical" component="div" className="config-form">
      <section className="config-form__list" aria-label="Card elements">
        <h3 className="config-form__heading">Card elements</h3>
        {elements.length === 0 ? (
          <p className="config-form__note">No elements yet: the card shows only the site&apos;s name.</p>
        ) : (
          <Panels
            open={open}
            onChange={setOpen}
            items={elements.map((element, index) => {
              const path = ['elements', index];
              const label = textOf(element, 'label') || `Element ${index + 1}`;
              const setFormatting = (key: string, next: unknown) =>
                onChange(setIn(value, path, withFormatting(element, key, next)));
              const { id, problem, text } = itemSettings(element, path, problems, (key, next) =>
                onChange(setIn(value, [...path, key], next)),
              );
              return listPanel({
                value,
                listPath: ['elements'],
                index,
                count: elements.length,
                name: label,
                marks: textOf(element, 'dbPropertyName') && <code>{textOf(element, 'dbPropertyName')}</code>,
                problems,
                onChange,
                closeAll: () => setOpen([]),
                body: (
                  <div className="config-form__grid">
                    <SiteFieldSetting
                      id={id('field')}
                      value={textOf(element, 'dbPropertyName')}
                      fields={fields}
                      problem={problem('dbPropertyName')}
                      onChange={(field) => {
                        const named = setIn(element, ['dbPropertyName'], field.name);
                        const labelled =
                          textOf(element, 'label') === '' && 'label' in field
                            ? setIn(named, ['label'], field.label)
                            : named;
                        onChange(setIn(value, path, labelled));
                      }}
                    />
                    {text('label', 'Label')}
                    {text('prefix', 'Prefix', { optional: true, placeholder: 'e.g. £' })}
                    {text('measurement', 'Measurement', { optional: true, placeholder: 'e.g. ha' })}
                    {text('description', 'Description', { optional: true })}
                    <NumberSetting
                      id={id('decimals')}
                      label="Decimals"
                      value={numberOf(getIn(element, ['formatting']), 'decimals')}
                      problem={problem('formatting', 'decimals')}
                      min={0}
                      max={6}
                      onChange={(next) => setFormatting('decimals', optionalNumber(next))}
                    />
                    <SwitchSetting
                      id={id('thousands')}
                      label="Thousands separator"
                      value={booleanOf(getIn(element, ['formatting']), 'thousandsSeparator')}
                      onChange={(on) => setFormatting('thousandsSeparator', on ? true : undefined)}
                    />
                    <div className="config-form__wide">
                      <DotListEditor
                        path={path}
                        element={element}
                        onChange={(next) => onChange(setIn(value, path, next))}
                      />
                    </div>
                  </div>
                ),
              });
            })}
          />
        )}
        <Button
          icon={<PlusOutlined />}
          className="config-form__add"
          onClick={() => {
            onChange(appendAt(value, ['elements'], { label: '', dbPropertyName: '' }));
            setOpen((keys) => [...keys, String(elements.length)]);
          }}
        >
          Add element
        </Button>
      </section>
    </Form>
  );
}
