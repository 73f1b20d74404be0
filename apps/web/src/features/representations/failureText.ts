import { ApiError, HTTP_FALLBACK_MESSAGE } from '../../api/client';

/**
 * What a failed save says: the server's own words for a request it refused (a field's rule, 'This
 * contact is the representee of a representation…'), else the screen's message.
 */
export function failureText(error: unknown, fallback: string): string {
  if (!(error instanceof ApiError) || error.status < 400 || error.status >= 500) return fallback;
  const text = error.issues[0]?.message ?? error.message;
  return text && text !== HTTP_FALLBACK_MESSAGE ? text : fallback;
}
