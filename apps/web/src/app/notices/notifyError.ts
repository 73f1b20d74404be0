import type { App } from 'antd';
import { notification } from 'antd';
import { errorNoticeDescription, errorNoticeTitle, NOTICE_PLACEMENT } from './errorNotice';

type NotificationApi = ReturnType<typeof App.useApp>['notification'];

// The static API is only the fallback before the React tree mounts; it cannot see the theme.
notification.config({ placement: NOTICE_PLACEMENT });
let boundApi: NotificationApi | null = null;

/** Called by <NotificationBridge/> so notices render inside the themed React tree. */
export function bindNotifications(api: NotificationApi): () => void {
  boundApi = api;
  return () => {
    if (boundApi === api) boundApi = null;
  };
}

/** The one way to tell the user a request failed: 'Something went wrong' or 'Request failed'. */
export function notifyError(error: unknown): void {
  (boundApi ?? notification).error({
    title: errorNoticeTitle(error),
    description: errorNoticeDescription(error),
    placement: NOTICE_PLACEMENT,
  });
}
