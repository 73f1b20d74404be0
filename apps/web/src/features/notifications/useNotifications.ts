import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { featureAccess, NOTIFICATION_POLL_MS, notificationMessages } from '@planning/shared';
import { notifyError } from '../../platform/notices/notifyError';
import { useTenant } from '../../platform/tenant/TenantContext';
import { useAccess } from '../../platform/session/hooks';
import {
  cancelJob,
  deleteNotification,
  fetchNotifications,
  markAllViewed,
  notificationQueryKeys,
  setNotificationArchived,
} from '../../shared/notifications/api';

/** Whether this user sees the bell: staff, in a council with the notifications flag on. */
export function useNotificationsAvailable(): boolean {
  const { flags } = useTenant();
  const { permitted } = useAccess(featureAccess.siteAssessmentMenu);
  return flags.notifications === true && permitted;
}

/** The user's notifications, asked again every 10,000 ms while the app is open (spec 01 §9). */
export function useNotifications(archived = false, enabled = true) {
  return useQuery({
    queryKey: notificationQueryKeys.list(archived),
    queryFn: ({ signal }) => fetchNotifications(archived, signal),
    enabled,
    refetchInterval: archived ? false : NOTIFICATION_POLL_MS,
  });
}

/** The actions on one notification; each refreshes the lists when done. */
export function useNotificationActions() {
  const queryClient = useQueryClient();
  const refresh = () => queryClient.invalidateQueries({ queryKey: notificationQueryKeys.all });
  const viewed = useMutation({
    mutationFn: markAllViewed,
    onSuccess: refresh,
    onError: (error) => notifyError(error, notificationMessages.viewedFailed),
  });
  const archive = useMutation({
    mutationFn: ({ id, archived }: { id: string; archived: boolean }) =>
      setNotificationArchived(id, archived),
    onSuccess: refresh,
    onError: (error) => notifyError(error, notificationMessages.updateFailed),
  });
  const remove = useMutation({
    mutationFn: deleteNotification,
    onSuccess: refresh,
    onError: (error) => notifyError(error, notificationMessages.deleteFailed),
  });
  const cancel = useMutation({
    mutationFn: cancelJob,
    onSuccess: refresh,
    onError: (error) => notifyError(error, notificationMessages.cancelFailed),
  });
  return { viewed, archive, remove, cancel };
}
