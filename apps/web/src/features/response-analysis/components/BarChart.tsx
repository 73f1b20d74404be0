import { DEFAULT_CHART_COLOUR } from '@planning/shared';

export type Bar = { label: string; value: number; colour?: string; note?: string };

// Drawn at about its own size beside its table, so 14 units of text read as 14 px.
const WIDTH = 440;
const ROW = 30;
const LABEL_WIDTH = 150;
const VALUE_WIDTH = 84;
const LABEL_CHARS = 19;

const clipped = (text: string) => (text.length > LABEL_CHARS ? `${text.slice(0, LABEL_CHARS - 1)}…` : text);

/**
 * A horizontal bar chart drawn as SVG: a bar per option, status or site with its count (and share).
 * The chart is a picture with a one-line summary for screen readers; the page always shows the
 * same numbers as a table beside it.
 */
export function BarChart({ title, bars }: { title: string; bars: Bar[] }) {
  const max = Math.max(1, ...bars.map((bar) => bar.value));
  const plot = WIDTH - LABEL_WIDTH - VALUE_WIDTH;
  const height = bars.length * ROW + 4;
  const summary = bars.map((bar) => `${bar.label} ${bar.value}`).join(', ');
  return (
    <svg
      className="analysis-chart analysis-chart--bars"
      viewBox={`0 0 ${WIDTH} ${height}`}
      role="img"
      aria-label={`Bar chart, ${title}: ${summary}. The same numbers are in the table.`}
    >
      {bars.map((bar, index) => {
        const y = index * ROW + 2;
        const width = bar.value === 0 ? 0 : Math.max(2, (bar.value / max) * plot);
        return (
          <g key={`${bar.label}-${index}`}>
            <text
              x={LABEL_WIDTH - 8}
              y={y + ROW / 2}
              textAnchor="end"
              dominantBaseline="middle"
              className="analysis-chart__label"
            >
              {bar.label.length > LABEL_CHARS && <title>{bar.label}</title>}
              {clipped(bar.label)}
            </text>
            <rect
              x={LABEL_WIDTH}
              y={y + 5}
              width={plot}
              height={ROW - 10}
              className="analysis-chart__track"
              rx={3}
            />
            <rect
              x={LABEL_WIDTH}
              y={y + 5}
              width={width}
              height={ROW - 10}
              fill={bar.colour ?? DEFAULT_CHART_COLOUR}
              rx={3}
            />
            <text
              x={LABEL_WIDTH + plot + 8}
              y={y + ROW / 2}
              dominantBaseline="middle"
              className="analysis-chart__value"
            >
              {bar.note ? `${bar.value} (${bar.note})` : bar.value}
            </text>
          </g>
        );
      })}
    </svg>
  );
}
