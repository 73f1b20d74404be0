import { Card } from 'antd';
import { analysisMessages, DEFAULT_CHART_COLOUR, statusColours, type EventAnalysis } from '@planning/shared';
import { formatDay, formatShare } from '../analysisFilters';
import { DayChart } from './DayChart';

/** Attitudes in colours that read as for, neither and against, each dark enough for white text. */
const ATTITUDE_COLOURS: Record<string, string> = {
  Support: '#237804',
  Neutral: '#595959',
  Oppose: '#a8071a',
  'Not stated': '#8c8c8c',
};

/**
 * A small table of counts, each row with a bar (a picture only: the number beside it says the
 * same to a screen reader).
 */
function CountTable({
  caption,
  rows,
  total = rows.reduce((sum, row) => sum + row.count, 0),
}: {
  caption: string;
  rows: { label: string; count: number; colour?: string }[];
  /** What a share is of (a representation may have several topics: their shares add past 100%). */
  total?: number;
}) {
  const max = Math.max(1, ...rows.map((row) => row.count));
  return (
    <table className="analysis-counts">
      <caption className="visually-hidden">{caption}</caption>
      <thead>
        <tr>
          <th scope="col">{caption}</th>
          <th scope="col">
            <span className="visually-hidden">Bar</span>
          </th>
          <th scope="col">Representations</th>
          <th scope="col">Share</th>
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <tr key={row.label}>
            <th scope="row">
              {row.colour && (
                <span className="analysis-swatch" style={{ background: row.colour }} aria-hidden />
              )}
              {row.label}
            </th>
            <td className="analysis-counts__bar" aria-hidden>
              <span
                style={{
                  width: `${(row.count / max) * 100}%`,
                  background: row.colour ?? DEFAULT_CHART_COLOUR,
                }}
              />
            </td>
            <td>{row.count}</td>
            <td>{formatShare(total === 0 ? 0 : row.count / total)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** An event's representations: by attitude, by status (in the statuses' colours), by topic. */
export function EventSummary({ event }: { event: EventAnalysis }) {
  const attitudes = event.attitudes.map((item) => ({
    label: item.label,
    count: item.count,
    colour: ATTITUDE_COLOURS[item.label],
  }));
  const statuses = event.statuses.map((item) => ({
    label: item.status,
    count: item.count,
    colour: statusColours[item.status],
  }));
  const topics = event.topics.map((item) => ({ label: item.name, count: item.count }));
  return (
    <section className="analysis-event" aria-labelledby="analysis-event-title">
      <h2 id="analysis-event-title">
        Representations: {event.name}{' '}
        <span className="analysis-event__dates">
          {formatDay(event.startsOn)} to {formatDay(event.endsOn)}
        </span>
      </h2>
      {event.representationCount === 0 ? (
        <p className="analysis-empty">{analysisMessages.noRepresentations}</p>
      ) : (
        <div className="analysis-event__grid">
          <Card
            title="By attitude"
            size="small"
            className="analysis-event__card"
            data-testid="attitude-counts"
          >
            <CountTable caption="Attitude" rows={attitudes} />
          </Card>
          <Card title="By status" size="small" className="analysis-event__card" data-testid="status-counts">
            <CountTable caption="Status" rows={statuses} />
          </Card>
          <Card title="By topic" size="small" className="analysis-event__card">
            <CountTable caption="Topic" rows={topics} total={event.representationCount} />
          </Card>
          {event.received.length > 0 && (
            <Card title="Received a day" size="small" className="analysis-event__card">
              <DayChart title="representations received a day" days={event.received} width={400} />
            </Card>
          )}
        </div>
      )}
    </section>
  );
}
