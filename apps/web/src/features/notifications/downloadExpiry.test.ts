import { describe, expect, it } from 'vitest';
import { isDownloadExpired } from './downloadExpiry';

const download = { url: '/api/v1/site/export/job-1/download', name: 'sites.csv' };
const now = Date.parse('2026-11-25T12:00:00Z');

describe('isDownloadExpired', () => {
  it.each([
    ['no expiry (a job that kept no file)', { download }, false],
    ['before its expiry', { download, expiresAt: '2026-11-25T12:00:01Z' }, false],
    ['at its expiry', { download, expiresAt: '2026-11-25T12:00:00Z' }, true],
    ['swept: the link is gone', { expired: true, expiresAt: '2026-11-25T11:00:00Z' }, true],
    ['an expiry that is not a time', { download, expiresAt: 42 }, false],
  ])('%s', (_, details, expected) => {
    expect(isDownloadExpired(details, now)).toBe(expected);
  });
});
