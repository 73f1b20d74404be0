import { Empty, Segmented, Spin, Typography } from 'antd';
import { useNavigate } from 'react-router';
import { notificationMessages } from '@planning/shared';
import { NotificationCard } from './NotificationCard';
import { useNotificationActions, useNotifications, useNotificationsAvailable } from './useNotifications';

/** /notifications and /notifications/archived (spec 01 §2): the whole list, current or archived. */
export function NotificationsPage({ archived }: { archived: boolean }) {
  const available = useNotificationsAvailable();
  const query = useNotifications(archived, available);
  const actions = useNotificationActions();
  const navigate = useNavigate();
  const title = archived ? 'Archived notifications' : 'Notifications';

  return (
    <main className="notifications-page">
      <Typography.Title level={1} className="notifications-page__title">
        {title}
      </Typography.Title>
      <Segmented
        value={archived ? 'archived' : 'current'}
        options={[
          { value: 'current', label: 'Current' },
          { value: 'archived', label: 'Archived' },
        ]}
        onChange={(value) =>
          void navigate(value === 'archived' ? '/notifications/archived' : '/notifications')
        }
      />
      {!available ? (
        <p>Notifications are not enabled for this council.</p>
      ) : query.isPending ? (
        <Spin />
      ) : query.isError ? (
        <p role="alert">{archived ? notificationMessages.archivedFailed : notificationMessages.loadFailed}</p>
      ) : query.data.notifications.length === 0 ? (
        <Empty description={archived ? notificationMessages.emptyArchived : notificationMessages.empty} />
      ) : (
        <div className="notifications-page__list">
          {query.data.notifications.map((notification) => (
            <NotificationCard
              key={notification.id}
              notification={notification}
              actions={actions}
              fetchedAt={query.dataUpdatedAt}
            />
          ))}
        </div>
      )}
    </main>
  );
}

export function CurrentNotificationsPage() {
  return <NotificationsPage archived={false} />;
}

export function ArchivedNotificationsPage() {
  return <NotificationsPage archived />;
}
