import { serverMessages } from '@planning/shared';
import { ApiError, HTTP_FALLBACK_MESSAGE, isAuthError } from '../../api/client';

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

/**
 * Spec 01 §8 wrapper defaults: a request the server refused (4xx) with a message of its own shows
 * that message ('Field "x" cannot be searched'); anything else shows the screen's default
 * ('Failed to search sites'), since a crash or a lost connection says nothing useful to the user.
 */
export function requestFailureMessage(error: unknown, fallback: string): string {
  return error instanceof ApiError &&
    error.status >= 400 &&
    error.status < 500 &&
    error.message !== '' &&
    error.message !== HTTP_FALLBACK_MESSAGE
    ? error.message
    : fallback;
}
