import { serverMessages } from '@planning/shared';
import { isAuthError } from '../../api/client';

/** Spec 01 §8: notices appear bottom-right. */
export const NOTICE_PLACEMENT = 'bottomRight' as const;

export const noticeTitles = {
  auth: 'Something went wrong',
  other: 'Request failed',
} as const;

/** Spec 01 §8: auth errors are titled 'Something went wrong', every other error 'Request failed'. */
export function errorNoticeTitle(error: unknown): string {
  return isAuthError(error) ? noticeTitles.auth : noticeTitles.other;
}

export function errorNoticeDescription(error: unknown): string {
  return error instanceof Error && error.message ? error.message : serverMessages.internalError;
}
