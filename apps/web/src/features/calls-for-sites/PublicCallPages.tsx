import type { ReactNode } from 'react';
import { Link, useParams } from 'react-router';
import { Alert, Button, Card, Typography } from 'antd';
import { callStateLabels, cfsMessages, type PublicCall, type PublicCallList } from '@planning/shared';
import { ApiError } from '../../api/client';
import { LoadingSpin } from '../../components/LoadingSpin';
import { usePublicCall, usePublicCalls } from './api';
import { closesText, endText, opensText, startText } from './callTimes';
import { StartSubmission } from './StartSubmission';
import { useDocumentTitle } from '../../components/useDocumentTitle';
// The public pages' frame (.policy-page) and rich text (.policy-text), as /consultations and /policy.
import '../../shared/admin-frame/adminContent.css';
import './callsForSites.css';

type ListedCall = PublicCallList['open'][number];

function CallCards({ calls, when }: { calls: ListedCall[]; when: (call: ListedCall) => string }) {
  return (
    <ul className="calls-public__list">
      {calls.map((call) => (
        <li key={call.id}>
          <Card size="small">
            <Typography.Title level={3}>
              <Link to={`/calls-for-sites/${call.id}`}>{call.name}</Link>
            </Typography.Title>
            {call.description && <Typography.Paragraph>{call.description}</Typography.Paragraph>}
            <Typography.Paragraph type="secondary" style={{ marginBottom: 0 }}>
              {when(call)}
            </Typography.Paragraph>
          </Card>
        </li>
      ))}
    </ul>
  );
}

/** /calls-for-sites (public): the council's open calls for sites, then those opening soon. */
export function PublicCallsPage() {
  const calls = usePublicCalls();
  useDocumentTitle('Calls for sites');
  return (
    <div className="policy-page calls-public">
      <Typography.Title level={1}>Calls for sites</Typography.Title>
      <Typography.Paragraph>
        While a call for sites is open, landowners, developers and agents can tell the council about land that
        could be used for homes, jobs or other development.
      </Typography.Paragraph>
      {calls.isLoading && <LoadingSpin label="Loading calls for sites" />}
      {calls.error && (
        <Alert
          type="error"
          showIcon
          message="Failed to load the calls for sites"
          action={<Button onClick={() => void calls.refetch()}>Try again</Button>}
        />
      )}
      {calls.data && (
        <>
          <section aria-labelledby="calls-open">
            <Typography.Title level={2} id="calls-open">
              Open calls for sites
            </Typography.Title>
            {calls.data.open.length === 0 ? (
              <Typography.Paragraph className="calls-public__inset">
                {cfsMessages.noOpenCalls}
              </Typography.Paragraph>
            ) : (
              <CallCards calls={calls.data.open} when={(call) => closesText(call.endsAt)} />
            )}
          </section>
          {calls.data.upcoming.length > 0 && (
            <section aria-labelledby="calls-upcoming">
              <Typography.Title level={2} id="calls-upcoming">
                Upcoming calls for sites
              </Typography.Title>
              <CallCards calls={calls.data.upcoming} when={(call) => opensText(call.startsAt)} />
            </section>
          )}
        </>
      )}
    </div>
  );
}

function Frame({ children }: { children: ReactNode }) {
  return (
    <div className="policy-page calls-public">
      <Link to="/calls-for-sites" className="calls-public__back">
        All calls for sites
      </Link>
      {children}
    </div>
  );
}

function CallDetails({ call }: { call: PublicCall }) {
  return (
    <>
      <Typography.Title level={1}>{call.name}</Typography.Title>
      <p>
        <strong className={`calls-public__tag calls-public__tag--${call.state}`}>
          {callStateLabels[call.state]}
        </strong>
      </p>
      <dl className="calls-public__summary">
        <div>
          <dt>Opens</dt>
          <dd>{startText(call.startsAt)}</dd>
        </div>
        <div>
          <dt>Closes</dt>
          <dd>{endText(call.endsAt)}</dd>
        </div>
      </dl>
      {call.description && (
        <Typography.Paragraph className="calls-public__lead">{call.description}</Typography.Paragraph>
      )}
      {call.guidance && (
        <section aria-labelledby="call-guidance">
          <Typography.Title level={2} id="call-guidance">
            Guidance
          </Typography.Title>
          {/* Sanitised by the server (headings, paragraphs, lists and links) before it is kept. */}
          <div className="policy-text" dangerouslySetInnerHTML={{ __html: call.guidance }} />
        </section>
      )}
      {call.layers.length > 0 && (
        <section aria-labelledby="call-layers">
          <Typography.Title level={2} id="call-layers">
            Layers on the map
          </Typography.Title>
          <Typography.Paragraph>The map for this call for sites shows:</Typography.Paragraph>
          <ul className="calls-public__layers">
            {call.layers.map((layer) => (
              <li key={layer.id}>{layer.title}</li>
            ))}
          </ul>
        </section>
      )}
    </>
  );
}

/** /calls-for-sites/{id} (public): one call, its times, description, guidance and map layers. */
export function PublicCallPage() {
  const { callId = '' } = useParams();
  const call = usePublicCall(callId);
  const missing = call.error instanceof ApiError && [400, 404].includes(call.error.status);
  useDocumentTitle(call.data?.name ?? (missing ? cfsMessages.callNotFound : undefined));
  if (call.isLoading)
    return (
      <Frame>
        <LoadingSpin label="Loading the call for sites" />
      </Frame>
    );
  if (missing)
    return (
      <Frame>
        <Typography.Title level={1}>{cfsMessages.callNotFound}</Typography.Title>
        <Typography.Paragraph>
          It may have been withdrawn, or the address may be wrong. See the{' '}
          <Link to="/calls-for-sites">calls for sites open now</Link>.
        </Typography.Paragraph>
      </Frame>
    );
  if (call.error || !call.data)
    return (
      <Frame>
        <Typography.Title level={1}>Call for sites</Typography.Title>
        <Alert
          type="error"
          showIcon
          message="Failed to load the call for sites"
          action={<Button onClick={() => void call.refetch()}>Try again</Button>}
        />
      </Frame>
    );
  return (
    <Frame>
      <CallDetails call={call.data} />
      {call.data.state === 'open' && <StartSubmission callId={call.data.id} />}
    </Frame>
  );
}
