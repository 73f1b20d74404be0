import { Link } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { Alert, Card, Empty, Statistic, Typography } from 'antd';
import { LoadingSpin } from '../../components/LoadingSpin';
import { fetchAnalytics, reviewQueryKeys } from './api';
import { CallPicker } from './CallPicker';
import {
  dayBars,
  formatDay,
  formatHectares,
  formatNumber,
  reviewStatuses,
  reviewStatusLabel,
  statusColours,
} from './reviewRules';
import { useCallChoice } from './useCallChoice';
import { useDocumentTitle } from '../../components/useDocumentTitle';
import './cfsReview.css';

/** Issue 27 point 6: /cfs/analytics, the chosen call's figures. */
export function AnalyticsPage() {
  useDocumentTitle('Call for sites figures');
  const { choices, call, choose, isLoading, error } = useCallChoice();
  const figures = useQuery({
    queryKey: reviewQueryKeys.analytics(call?.id ?? ''),
    queryFn: ({ signal }) => fetchAnalytics(call!.id, signal),
    enabled: Boolean(call),
  });
  const data = figures.data;
  const bars = data ? dayBars(data.byDay) : [];
  const submitted = data ? reviewStatuses.reduce((sum, status) => sum + data.byStatus[status], 0) : 0;
  return (
    <div className="page cfs-review">
      <Typography.Title level={1}>Call for sites figures</Typography.Title>
      {(isLoading || figures.isLoading) && <LoadingSpin label="Loading the figures" />}
      {error && <Alert type="error" showIcon title={error.message} />}
      {figures.error && <Alert type="error" showIcon title={figures.error.message} />}
      {!isLoading && !error && !call && <Empty description="No calls for sites have submissions yet" />}
      {call && (
        <div className="cfs-review__bar">
          <CallPicker choices={choices} value={call.id} onChange={choose} />
          <Link to={`/cfs/submissions?callId=${call.id}`}>See the submissions</Link>
        </div>
      )}
      {data && (
        <>
          <section aria-labelledby="cfs-figures-totals" className="cfs-review__figures">
            <Typography.Title level={2} id="cfs-figures-totals">
              What was put forward
            </Typography.Title>
            <div className="cfs-review__stats">
              <Card size="small">
                <Statistic title="Submissions" value={submitted} />
              </Card>
              <Card size="small">
                <Statistic title="Sites" value={data.sites} />
              </Card>
              <Card size="small">
                <Statistic title="Area" value={formatHectares(data.areaHa)} />
              </Card>
              <Card size="small">
                <Statistic title="Homes" value={formatNumber(data.homes)} />
              </Card>
              <Card size="small">
                <Statistic title="Floorspace" value={`${formatNumber(data.floorspaceM2)} m²`} />
              </Card>
              <Card size="small">
                <Statistic title="Drafts not yet submitted" value={data.drafts} />
              </Card>
            </div>
          </section>
          <section aria-labelledby="cfs-figures-status">
            <Typography.Title level={2} id="cfs-figures-status">
              Submissions by status
            </Typography.Title>
            <table className="cfs-review__table">
              <thead>
                <tr>
                  <th scope="col">Status</th>
                  <th scope="col">Submissions</th>
                </tr>
              </thead>
              <tbody>
                {reviewStatuses.map((status) => (
                  <tr key={status}>
                    <th scope="row">
                      <span
                        className="cfs-review__swatch"
                        style={{ borderColor: statusColours[status] }}
                        aria-hidden
                      />
                      {reviewStatusLabel(status)}
                    </th>
                    <td>{data.byStatus[status]}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </section>
          <section aria-labelledby="cfs-figures-days">
            <Typography.Title level={2} id="cfs-figures-days">
              Submissions by day
            </Typography.Title>
            {bars.length === 0 ? (
              <p>No submissions yet.</p>
            ) : (
              <table className="cfs-review__table cfs-review__days">
                <thead>
                  <tr>
                    <th scope="col">Day</th>
                    <th scope="col">Submissions</th>
                  </tr>
                </thead>
                <tbody>
                  {bars.map((bar) => (
                    <tr key={bar.day}>
                      <th scope="row">{formatDay(bar.day)}</th>
                      <td>
                        <span className="cfs-review__day">
                          <span
                            className="cfs-review__day-bar"
                            style={{ width: `${bar.percent}%` }}
                            aria-hidden
                          />
                          <span>{bar.submissions}</span>
                        </span>
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            )}
          </section>
        </>
      )}
    </div>
  );
}
