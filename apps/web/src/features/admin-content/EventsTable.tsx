import { Link } from 'react-router';
import { Button, Popconfirm, Space, Table, Tag, Typography } from 'antd';
import { adminContentMessages, eventStateLabels, type AdminEvent, type EventState } from '@planning/shared';
import { when } from './format';

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
      locale={{ emptyText: adminContentMessages.eventsEmpty(eventStateLabels[state].toLowerCase()) }}
      columns={[
        {
          title: 'Event',
          key: 'name',
          render: (_, event) => (
            <Space direction="vertical" size={0}>
              {admin ? (
                <Link to={`/admin/placemaker/events/${event.id}`}>{event.name}</Link>
              ) : (
                <Typography.Text strong>{event.name}</Typography.Text>
              )}
              {event.description && (
                <Typography.Text type="secondary" ellipsis style={{ maxWidth: 360 }}>
                  {event.description}
                </Typography.Text>
              )}
            </Space>
          ),
        },
        {
          title: 'When',
          key: 'when',
          render: (_, event) => (
            <span className="events-list__when">
              {when(event.startsAt)} – {when(event.endsAt)}
            </span>
          ),
        },
        {
          title: 'Document',
          key: 'document',
          render: (_, event) =>
            event.documentId ? (
              <Space direction="vertical" size={0}>
                <Link to={`/documents/${event.documentId}`}>{event.documentTitle ?? 'Document'}</Link>
                {event.documentPublished ? (
                  <Link to={`/p/document/${event.documentId}`}>Public page</Link>
                ) : (
                  <Typography.Text type="secondary">Not published</Typography.Text>
                )}
              </Space>
            ) : (
              <Typography.Text type="secondary">None</Typography.Text>
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
                  <Tag key={feature.feature} title={`Config: ${feature.configLabel}`}>
                    {feature.featureLabel}: {feature.configLabel}
                  </Tag>
                ))}
              </Space>
            ),
        },
        {
          title: 'Representations',
          key: 'representations',
          render: (_, event) => (
            <Space direction="vertical" size={0}>
              <span>{event.representationCount}</span>
              <Link to={`/document/response-analysis?eventId=${event.id}`}>Analysis</Link>
            </Space>
          ),
        },
        ...(admin && onCancel
          ? [
              {
                title: 'Actions',
                key: 'actions',
                render: (_: unknown, event: AdminEvent) => (
                  <Space>
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
