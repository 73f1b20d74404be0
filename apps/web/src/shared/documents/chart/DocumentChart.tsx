import { useId } from 'react';
import type { ChartConfig } from '@planning/shared';
import {
  categoriesOf,
  formatShare,
  formatValue,
  pieSlices,
  seriesColour,
  seriesOf,
  ticksOf,
  valueAt,
  valueDomain,
} from './chartScale';

const WIDTH = 640;
const HEIGHT = 320;
const PAD = { top: 16, right: 16, bottom: 48, left: 64 };
const PLOT_W = WIDTH - PAD.left - PAD.right;
const PLOT_H = HEIGHT - PAD.top - PAD.bottom;

/**
 * Spec 02 §3 Chart config: pie, column (default, group, stack) and line charts, drawn as SVG by
 * the page itself (a charting library would weigh more than the whole page: see the README), with
 * the data as a table for those who cannot see the chart.
 */
export function DocumentChart({ config }: { config: ChartConfig }) {
  const titleId = useId();
  const rows = config.chartData;
  const series = seriesOf(rows);
  const named = series.filter((serial) => serial !== '');
  const valueName = config.columns[0] ?? 'Value';
  return (
    <figure className="document-chart" aria-labelledby={titleId}>
      <figcaption id={titleId} className="document-chart__title">
        {config.chartName}
      </figcaption>
      {rows.length === 0 ? (
        <p>No data</p>
      ) : (
        <>
          <svg
            className="document-chart__svg"
            viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
            role="img"
            aria-label={`${chartKind(config)}: ${config.chartName}. The data follows as a table.`}
          >
            {config.chartType === 'pie' ? <Pie config={config} /> : <Axes config={config} />}
          </svg>
          {config.chartType !== 'pie' && named.length > 0 && (
            <ul className="document-chart__legend" aria-label="Series">
              {series.map((serial, index) => (
                <li key={serial}>
                  <span
                    className="document-chart__swatch"
                    style={{ background: seriesColour(rows, serial, index) }}
                    aria-hidden
                  />
                  {serial || valueName}
                </li>
              ))}
            </ul>
          )}
          {config.chartType === 'pie' && (
            <ul className="document-chart__legend" aria-label="Slices">
              {pieSlices(rows).map((slice) => (
                <li key={slice.label}>
                  <span className="document-chart__swatch" style={{ background: slice.colour }} aria-hidden />
                  {slice.label}: {formatValue(slice.value)}
                  {config.isPercentageable ? ` (${formatShare(slice.share)})` : ''}
                </li>
              ))}
            </ul>
          )}
          <details className="document-chart__data">
            <summary>Show the chart’s data as a table</summary>
            <DataTable config={config} valueName={valueName} />
          </details>
        </>
      )}
    </figure>
  );
}

const chartKind = (config: ChartConfig) =>
  config.chartType === 'pie'
    ? 'Pie chart'
    : config.chartType === 'line'
      ? 'Line chart'
      : config.columnChartType === 'stack'
        ? 'Stacked column chart'
        : config.columnChartType === 'group'
          ? 'Grouped column chart'
          : 'Column chart';

function DataTable({ config, valueName }: { config: ChartConfig; valueName: string }) {
  const rows = config.chartData;
  const series = seriesOf(rows);
  const total = rows.reduce((sum, row) => sum + Math.max(0, row.value), 0);
  if (series.length > 1) {
    return (
      <table className="document-table__table">
        <thead>
          <tr>
            <th scope="col">Label</th>
            {series.map((serial) => (
              <th key={serial} scope="col">
                {serial || valueName}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {categoriesOf(rows).map((label) => (
            <tr key={label}>
              <th scope="row">{label}</th>
              {series.map((serial) => (
                <td key={serial}>{formatValue(valueAt(rows, label, serial))}</td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    );
  }
  return (
    <table className="document-table__table">
      <thead>
        <tr>
          <th scope="col">Label</th>
          <th scope="col">{valueName}</th>
          {config.isPercentageable && <th scope="col">Share</th>}
        </tr>
      </thead>
      <tbody>
        {rows.map((row, index) => (
          <tr key={index}>
            <th scope="row">{row.label}</th>
            <td>{formatValue(row.value)}</td>
            {config.isPercentageable && (
              <td>{total > 0 ? formatShare(Math.max(0, row.value) / total) : '-'}</td>
            )}
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function Pie({ config }: { config: ChartConfig }) {
  const slices = pieSlices(config.chartData);
  const cx = WIDTH / 2;
  const cy = HEIGHT / 2;
  const r = HEIGHT / 2 - 12;
  const point = (angle: number) => [cx + r * Math.sin(angle), cy - r * Math.cos(angle)] as const;
  return (
    <g aria-hidden>
      {slices.length === 1 ? (
        <circle cx={cx} cy={cy} r={r} fill={slices[0]!.colour} />
      ) : (
        slices.map((slice) => {
          const [x1, y1] = point(slice.start);
          const [x2, y2] = point(slice.end);
          const large = slice.end - slice.start > Math.PI ? 1 : 0;
          return (
            <path
              key={slice.label}
              d={`M${cx},${cy} L${x1},${y1} A${r},${r} 0 ${large} 1 ${x2},${y2} Z`}
              fill={slice.colour}
              stroke="#fff"
              strokeWidth={1.5}
            >
              <title>{`${slice.label}: ${formatValue(slice.value)} (${formatShare(slice.share)})`}</title>
            </path>
          );
        })
      )}
    </g>
  );
}

/** Column and line charts: the value axis with its ticks, the labels, then bars or lines. */
function Axes({ config }: { config: ChartConfig }) {
  const rows = config.chartData;
  const { min, max } = valueDomain(config);
  const y = (value: number) => PAD.top + PLOT_H - ((value - min) / (max - min)) * PLOT_H;
  const labels = categoriesOf(rows);
  const series = seriesOf(rows);
  const band = PLOT_W / labels.length;
  const x = (index: number) => PAD.left + band * index + band / 2;
  return (
    <g aria-hidden>
      {ticksOf(min, max).map((tick) => (
        <g key={tick}>
          <line x1={PAD.left} x2={WIDTH - PAD.right} y1={y(tick)} y2={y(tick)} stroke="#e5e5e5" />
          <text x={PAD.left - 8} y={y(tick)} dy="0.32em" textAnchor="end" className="document-chart__tick">
            {formatValue(tick)}
          </text>
        </g>
      ))}
      <line x1={PAD.left} x2={WIDTH - PAD.right} y1={y(0)} y2={y(0)} stroke="#505a5f" />
      {labels.map((label, index) => (
        <text
          key={label}
          x={x(index)}
          y={HEIGHT - PAD.bottom + 18}
          textAnchor="middle"
          className="document-chart__tick"
        >
          {label.length > 18 ? `${label.slice(0, 17)}…` : label}
        </text>
      ))}
      {config.chartType === 'line' ? (
        series.map((serial, index) => {
          const colour = seriesColour(rows, serial, index);
          const points = labels.map((label, i) => [x(i), y(valueAt(rows, label, serial))] as const);
          return (
            <g key={serial}>
              <polyline
                points={points.map(([px, py]) => `${px},${py}`).join(' ')}
                fill="none"
                stroke={colour}
                strokeWidth={2.5}
              />
              {points.map(([px, py], i) => (
                <circle key={i} cx={px} cy={py} r={4} fill={colour}>
                  <title>{`${labels[i]}${serial ? `, ${serial}` : ''}: ${formatValue(valueAt(rows, labels[i]!, serial))}`}</title>
                </circle>
              ))}
            </g>
          );
        })
      ) : (
        <Columns config={config} labels={labels} series={series} band={band} y={y} />
      )}
    </g>
  );
}

function Columns({
  config,
  labels,
  series,
  band,
  y,
}: {
  config: ChartConfig;
  labels: string[];
  series: string[];
  band: number;
  y: (value: number) => number;
}) {
  const rows = config.chartData;
  const inner = band * 0.7;
  const bar = (
    key: string,
    left: number,
    width: number,
    from: number,
    to: number,
    colour: string,
    title: string,
  ) => (
    <rect
      key={key}
      x={left}
      y={Math.min(y(from), y(to))}
      width={Math.max(1, width)}
      height={Math.abs(y(to) - y(from))}
      fill={colour}
    >
      <title>{title}</title>
    </rect>
  );
  // One series without serials: each row its own colour, as the builder set it.
  if (series.length === 1 && config.columnChartType === 'default') {
    return (
      <>
        {rows.map((row, index) => {
          const left = PAD.left + band * labels.indexOf(row.label) + (band - inner) / 2;
          return bar(
            String(index),
            left,
            inner,
            0,
            row.value,
            row.color,
            `${row.label}: ${formatValue(row.value)}`,
          );
        })}
      </>
    );
  }
  return (
    <>
      {labels.map((label, li) => {
        const start = PAD.left + band * li + (band - inner) / 2;
        let up = 0;
        let down = 0;
        return series.map((serial, si) => {
          const value = valueAt(rows, label, serial);
          const colour = seriesColour(rows, serial, si);
          const title = `${label}${serial ? `, ${serial}` : ''}: ${formatValue(value)}`;
          if (config.columnChartType === 'stack') {
            const from = value >= 0 ? up : down;
            if (value >= 0) up += value;
            else down += value;
            return bar(`${li}-${si}`, start, inner, from, from + value, colour, title);
          }
          const width = inner / series.length;
          return bar(`${li}-${si}`, start + width * si, width - 1, 0, value, colour, title);
        });
      })}
    </>
  );
}
