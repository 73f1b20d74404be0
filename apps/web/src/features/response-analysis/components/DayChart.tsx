import { DEFAULT_CHART_COLOUR } from '@planning/shared';
import { formatDay } from '../analysisFilters';

const HEIGHT = 160;
const PAD = { top: 12, right: 8, bottom: 28, left: 36 };

/** Whole days from the first to the last, so a quiet day shows as a gap, not as nothing. */
export function everyDay(days: { date: string; count: number }[]): { date: string; count: number }[] {
  if (days.length === 0) return [];
  const counts = new Map(days.map((day) => [day.date, day.count]));
  const out: { date: string; count: number }[] = [];
  const last = new Date(`${days[days.length - 1]!.date}T00:00:00Z`);
  for (
    let at = new Date(`${days[0]!.date}T00:00:00Z`);
    at <= last && out.length < 800;
    at.setUTCDate(at.getUTCDate() + 1)
  ) {
    const date = at.toISOString().slice(0, 10);
    out.push({ date, count: counts.get(date) ?? 0 });
  }
  return out;
}

/** Answers (or representations) a day as columns, first and last day named under the axis. */
export function DayChart({
  title,
  days,
  width: WIDTH = 560,
}: {
  title: string;
  days: { date: string; count: number }[];
  /** Drawing units across: about the pixels it is shown at, so its 14-unit text reads as 14 px. */
  width?: number;
}) {
  const all = everyDay(days);
  if (all.length === 0) return null;
  const max = Math.max(1, ...all.map((day) => day.count));
  const plotW = WIDTH - PAD.left - PAD.right;
  const plotH = HEIGHT - PAD.top - PAD.bottom;
  const step = plotW / all.length;
  const barW = Math.max(1, Math.min(40, step * 0.8));
  const total = all.reduce((sum, day) => sum + day.count, 0);
  const busiest = all.reduce((best, day) => (day.count > best.count ? day : best), all[0]!);
  return (
    <>
      <svg
        className="analysis-chart analysis-chart--days"
        viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
        role="img"
        aria-label={`Column chart, ${title}: ${total} from ${formatDay(all[0]!.date)} to ${formatDay(all[all.length - 1]!.date)}, most on ${formatDay(busiest.date)} (${busiest.count}). The same numbers are in the table.`}
      >
        <line
          x1={PAD.left}
          x2={WIDTH - PAD.right}
          y1={PAD.top + plotH}
          y2={PAD.top + plotH}
          className="analysis-chart__axis"
        />
        <text x={PAD.left - 6} y={PAD.top + 4} textAnchor="end" className="analysis-chart__tick">
          {max}
        </text>
        <text x={PAD.left - 6} y={PAD.top + plotH} textAnchor="end" className="analysis-chart__tick">
          0
        </text>
        {all.map((day, index) => {
          const h = (day.count / max) * plotH;
          return (
            <rect
              key={day.date}
              x={PAD.left + index * step + (step - barW) / 2}
              y={PAD.top + plotH - h}
              width={barW}
              height={h}
              fill={DEFAULT_CHART_COLOUR}
            />
          );
        })}
        <text x={PAD.left} y={HEIGHT - 8} className="analysis-chart__tick">
          {formatDay(all[0]!.date)}
        </text>
        {all.length > 1 && (
          <text x={WIDTH - PAD.right} y={HEIGHT - 8} textAnchor="end" className="analysis-chart__tick">
            {formatDay(all[all.length - 1]!.date)}
          </text>
        )}
      </svg>
      <details className="analysis-days__table">
        <summary>Show the {title} as a table</summary>
        <table className="analysis-counts">
          <thead>
            <tr>
              <th scope="col">Day</th>
              <th scope="col">Number</th>
            </tr>
          </thead>
          <tbody>
            {days.map((day) => (
              <tr key={day.date}>
                <th scope="row">{formatDay(day.date)}</th>
                <td>{day.count}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </details>
    </>
  );
}
