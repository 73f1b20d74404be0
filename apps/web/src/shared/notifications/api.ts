import { notificationListSchema, notificationsViewedAnswerSchema } from '@planning/shared';
import { api, noContent } from '../../api/client';

export const notificationQueryKeys = {
  all: ['notifications'] as const,
  list: (archived: boolean) => ['notifications', archived ? 'archived' : 'current'] as const,
};

export function fetchNotifications(archived: boolean, signal?: AbortSignal) {
  return api.get(archived ? '/notifications/archived' : '/notifications', notificationListSchema, { signal });
}

/** Spec 01 §4: closing the panel marks them all viewed. */
export function markAllViewed() {
  return api.put('/notifications/viewed', notificationsViewedAnswerSchema, {});
}

export function setNotificationArchived(id: string, archived: boolean) {
  return api.put(`/notifications/${id}/archived`, noContent, { archived });
}

export function deleteNotification(id: string) {
  return api.delete(`/notifications/${id}`, noContent);
}

export function cancelJob(jobId: string) {
  return api.post(`/jobs/${jobId}/cancel`, noContent);
}
