import { authMessages } from '@planning/shared';
import { ApiError } from '../../../api/client';
import { notifyError } from '../../../platform/notices/notifyError';

/** Shows an auth failure bottom-right and returns the text for the form (spec 01 §8). */
export function reportAuthError(error: unknown): string {
  notifyError(error);
  return error instanceof ApiError && error.message ? error.message : authMessages.fallback;
}
