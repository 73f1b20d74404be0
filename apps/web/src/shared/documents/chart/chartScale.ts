import { DEFAULT_CHART_COLOUR, type ChartConfig } from '@planning/shared';

type Row = ChartConfig['chartData'][number];

/** Spec 02 §9: a line chart's y axis reaches 20 % above its highest value. */
export const LINE_HEADROOM = 0.2;

/** Colours for series that keep the default colour, the default first (spec 02 §9 #5B8FF9). */
export const SERIES_PALETTE = [DEFAULT_CHART_COLOUR, '#5AD8A6', '#5D7092', '#F6BD16', '#E8684A', '#6DC8EC'];

/** The labels along the x axis, in the order they first appear. */
export function categoriesOf(rows: readonly Row[]): string[] {
  return [...new Set(rows.map((row) => row.label))];
}

/** The series (a row's serial; rows without one are one series named ''), in order. */
export function seriesOf(rows: readonly Row[]): string[] {
  return [...new Set(rows.map((row) => row.serial ?? ''))];
}

/** The value of one series at one label (0 when the data has none). */
export function valueAt(rows: readonly Row[], label: string, serial: string): number {
  return rows.find((row) => row.label === label && (row.serial ?? '') === serial)?.value ?? 0;
}

/** A series' colour: its first row's own colour, or the palette's when it kept the default. */
export function seriesColour(rows: readonly Row[], serial: string, index: number): string {
  const own = rows.find((row) => (row.serial ?? '') === serial)?.color;
  if (own && own.toUpperCase() !== DEFAULT_CHART_COLOUR) return own;
  return SERIES_PALETTE[index % SERIES_PALETTE.length]!;
}

/** A round number at or above `value` (1, 2, 2.5 or 5 times a power of ten). */
export function niceCeil(value: number): number {
  if (value <= 0) return 0;
  const power = 10 ** Math.floor(Math.log10(value));
  const step = [1, 2, 2.5, 5, 10].find((factor) => factor * power >= value - 1e-9) ?? 10;
  return step * power;
}

/** Evenly spaced ticks from `min` to `max` on round steps, about `count` of them. */
export function ticksOf(min: number, max: number, count = 5): number[] {
  if (max <= min) return [min];
  const step = niceCeil((max - min) / count);
  const first = Math.ceil(min / step) * step;
  const ticks: number[] = [];
  for (let tick = first; tick <= max + step * 1e-9; tick += step) ticks.push(Math.round(tick * 1e9) / 1e9);
  return ticks;
}

/**
 * The value axis of a column or line chart: from 0 (or the lowest value below it) to the highest
 * bar (a stack's total for stacked columns), rounded up; a line chart adds 20 % headroom first.
 */
export function valueDomain(config: Pick<ChartConfig, 'chartType' | 'columnChartType' | 'chartData'>): {
  min: number;
  max: number;
} {
  const rows = config.chartData;
  if (rows.length === 0) return { min: 0, max: 1 };
  let high: number;
  let low: number;
  if (config.chartType === 'column' && config.columnChartType === 'stack') {
    const series = seriesOf(rows);
    const totals = categoriesOf(rows).map((label) =>
      series.reduce(
        (sum, serial) => {
          const value = valueAt(rows, label, serial);
          return value >= 0 ? { ...sum, up: sum.up + value } : { ...sum, down: sum.down + value };
        },
        { up: 0, down: 0 },
      ),
    );
    high = Math.max(0, ...totals.map((total) => total.up));
    low = Math.min(0, ...totals.map((total) => total.down));
  } else {
    high = Math.max(0, ...rows.map((row) => row.value));
    low = Math.min(0, ...rows.map((row) => row.value));
  }
  if (config.chartType === 'line') {
    high = high * (1 + LINE_HEADROOM);
    return { min: low < 0 ? -niceCeil(-low) : 0, max: high > 0 ? high : 1 };
  }
  return { min: low < 0 ? -niceCeil(-low) : 0, max: high > 0 ? niceCeil(high) : 1 };
}

export type PieSlice = {
  label: string;
  value: number;
  colour: string;
  start: number;
  end: number;
  share: number;
};

/** A pie's slices (angles in radians from 12 o'clock, clockwise); rows of 0 or less take none. */
export function pieSlices(rows: readonly Row[]): PieSlice[] {
  const kept = rows.filter((row) => row.value > 0);
  const total = kept.reduce((sum, row) => sum + row.value, 0);
  let angle = 0;
  return kept.map((row, index) => {
    const share = row.value / total;
    const slice = {
      label: row.label,
      value: row.value,
      colour:
        row.color.toUpperCase() === DEFAULT_CHART_COLOUR
          ? SERIES_PALETTE[index % SERIES_PALETTE.length]!
          : row.color,
      start: angle,
      end: angle + share * 2 * Math.PI,
      share,
    };
    angle = slice.end;
    return slice;
  });
}

/** A number as the chart's labels and table show it (en-GB, at most 2 decimals). */
export function formatValue(value: number): string {
  return value.toLocaleString('en-GB', { maximumFractionDigits: 2 });
}

/** A share as a percentage with at most 1 decimal. */
export function formatShare(share: number): string {
  return `${(share * 100).toLocaleString('en-GB', { maximumFractionDigits: 1 })}%`;
}
