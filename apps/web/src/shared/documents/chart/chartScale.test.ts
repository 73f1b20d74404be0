import { describe, expect, it } from 'vitest';
import { DEFAULT_CHART_COLOUR, type ChartConfig } from '@planning/shared';
import { niceCeil, pieSlices, seriesColour, ticksOf, valueDomain } from './chartScale';

const row = (label: string, value: number, serial?: string, color = DEFAULT_CHART_COLOUR) => ({
  label,
  value,
  color,
  ...(serial ? { serial } : {}),
});
const chart = (
  chartType: ChartConfig['chartType'],
  columnChartType: ChartConfig['columnChartType'],
  chartData: ChartConfig['chartData'],
) => ({ chartType, columnChartType, chartData });

describe('chart scales (spec 02 §3 Chart config, §9)', () => {
  it('rounds the value axis up to a round number', () => {
    expect([niceCeil(4200), niceCeil(7), niceCeil(0.3), niceCeil(100), niceCeil(0)]).toEqual([
      5000, 10, 0.5, 100, 0,
    ]);
    expect(ticksOf(0, 5000)).toEqual([0, 1000, 2000, 3000, 4000, 5000]);
    expect(ticksOf(-10, 20)).toEqual([-10, 0, 10, 20]);
  });

  it('gives a line chart 20 % headroom above its highest value', () => {
    expect(valueDomain(chart('line', 'default', [row('2024', 10), row('2025', 50)]))).toEqual({
      min: 0,
      max: 60,
    });
    expect(valueDomain(chart('column', 'default', [row('2024', 10), row('2025', 50)]))).toEqual({
      min: 0,
      max: 50,
    });
  });

  it('scales stacked columns to the tallest stack, grouped ones to the tallest bar', () => {
    const data = [row('A', 30, 'x'), row('A', 40, 'y'), row('B', 10, 'x'), row('B', 5, 'y')];
    expect(valueDomain(chart('column', 'stack', data))).toEqual({ min: 0, max: 100 });
    expect(valueDomain(chart('column', 'group', data))).toEqual({ min: 0, max: 50 });
  });

  it('reaches below zero for negative values', () => {
    expect(valueDomain(chart('column', 'default', [row('A', -30), row('B', 80)]))).toEqual({
      min: -50,
      max: 100,
    });
  });

  it('cuts a pie in proportion, leaving out rows of 0 or less', () => {
    const slices = pieSlices([row('A', 1), row('B', 3), row('C', 0)]);
    expect(slices.map((slice) => slice.label)).toEqual(['A', 'B']);
    expect(slices[0]!.share).toBe(0.25);
    expect(slices[1]!.end).toBeCloseTo(2 * Math.PI);
  });

  it('keeps the default colour #5B8FF9 for the first series and a row’s own colour when it has one', () => {
    const data = [row('A', 1, 'x'), row('A', 2, 'y'), row('A', 3, 'z', '#0B6E4F')];
    expect(seriesColour(data, 'x', 0)).toBe('#5B8FF9');
    expect(seriesColour(data, 'y', 1)).not.toBe('#5B8FF9');
    expect(seriesColour(data, 'z', 2)).toBe('#0B6E4F');
  });
});
