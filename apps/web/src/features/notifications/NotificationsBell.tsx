import { useState } from 'react';
import { Badge, Button, Empty, Popover, Spin } from 'antd';
import { BellOutlined } from '@ant-design/icons';
import { Link } from 'react-router';
import { notificationMessages } from '@planning/shared';
import { NotificationCard } from './NotificationCard';
import { useNotificationActions, useNotifications, useNotificationsAvailable } from './useNotifications';

/** Spec 01 §4, spec 02 §2: the header's bell, with the unviewed count; closing it marks all viewed. */
export function NotificationsBell() {
  const available = useNotificationsAvailable();
  const query = useNotifications(false, available);
  const actions = useNotificationActions();
  const [open, setOpen] = useState(false);
  if (!available) return null;

  const unviewed = query.data?.unviewed ?? 0;
  const notifications = query.data?.notifications ?? [];
  const onOpenChange = (next: boolean) => {
    setOpen(next);
    if (!next && unviewed > 0) actions.viewed.mutate();
  };

  const panel = (
    <div className="notifications-panel" role="region" aria-label="Notifications">
      {query.isPending ? (
        <Spin />
      ) : query.isError ? (
        <p role="alert">{notificationMessages.loadFailed}</p>
      ) : notifications.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={notificationMessages.empty} />
      ) : (
        <div className="notifications-panel__list">
          {notifications.map((notification) => (
            <NotificationCard
              key={notification.id}
              notification={notification}
              actions={actions}
              fetchedAt={query.dataUpdatedAt}
            />
          ))}
        </div>
      )}
      <div className="notifications-panel__links">
        <Link to="/notifications" onClick={() => onOpenChange(false)}>
          All notifications
        </Link>
        <Link to="/notifications/archived" onClick={() => onOpenChange(false)}>
          Archived
        </Link>
      </div>
    </div>
  );

  return (
    <Popover
      trigger="click"
      placement="bottomRight"
      open={open}
      onOpenChange={onOpenChange}
      content={panel}
      title="Notifications"
      arrow={false}
    >
      <Button
        type="text"
        className="app-header__bell"
        aria-label={unviewed > 0 ? `Notifications, ${unviewed} unviewed` : 'Notifications'}
        aria-expanded={open}
        icon={
          <Badge count={unviewed} size="small" overflowCount={99}>
            <BellOutlined aria-hidden className="app-header__bell-icon" />
          </Badge>
        }
      />
    </Popover>
  );
}
