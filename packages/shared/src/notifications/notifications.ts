import { z } from 'zod';

/** Spec 01 §4 and spec 02 §4 "Notification statuses", in the spec's words. */
export const NOTIFICATION_STATUSES = [
  'success',
  'error',
  'new',
  'initializing',
  'initialized',
  'processing',
  'fetching',
  'loading',
  'extracting',
  'deleting',
  'updating',
  'info',
  'important info',
] as const;
export type NotificationStatus = (typeof NOTIFICATION_STATUSES)[number];

/** Work still going on: shown with a spinner, and cannot be deleted (spec 02 §4). */
export const IN_PROGRESS_STATUSES: readonly NotificationStatus[] = [
  'processing',
  'loading',
  'fetching',
  'deleting',
  'initializing',
  'extracting',
  'updating',
];

export const isInProgress = (status: NotificationStatus): boolean => IN_PROGRESS_STATUSES.includes(status);

/** The label shown for each status. */
export const notificationStatusLabels: Record<NotificationStatus, string> = {
  success: 'Success',
  error: 'Error',
  new: 'New',
  initializing: 'Initializing',
  initialized: 'Initialized',
  processing: 'Processing',
  fetching: 'Fetching',
  loading: 'Loading',
  extracting: 'Extracting',
  deleting: 'Deleting',
  updating: 'Updating',
  info: 'Info',
  'important info': 'Important info',
};

/** Spec 01 §9: the bell asks every 10,000 ms. */
export const NOTIFICATION_POLL_MS = 10_000;
/** Notifications shown in the panel and on one page of the list. */
export const NOTIFICATIONS_PAGE_SIZE = 100;

/** Spec 01 §8 wrapper defaults, and our own where the spec names none. */
export const notificationMessages = {
  loadFailed: 'Failed to get user notifications',
  deleteFailed: 'Failed to delete notification',
  updateFailed: 'Failed to update user notification',
  viewedFailed: 'Failed to set viewed notifications',
  archivedFailed: 'Failed to get archived notifications',
  notFound: 'Non-existing id',
  notYours: 'Not authorized',
  stillRunning: 'This notification is still in progress and cannot be deleted',
  empty: 'No notifications',
  emptyArchived: 'No archived notifications',
  cancelled: 'Cancelled',
  cancelFailed: 'Failed to cancel the job',
  jobFinished: 'This job has already finished',
  /** An exported file's download once EXPORT_RETENTION_HOURS have passed (HTTP 410). */
  downloadExpired: 'This download has expired. Please export again.',
  noFile: 'No files found for this job',
} as const;

/** A finished job's file, offered as a link in its notification. */
export const notificationDownloadSchema = z.object({ url: z.string(), name: z.string() });

export const notificationSchema = z.object({
  id: z.string(),
  status: z.enum(NOTIFICATION_STATUSES),
  label: z.string(),
  message: z.string().nullable(),
  details: z.object({ download: notificationDownloadSchema.optional() }).passthrough(),
  /** Spec 01 §3: done and total of the work it reports. */
  completed: z.number().int(),
  completed_out_of: z.number().int(),
  jobId: z.string().nullable(),
  /** The job may still be cancelled by its owner. */
  cancellable: z.boolean(),
  viewed: z.boolean(),
  archived: z.boolean(),
  uid: z.string(),
  created_at: z.string(),
});
export type Notification = z.infer<typeof notificationSchema>;

export const notificationListSchema = z.object({
  notifications: z.array(notificationSchema),
  unviewed: z.number().int(),
});
export type NotificationList = z.infer<typeof notificationListSchema>;

/** Set viewed: the given ids, or every one of the user's when none are given. */
export const notificationsViewedBodySchema = z.object({
  ids: z.array(z.string().uuid()).max(1000).optional(),
});
export const notificationsViewedAnswerSchema = z.object({ updated: z.number().int() });
export const notificationArchiveBodySchema = z.object({ archived: z.boolean() });

export const jobStatusSchema = z.object({
  id: z.string(),
  kind: z.string(),
  status: z.enum(['queued', 'running', 'succeeded', 'failed', 'cancelled']),
  attempts: z.number().int(),
  progress: z.object({ done: z.number().int(), total: z.number().int() }),
  result: z.unknown().nullable(),
  error: z.string().nullable(),
});
export type JobStatus = z.infer<typeof jobStatusSchema>;
