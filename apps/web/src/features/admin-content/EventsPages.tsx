import { useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Tabs, Typography } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import {
  consultationEventStates,
  eventStateLabels,
  featureAccess,
  type AdminEvent,
  type AdminEventList,
  type EventState,
} from '@planning/shared';
import { useAccess } from '../../platform/session/hooks';
import { notifyError } from '../../platform/notices/notifyError';
import { AdminFrame } from '../../shared/admin-frame/AdminFrame';
import { EventsTable } from './EventsTable';
import { adminContentKeys, fetchAdminEvents, fetchStaffEvents, setEventCancelled } from './api';

const isState = (value: string | null): value is EventState =>
  (consultationEventStates as readonly string[]).includes(value ?? '');

/** The state tab in the address (?state=), Upcoming by default. */
function useStateTab(): [EventState, (state: EventState) => void] {
  const [params, setParams] = useSearchParams();
  const raw = params.get('state');
  const state = isState(raw) ? raw : 'upcoming';
  return [state, (next) => setParams(next === 'upcoming' ? {} : { state: next }, { replace: true })];
}

function StateTabs({
  list,
  loading,
  error,
  onRetry,
  admin,
  onCancel,
  busyId,
}: {
  list: AdminEventList | undefined;
  loading: boolean;
  error: unknown;
  onRetry: () => void;
  admin?: boolean;
  onCancel?: (event: AdminEvent, cancelled: boolean) => void;
  busyId?: string | null;
}) {
  const [state, setState] = useStateTab();
  if (error)
    return (
      <Alert
        type="error"
        showIcon
        message="Failed to load the events"
        description={error instanceof Error ? error.message : undefined}
        action={<Button onClick={onRetry}>Try again</Button>}
      />
    );
  return (
    <Tabs
      activeKey={state}
      onChange={(key) => setState(key as EventState)}
      items={consultationEventStates.map((name) => ({
        key: name,
        label: `${eventStateLabels[name]} (${list ? list.counts[name] : '…'})`,
        children: (
          <EventsTable
            state={name}
            loading={loading}
            events={(list?.events ?? []).filter((event) => event.state === name)}
            admin={admin}
            onCancel={onCancel}
            busyId={busyId}
          />
        ),
      }))}
    />
  );
}

/** /admin/placemaker/events: the council's events by state (spec 03 §4), to create, edit and cancel. */
export function AdminEventsPage() {
  const client = useQueryClient();
  const navigate = useNavigate();
  const events = useQuery({
    queryKey: adminContentKeys.events('admin'),
    queryFn: ({ signal }) => fetchAdminEvents(signal),
  });
  const [busyId, setBusyId] = useState<string | null>(null);
  const cancel = useMutation({
    mutationFn: ({ event, cancelled }: { event: AdminEvent; cancelled: boolean }) => {
      setBusyId(event.id);
      return setEventCancelled(event.id, cancelled);
    },
    onSettled: () => setBusyId(null),
    onSuccess: () => void client.invalidateQueries({ queryKey: ['admin-content', 'events'] }),
    onError: (error) => notifyError(error),
  });
  return (
    <AdminFrame
      title="Events"
      extra={
        <Button
          type="primary"
          icon={<PlusOutlined />}
          onClick={() => void navigate('/admin/placemaker/events/new')}
        >
          New event
        </Button>
      }
    >
      <Typography.Paragraph>
        An event is a consultation with a start and an end: upcoming before it starts, live while it runs,
        then expired. Choose the document residents answer and the features it runs, each with its config.
      </Typography.Paragraph>
      <StateTabs
        list={events.data}
        loading={events.isLoading}
        error={events.error}
        onRetry={() => void events.refetch()}
        admin
        onCancel={(event, cancelled) => cancel.mutate({ event, cancelled })}
        busyId={busyId}
      />
    </AdminFrame>
  );
}

/** /events: staff read the council's events by state, with links to their documents and analysis. */
export function EventsPage() {
  const events = useQuery({
    queryKey: adminContentKeys.events('staff'),
    queryFn: ({ signal }) => fetchStaffEvents(signal),
  });
  const { permitted: isAdmin } = useAccess(featureAccess.admin);
  return (
    <main style={{ padding: 24, maxWidth: 1280, margin: '0 auto' }}>
      <div className="admin-frame__heading">
        <Typography.Title level={1}>Events</Typography.Title>
        {isAdmin && <Link to="/admin/placemaker/events">Manage events</Link>}
      </div>
      <Typography.Paragraph>The council&apos;s consultation events, by state.</Typography.Paragraph>
      <StateTabs
        list={events.data}
        loading={events.isLoading}
        error={events.error}
        onRetry={() => void events.refetch()}
      />
    </main>
  );
}
