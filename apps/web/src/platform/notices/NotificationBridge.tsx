import { useEffect } from 'react';
import { App } from 'antd';
import { bindNotifications } from './notifyError';

/** Lets notifyError(), callable from anywhere, use the themed notification API of antd's <App>. */
export function NotificationBridge() {
  const { notification } = App.useApp();
  useEffect(() => bindNotifications(notification), [notification]);
  return null;
}
