import { Form, Input, InputNumber, Select, Space } from 'antd';
import type { LayerStyle } from '@planning/shared';
import { colorFieldProblem, dashLabels, styleValuesOf, swatchOf, type DashName } from './layerStyleForm';

/**
 * A colour typed as text (hex, rgb() or rgba()) beside a picker, checked as spec 03 §5 says:
 * the message ('Invalid HEX color' for a hex of another length) shows under the field.
 */
function ColourInput({
  id,
  value = '',
  onChange,
  placeholder,
  pickerLabel,
  ...aria
}: {
  id?: string;
  value?: string;
  onChange?: (value: string) => void;
  placeholder?: string;
  pickerLabel: string;
  'aria-invalid'?: boolean;
  'aria-describedby'?: string;
}) {
  const hex6 = /^#[0-9a-f]{6}$/i.test(value.trim())
    ? value.trim()
    : /^#[0-9a-f]{3}$/i.test(value.trim())
      ? `#${[...value.trim().slice(1)].map((digit) => digit + digit).join('')}`
      : '#000000';
  return (
    <Space.Compact className="colour-input">
      <span className="colour-input__swatch" style={{ background: swatchOf(value) }} aria-hidden="true" />
      <Input
        id={id}
        value={value}
        maxLength={64}
        placeholder={placeholder}
        spellCheck={false}
        onChange={(event) => onChange?.(event.target.value)}
        {...aria}
      />
      <input
        type="color"
        className="colour-input__picker"
        aria-label={pickerLabel}
        value={hex6}
        onChange={(event) => onChange?.(event.target.value)}
      />
    </Space.Compact>
  );
}

const colourRule = (required: boolean) => ({
  validator: (_: unknown, value: string | undefined) => {
    const problem = colorFieldProblem(value ?? '', required);
    return problem ? Promise.reject(new Error(problem)) : Promise.resolve();
  },
});

function ColourField({
  name,
  label,
  required,
  placeholder,
}: {
  name: string;
  label: string;
  required: boolean;
  placeholder?: string;
}) {
  return (
    <Form.Item name={name} label={label} rules={[colourRule(required)]} className="style-fields__colour">
      <ColourInput placeholder={placeholder} pickerLabel={`Pick the ${label.toLowerCase()}`} />
    </Form.Item>
  );
}

const numberField = (name: string, label: string, min: number, max: number, step: number) => (
  <Form.Item name={name} label={label}>
    <InputNumber min={min} max={max} step={step} />
  </Form.Item>
);

/**
 * The paint a layer's geometry takes (MapLibre): a fill's colour, opacity and outline; a line's
 * colour, width and dashes; circles' colour and radius. Fields of the surrounding form.
 */
export function StyleFields({
  style,
  colourByExpression,
}: {
  style: LayerStyle;
  colourByExpression: boolean;
}) {
  const colourPlaceholder = colourByExpression ? 'Set by an expression' : '#d4380d';
  if (style.type === 'fill')
    return (
      <Space wrap align="start" size="large">
        <ColourField
          name="color"
          label="Fill colour"
          required={!colourByExpression}
          placeholder={colourPlaceholder}
        />
        {numberField('opacity', 'Fill opacity', 0, 1, 0.05)}
        <ColourField name="outlineColor" label="Outline colour" required={false} placeholder="None" />
        {numberField('outlineWidth', 'Outline width (px)', 0, 20, 0.5)}
      </Space>
    );
  if (style.type === 'line')
    return (
      <Space wrap align="start" size="large">
        <ColourField
          name="color"
          label="Line colour"
          required={!colourByExpression}
          placeholder={colourPlaceholder}
        />
        {numberField('lineWidth', 'Line width (px)', 0, 50, 0.5)}
        <Form.Item name="dash" label="Dashes">
          <Select<DashName>
            className="style-fields__dash"
            options={(Object.keys(dashLabels) as DashName[])
              .filter((dash) => dash !== 'custom' || styleValuesOf(style).dash === 'custom')
              .map((dash) => ({ value: dash, label: dashLabels[dash] }))}
          />
        </Form.Item>
      </Space>
    );
  return (
    <Space wrap align="start" size="large">
      <ColourField
        name="color"
        label="Circle colour"
        required={!colourByExpression}
        placeholder={colourPlaceholder}
      />
      {numberField('radius', 'Circle radius (px)', 0, 50, 0.5)}
    </Space>
  );
}
