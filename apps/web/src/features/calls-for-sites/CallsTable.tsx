import { Link } from 'react-router';
import { Button, Popconfirm, Space, Table, Typography } from 'antd';
import { callStateLabels, cfsMessages, type AdminCall, type CallState } from '@planning/shared';
import { listLines } from './callTimes';

type CallsTableProps = {
  calls: AdminCall[];
  state: CallState;
  loading?: boolean;
  onCancel: (call: AdminCall, cancelled: boolean) => void;
  busyId?: string | null;
};

function Moment({ iso, edge }: { iso: string; edge: 'opens' | 'closes' }) {
  const [day, clock] = listLines(iso, edge);
  return (
    <Space direction="vertical" size={0} className="calls-admin__when">
      <span>{day}</span>
      <span>{clock}</span>
    </Space>
  );
}

/** One state's calls for sites: name, times, questionnaire, layers, and what can be done with each. */
export function CallsTable({ calls, state, loading, onCancel, busyId }: CallsTableProps) {
  return (
    <Table<AdminCall>
      rowKey="id"
      loading={loading}
      dataSource={calls}
      size="middle"
      pagination={calls.length > 20 ? { pageSize: 20 } : false}
      scroll={{ x: 'max-content' }}
      locale={{ emptyText: cfsMessages.callsEmpty(callStateLabels[state].toLowerCase()) }}
      columns={[
        {
          title: 'Call for sites',
          key: 'name',
          width: 180,
          render: (_, call) => (
            <Space direction="vertical" size={0}>
              <Link to={`/admin/cfs/calls/${call.id}`}>{call.name}</Link>
              {call.cancelled ? (
                <Typography.Text type="secondary">Not shown to the public</Typography.Text>
              ) : (
                <Link to={`/calls-for-sites/${call.id}`} aria-label={`View public page of ${call.name}`}>
                  View public page
                </Link>
              )}
            </Space>
          ),
        },
        {
          title: 'Opens',
          key: 'opens',
          render: (_, call) => <Moment iso={call.startsAt} edge="opens" />,
        },
        {
          title: 'Closes',
          key: 'closes',
          render: (_, call) => <Moment iso={call.endsAt} edge="closes" />,
        },
        {
          title: 'Questionnaire',
          key: 'questionnaire',
          width: 150,
          render: (_, call) => (
            <Link to={`/admin/cfs/questions/${call.questionnaire.configId}`}>{call.questionnaire.label}</Link>
          ),
        },
        {
          title: 'Layers',
          key: 'layers',
          render: (_, call) => (
            <span title={call.layers.map((layer) => layer.title).join(', ') || undefined}>
              {call.layers.length === 0 ? 'None' : call.layers.length}
            </span>
          ),
        },
        {
          title: 'Actions',
          key: 'actions',
          render: (_, call) => (
            <Space direction="vertical" size={4}>
              <Link to={`/admin/cfs/calls/${call.id}`} aria-label={`Edit ${call.name}`}>
                Edit
              </Link>
              {call.cancelled ? (
                <Button
                  size="small"
                  loading={busyId === call.id}
                  aria-label={`Reinstate ${call.name}`}
                  onClick={() => onCancel(call, false)}
                >
                  Reinstate
                </Button>
              ) : (
                <Popconfirm
                  title="Cancel this call for sites?"
                  description="Landowners and agents will no longer see it. You can reinstate it later."
                  okText="Cancel call"
                  cancelText="Keep"
                  okButtonProps={{ danger: true }}
                  onConfirm={() => onCancel(call, true)}
                >
                  <Button size="small" danger loading={busyId === call.id} aria-label={`Cancel ${call.name}`}>
                    Cancel
                  </Button>
                </Popconfirm>
              )}
            </Space>
          ),
        },
      ]}
    />
  );
}
