import { Button, Card, ColorPicker, Select, Space } from 'antd';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { chartTypes, columnChartTypes, DEFAULT_CHART_COLOUR } from '@planning/shared';
import { DocumentChart } from '../../../shared/documents/chart/DocumentChart';
import { Field, NumberField, SelectField, SwitchField, TextField } from './fields';
import type { Entity, Typed } from './blockTypes';

/** Spec 02 §3 Chart config: pie, column (default, group, stack) or line; rows of label, value, serial, colour. */
export function ChartFields({ entity, onChange, readOnly, problemOf }: Typed<'chart'>) {
  const set = (patch: Partial<Entity<'chart'>>, field: string) => onChange({ ...entity, ...patch }, field);
  const setRow = (index: number, patch: Partial<Entity<'chart'>['chartData'][number]>, field: string) =>
    set(
      { chartData: entity.chartData.map((row, i) => (i === index ? { ...row, ...patch } : row)) },
      `r${index}${field}`,
    );
  return (
    <>
      <TextField
        label="Chart name"
        value={entity.chartName}
        readOnly={readOnly}
        problem={problemOf('chartName')}
        onChange={(chartName) => set({ chartName }, 'chartName')}
      />
      <Space align="start" wrap>
        <SelectField
          label="Chart type"
          width={140}
          value={entity.chartType}
          readOnly={readOnly}
          options={chartTypes.map((type) => ({
            value: type,
            label: type[0]!.toUpperCase() + type.slice(1),
          }))}
          onChange={(chartType) => set({ chartType }, 'chartType')}
        />
        {entity.chartType === 'column' && (
          <SelectField
            label="Columns"
            width={140}
            value={entity.columnChartType}
            readOnly={readOnly}
            options={columnChartTypes.map((type) => ({
              value: type,
              label: { default: 'Default', group: 'Grouped', stack: 'Stacked' }[type],
            }))}
            onChange={(columnChartType) => set({ columnChartType }, 'columnChartType')}
          />
        )}
      </Space>
      <SwitchField
        label="Show values as percentages"
        checked={entity.isPercentageable}
        readOnly={readOnly}
        onChange={(isPercentageable) => set({ isPercentageable }, 'isPercentageable')}
      />
      <Field
        label="Series names"
        hint="For grouped, stacked and line charts: the serial of each row names its series."
      >
        {({ id, describedBy }) => (
          <Select
            id={id}
            aria-describedby={describedBy}
            mode="tags"
            open={false}
            suffixIcon={null}
            value={entity.columns}
            disabled={readOnly}
            onChange={(columns: string[]) => set({ columns }, 'columns')}
          />
        )}
      </Field>
      <fieldset className="builder-fieldset">
        <legend>Rows</legend>
        {entity.chartData.map((row, index) => (
          <Card size="small" key={index} className="builder-option">
            <Space align="start" wrap>
              <TextField
                label={`Row ${index + 1} label`}
                value={row.label}
                readOnly={readOnly}
                onChange={(label) => setRow(index, { label }, 'l')}
              />
              <NumberField
                label={`Row ${index + 1} value`}
                value={row.value}
                readOnly={readOnly}
                onChange={(value) => setRow(index, { value: value ?? 0 }, 'v')}
              />
              <TextField
                label={`Row ${index + 1} serial`}
                value={row.serial}
                readOnly={readOnly}
                onChange={(serial) => setRow(index, { serial: serial || undefined }, 's')}
              />
              <Field label={`Row ${index + 1} colour`}>
                {({ id }) => (
                  <ColorPicker
                    value={row.color || DEFAULT_CHART_COLOUR}
                    disabled={readOnly}
                    disabledAlpha
                    showText
                    format="hex"
                    onChangeComplete={(colour) =>
                      setRow(index, { color: colour.toHexString().toUpperCase() }, 'c')
                    }
                  >
                    <Button id={id}>{row.color || DEFAULT_CHART_COLOUR}</Button>
                  </ColorPicker>
                )}
              </Field>
            </Space>
            {!readOnly && (
              <Button
                size="small"
                danger
                icon={<DeleteOutlined />}
                onClick={() => set({ chartData: entity.chartData.filter((_, i) => i !== index) }, 'rows')}
              >
                Remove row {index + 1}
              </Button>
            )}
          </Card>
        ))}
        {!readOnly && (
          <Button
            size="small"
            icon={<PlusOutlined />}
            onClick={() =>
              set(
                { chartData: [...entity.chartData, { label: '', value: 0, color: DEFAULT_CHART_COLOUR }] },
                'rows',
              )
            }
          >
            Add row
          </Button>
        )}
      </fieldset>
      <section className="builder-chart-preview" aria-label="Chart preview">
        <h3 className="builder-pane__title">Preview</h3>
        <DocumentChart config={entity} />
      </section>
    </>
  );
}
