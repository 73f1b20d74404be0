import type { ReactNode } from 'react';
import { Link, useParams } from 'react-router';
import { callStateLabels, cfsMessages, type PublicCall, type PublicCallList } from '@planning/shared';
import { ApiError } from '../../api/client';
import { usePublicCall, usePublicCalls } from './api';
import { closesText, endText, opensText, startText } from './callTimes';
import { StartSubmission } from './StartSubmission';
import { useDocumentTitle } from '../../components/useDocumentTitle';
// The public pages' frame (.policy-page) and rich text (.policy-text), as /consultations and /policy;
// headings, buttons and messages in GOV.UK's patterns as the submission pages (submissions.css).
// No antd here: its Card, Typography and Alert came to 40 kB of a public page's 330 (issue 27 point 7).
import '../../shared/admin-frame/adminContent.css';
import './callsForSites.css';
import './submissions.css';

/** Said while a page's answer is on its way (a status, so a screen reader hears it once). */
function Loading({ label }: { label: string }) {
  return (
    <p role="status" className="calls-public__loading">
      {label}…
    </p>
  );
}

/** A failed load, and a way to ask again. */
function LoadFailed({ message, retry }: { message: string; retry: () => void }) {
  return (
    <div role="alert" className="calls-public__failed">
      <p>{message}</p>
      <button type="button" className="cfs-button cfs-button--secondary" onClick={retry}>
        Try again
      </button>
    </div>
  );
}

type ListedCall = PublicCallList['open'][number];

function CallCards({ calls, when }: { calls: ListedCall[]; when: (call: ListedCall) => string }) {
  return (
    <ul className="calls-public__list">
      {calls.map((call) => (
        <li key={call.id} className="calls-public__card">
          <h3 className="cfs-heading-s">
            <Link to={`/calls-for-sites/${call.id}`}>{call.name}</Link>
          </h3>
          {call.description && <p>{call.description}</p>}
          <p className="calls-public__when">{when(call)}</p>
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
    <div className="policy-page calls-public cfs-page">
      <h1 className="cfs-heading-l">Calls for sites</h1>
      <p>
        While a call for sites is open, landowners, developers and agents can tell the council about land that
        could be used for homes, jobs or other development.
      </p>
      {calls.isLoading && <Loading label="Loading calls for sites" />}
      {calls.error && (
        <LoadFailed message="Failed to load the calls for sites" retry={() => void calls.refetch()} />
      )}
      {calls.data && (
        <>
          <section aria-labelledby="calls-open">
            <h2 className="cfs-heading-m" id="calls-open">
              Open calls for sites
            </h2>
            {calls.data.open.length === 0 ? (
              <p className="calls-public__inset">{cfsMessages.noOpenCalls}</p>
            ) : (
              <CallCards calls={calls.data.open} when={(call) => closesText(call.endsAt)} />
            )}
          </section>
          {calls.data.upcoming.length > 0 && (
            <section aria-labelledby="calls-upcoming">
              <h2 className="cfs-heading-m" id="calls-upcoming">
                Upcoming calls for sites
              </h2>
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
    <div className="policy-page calls-public cfs-page">
      <Link to="/calls-for-sites" className="cfs-back-link">
        All calls for sites
      </Link>
      {children}
    </div>
  );
}

function CallDetails({ call }: { call: PublicCall }) {
  return (
    <>
      <h1 className="cfs-heading-l">{call.name}</h1>
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
      {call.description && <p className="calls-public__lead">{call.description}</p>}
      {call.guidance && (
        <section aria-labelledby="call-guidance">
          <h2 className="cfs-heading-m" id="call-guidance">
            Guidance
          </h2>
          {/* Sanitised by the server (headings, paragraphs, lists and links) before it is kept. */}
          <div className="policy-text" dangerouslySetInnerHTML={{ __html: call.guidance }} />
        </section>
      )}
      {call.layers.length > 0 && (
        <section aria-labelledby="call-layers">
          <h2 className="cfs-heading-m" id="call-layers">
            Layers on the map
          </h2>
          <p>The map for this call for sites shows:</p>
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
        <Loading label="Loading the call for sites" />
      </Frame>
    );
  if (missing)
    return (
      <Frame>
        <h1 className="cfs-heading-l">{cfsMessages.callNotFound}</h1>
        <p>
          It may have been withdrawn, or the address may be wrong. See the{' '}
          <Link to="/calls-for-sites">calls for sites open now</Link>.
        </p>
      </Frame>
    );
  if (call.error || !call.data)
    return (
      <Frame>
        <h1 className="cfs-heading-l">Call for sites</h1>
        <LoadFailed message="Failed to load the call for sites" retry={() => void call.refetch()} />
      </Frame>
    );
  return (
    <Frame>
      <CallDetails call={call.data} />
      {call.data.state === 'open' && <StartSubmission callId={call.data.id} />}
    </Frame>
  );
}
