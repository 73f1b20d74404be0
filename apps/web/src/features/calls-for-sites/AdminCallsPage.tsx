import { useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { Alert, Button, Tabs, Typography } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { callStateLabels, callStates, type AdminCall, type CallState } from '@planning/shared';
import { AdminFrame } from '../../shared/admin-frame/AdminFrame';
import { CallsTable } from './CallsTable';
import { useAdminCalls, useSetCallCancelled } from './api';
import { callsInState } from './callLists';
import './callsForSites.css';

const isState = (value: string | null): value is CallState =>
  (callStates as readonly string[]).includes(value ?? '');

/** The state tab in the address (?state=), Upcoming by default as on the events screen. */
function useStateTab(): [CallState, (state: CallState) => void] {
  const [params, setParams] = useSearchParams();
  const raw = params.get('state');
  const state = isState(raw) ? raw : 'upcoming';
  return [state, (next) => setParams(next === 'upcoming' ? {} : { state: next }, { replace: true })];
}

/** /admin/cfs/calls: the council's calls for sites by state, to open, change, cancel and reinstate. */
export function AdminCallsPage() {
  const navigate = useNavigate();
  const calls = useAdminCalls();
  const [state, setState] = useStateTab();
  const [busyId, setBusyId] = useState<string | null>(null);
  const cancel = useSetCallCancelled();
  const handleCancel = (call: AdminCall, cancelled: boolean) => {
    setBusyId(call.id);
    // A failure shows as the app's error notice (the mutation has no handler of its own).
    cancel.mutate({ id: call.id, cancelled }, { onSettled: () => setBusyId(null) });
  };
  return (
    <AdminFrame
      title="Calls for sites"
      extra={
        <Button type="primary" icon={<PlusOutlined />} onClick={() => void navigate('/admin/cfs/calls/new')}>
          New call for sites
        </Button>
      }
    >
      <Typography.Paragraph>
        A call for sites invites landowners, developers and agents to put land forward. While it is open,
        anyone can read it on the council&apos;s public pages and answer its questionnaire, with the guidance
        and map layers you choose.
      </Typography.Paragraph>
      {calls.error ? (
        <Alert
          type="error"
          showIcon
          message="Failed to load the calls for sites"
          description={calls.error instanceof Error ? calls.error.message : undefined}
          action={<Button onClick={() => void calls.refetch()}>Try again</Button>}
        />
      ) : (
        <Tabs
          activeKey={state}
          onChange={(key) => setState(key as CallState)}
          items={callStates.map((name) => ({
            key: name,
            label: `${callStateLabels[name]} (${calls.data ? calls.data.counts[name] : '…'})`,
            children: (
              <CallsTable
                state={name}
                loading={calls.isLoading}
                calls={callsInState(calls.data?.calls ?? [], name)}
                onCancel={handleCancel}
                busyId={busyId}
              />
            ),
          }))}
        />
      )}
    </AdminFrame>
  );
}
