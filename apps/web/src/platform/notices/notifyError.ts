import type { App } from 'antd';
import { notification } from 'antd';
import {
  errorNoticeDescription,
  errorNoticeTitle,
  NOTICE_PLACEMENT,
  requestFailureMessage,
} from './errorNotice';

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

/**
 * The one way to tell the user a request failed: 'Something went wrong' or 'Request failed'.
 * With `fallback` (a spec 01 §8 wrapper default such as 'Failed to fetch geometries') the notice
 * says that unless the server refused the request with a message of its own.
 */
export function notifyError(error: unknown, fallback?: string): void {
  (boundApi ?? notification).error({
    title: errorNoticeTitle(error),
    description: fallback ? requestFailureMessage(error, fallback) : errorNoticeDescription(error),
    placement: NOTICE_PLACEMENT,
  });
}
