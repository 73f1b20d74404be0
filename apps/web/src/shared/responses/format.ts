import { htmlPlainText } from '@planning/shared';
import { ApiError } from '../../api/client';

/** The server's own words when it gave some (the first field issue first), else the fallback. */
export const errorText = (error: unknown, fallback: string) =>
  error instanceof ApiError ? (error.issues[0]?.message ?? error.message) : fallback;

/** A response's first words, for lists. */
export function excerptOf(html: string, max = 140): string {
  const text = htmlPlainText(html).replace(/\s+/g, ' ');
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}

export const formatDateTime = (iso: string) =>
  new Date(iso).toLocaleString('en-GB', { dateStyle: 'medium', timeStyle: 'short' });
