import { Link } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Card, Empty, Typography } from 'antd';
import { adminContentMessages as M } from '@planning/shared';
import { adminContentKeys, fetchLiveConsultations } from './api';
import { endOf } from '../../shared/event-times/format';
import { LoadingSpin } from '../../components/LoadingSpin';

/** /consultations (public): the council's consultations open now, each with its document. */
export function ConsultationsHomePage() {
  const live = useQuery({
    queryKey: adminContentKeys.live,
    queryFn: ({ signal }) => fetchLiveConsultations(signal),
  });
  return (
    <main className="policy-page">
      <Typography.Title level={1}>Consultations</Typography.Title>
      <Typography.Paragraph>
        Have your say on the council&apos;s plans while their consultations are open.
      </Typography.Paragraph>
      {live.isLoading && <LoadingSpin label="Loading consultations" />}
      {live.error && (
        <Alert
          type="error"
          showIcon
          message="Failed to load the consultations"
          action={<Button onClick={() => void live.refetch()}>Try again</Button>}
        />
      )}
      {live.data && live.data.consultations.length === 0 && <Empty description={M.noLiveConsultations} />}
      {live.data && live.data.consultations.length > 0 && (
        <ul style={{ listStyle: 'none', padding: 0, display: 'grid', gap: 16 }}>
          {live.data.consultations.map((consultation) => (
            <li key={consultation.id}>
              <Card size="small">
                <Typography.Title level={2} style={{ fontSize: 18, marginTop: 0 }}>
                  <Link to={`/p/document/${consultation.documentId}`}>{consultation.name}</Link>
                </Typography.Title>
                {consultation.description && (
                  <Typography.Paragraph>{consultation.description}</Typography.Paragraph>
                )}
                <Typography.Paragraph type="secondary" style={{ marginBottom: 4 }}>
                  Open until {endOf(consultation.endsAt)}
                </Typography.Paragraph>
                <Link to={`/p/document/${consultation.documentId}`}>
                  Read {consultation.documentTitle} and respond
                </Link>
              </Card>
            </li>
          ))}
        </ul>
      )}
      <Typography.Paragraph type="secondary">
        <Link to="/policy">Privacy policy</Link> · <Link to="/terms">Terms of use</Link>
      </Typography.Paragraph>
    </main>
  );
}
