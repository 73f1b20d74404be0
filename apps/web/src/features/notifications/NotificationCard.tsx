import { Button, Progress, Space, Spin, Tooltip, Typography } from 'antd';
import {
  CheckCircleFilled,
  CloseCircleFilled,
  DownloadOutlined,
  ExclamationCircleFilled,
  InfoCircleFilled,
} from '@ant-design/icons';
import {
  isInProgress,
  notificationMessages,
  notificationStatusLabels,
  type Notification,
} from '@planning/shared';
import { downloadFile } from '../../api/client';
import { notifyError } from '../../platform/notices/notifyError';
import type { useNotificationActions } from './useNotifications';
import { isDownloadExpired } from './downloadExpiry';

const when = new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeStyle: 'short' });

function StatusIcon({ notification }: { notification: Notification }) {
  const label = notificationStatusLabels[notification.status];
  if (isInProgress(notification.status))
    return (
      <span role="img" aria-label={label}>
        <Spin size="small" />
      </span>
    );
  const icon =
    notification.status === 'success' || notification.status === 'initialized' ? (
      <CheckCircleFilled className="notification-card__icon notification-card__icon--success" />
    ) : notification.status === 'error' ? (
      <CloseCircleFilled className="notification-card__icon notification-card__icon--error" />
    ) : notification.status === 'important info' ? (
      <ExclamationCircleFilled className="notification-card__icon notification-card__icon--important" />
    ) : (
      <InfoCircleFilled className="notification-card__icon notification-card__icon--info" />
    );
  return (
    <span role="img" aria-label={label}>
      {icon}
    </span>
  );
}

/**
 * One notification (spec 01 §3, §4): its status (a spinner while the work goes on), label, message,
 * done / total, a finished job's download, and what its owner may do with it.
 */
export function NotificationCard({
  notification,
  actions,
  fetchedAt,
}: {
  notification: Notification;
  actions: ReturnType<typeof useNotificationActions>;
  /** When the list was read (the bell polls it): a download past its expiry then shows 'Expired'. */
  fetchedAt: number;
}) {
  const running = isInProgress(notification.status);
  const { completed, completed_out_of: total } = notification;
  const download = notification.details.download;
  const expired = isDownloadExpired(notification.details, fetchedAt);
  const save = async () => {
    if (!download) return;
    try {
      await downloadFile(download.url, download.name);
    } catch (error) {
      notifyError(error, 'Download Error: file could not be downloaded');
    }
  };

  return (
    <article
      className={`notification-card${notification.viewed ? '' : ' notification-card--new'}`}
      aria-label={notification.label}
    >
      <div className="notification-card__head">
        <StatusIcon notification={notification} />
        <Typography.Text strong className="notification-card__label">
          {notification.label}
        </Typography.Text>
        <Typography.Text type="secondary" className="notification-card__status">
          {notificationStatusLabels[notification.status]}
        </Typography.Text>
      </div>
      {notification.message && <p className="notification-card__message">{notification.message}</p>}
      {total > 0 && (running || completed < total) && (
        <div className="notification-card__progress">
          <Progress
            percent={Math.floor((completed / total) * 100)}
            size="small"
            status={running ? 'active' : 'normal'}
            aria-label={`${notification.label}: ${completed} of ${total}`}
          />
          <Typography.Text type="secondary">
            {completed.toLocaleString('en-GB')} / {total.toLocaleString('en-GB')}
          </Typography.Text>
        </div>
      )}
      <div className="notification-card__foot">
        <Typography.Text type="secondary" className="notification-card__time">
          <time dateTime={notification.created_at}>{when.format(new Date(notification.created_at))}</time>
        </Typography.Text>
        <Space size={4} wrap>
          {expired ? (
            <Typography.Text type="secondary">Expired</Typography.Text>
          ) : (
            download && (
              <Button
                size="small"
                type="primary"
                icon={<DownloadOutlined aria-hidden />}
                onClick={() => void save()}
              >
                Download {download.name}
              </Button>
            )
          )}
          {notification.cancellable && notification.jobId && (
            <Button
              size="small"
              loading={actions.cancel.isPending && actions.cancel.variables === notification.jobId}
              onClick={() => notification.jobId && actions.cancel.mutate(notification.jobId)}
            >
              Cancel
            </Button>
          )}
          <Button
            size="small"
            type="text"
            onClick={() => actions.archive.mutate({ id: notification.id, archived: !notification.archived })}
          >
            {notification.archived ? 'Unarchive' : 'Archive'}
          </Button>
          <Tooltip title={running ? notificationMessages.stillRunning : undefined}>
            <Button
              size="small"
              type="text"
              danger
              disabled={running}
              onClick={() => actions.remove.mutate(notification.id)}
            >
              Delete
            </Button>
          </Tooltip>
        </Space>
      </div>
    </article>
  );
}
