import type { Notification } from '@planning/shared';

/**
 * A finished export's file is kept for a while (the server's EXPORT_RETENTION_HOURS): its
 * notification says until when (`expiresAt`), and says `expired` once the file has been deleted.
 * Past that time the link would only answer 410, so the bell shows 'Expired' instead.
 */
export function isDownloadExpired(details: Notification['details'], now: number): boolean {
  if (details.expired === true) return true;
  return typeof details.expiresAt === 'string' && Date.parse(details.expiresAt) <= now;
}
