import { Link } from 'react-router';
import { Button, Popconfirm, Space, Table, Tag, Typography } from 'antd';
import { adminContentMessages, eventStateLabels, type AdminEvent, type EventState } from '@planning/shared';
import { endOf, when } from '../../shared/event-times/format';

type EventsTableProps = {
  events: AdminEvent[];
  state: EventState;
  loading?: boolean;
  /** Admin: names link to the edit form, and events can be cancelled or reinstated. */
  onCancel?: (event: AdminEvent, cancelled: boolean) => void;
  busyId?: string | null;
  admin?: boolean;
};

/** One state's events: name, times, document, features and representations. */
export function EventsTable({ events, state, loading, onCancel, busyId, admin = false }: EventsTableProps) {
  return (
    <Table<AdminEvent>
      rowKey="id"
      loading={loading}
      dataSource={events}
      pagination={events.length > 20 ? { pageSize: 20 } : false}
      scroll={{ x: 'max-content' }}
      locale={{ emptyText: adminContentMessages.eventsEmpty(eventStateLabels[state].toLowerCase()) }}
      columns={[
        {
          title: 'Event',
          key: 'name',
          width: 200,
          render: (_, event) => (
            <Space direction="vertical" size={0}>
              {admin ? (
                <Link to={`/admin/placemaker/events/${event.id}`}>{event.name}</Link>
              ) : (
                <Typography.Text strong>{event.name}</Typography.Text>
              )}
              <Typography.Text type="secondary">
                {event.representationCount} representation{event.representationCount === 1 ? '' : 's'}
              </Typography.Text>
            </Space>
          ),
        },
        {
          title: 'When',
          key: 'when',
          render: (_, event) => (
            <Space direction="vertical" size={0} className="events-list__when">
              <span>From {when(event.startsAt)}</span>
              <span>to {endOf(event.endsAt)}</span>
            </Space>
          ),
        },
        {
          title: 'Document',
          key: 'document',
          width: 200,
          render: (_, event) =>
            event.documentId ? (
              <Space direction="vertical" size={0}>
                <Link to={`/documents/${event.documentId}`}>{event.documentTitle ?? 'Document'}</Link>
                {event.documentPublished ? (
                  <Link to={`/p/document/${event.documentId}`}>Public page</Link>
                ) : (
                  <Typography.Text type="secondary">Not published</Typography.Text>
                )}
                <Link to={`/document/response-analysis?eventId=${event.id}`}>Analysis</Link>
              </Space>
            ) : (
              <Space direction="vertical" size={0}>
                <Typography.Text type="secondary">None</Typography.Text>
                <Link to={`/document/response-analysis?eventId=${event.id}`}>Analysis</Link>
              </Space>
            ),
        },
        {
          title: 'Features',
          key: 'features',
          render: (_, event) =>
            event.features.length === 0 ? (
              <Typography.Text type="secondary">None</Typography.Text>
            ) : (
              <Space size={[4, 4]} wrap>
                {event.features.map((feature) => (
                  <Tag
                    key={feature.feature}
                    title={`Config: ${feature.configLabel}`}
                    style={{ whiteSpace: 'normal', marginInlineEnd: 0 }}
                  >
                    {feature.featureLabel}: {feature.configLabel}
                  </Tag>
                ))}
              </Space>
            ),
        },
        ...(admin && onCancel
          ? [
              {
                title: 'Actions',
                key: 'actions',
                render: (_: unknown, event: AdminEvent) => (
                  <Space direction="vertical" size={4}>
                    <Link to={`/admin/placemaker/events/${event.id}`} aria-label={`Edit ${event.name}`}>
                      Edit
                    </Link>
                    {event.cancelled ? (
                      <Button
                        size="small"
                        loading={busyId === event.id}
                        onClick={() => onCancel(event, false)}
                      >
                        Reinstate
                      </Button>
                    ) : (
                      <Popconfirm
                        title="Cancel this event?"
                        description="Residents will no longer see it. You can reinstate it later."
                        okText="Cancel event"
                        cancelText="Keep"
                        okButtonProps={{ danger: true }}
                        onConfirm={() => onCancel(event, true)}
                      >
                        <Button
                          size="small"
                          danger
                          loading={busyId === event.id}
                          aria-label={`Cancel ${event.name}`}
                        >
                          Cancel
                        </Button>
                      </Popconfirm>
                    )}
                  </Space>
                ),
              },
            ]
          : []),
      ]}
    />
  );
}
