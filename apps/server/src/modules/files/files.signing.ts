import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { FILE_LIMITS } from '@planning/shared';

/**
 * Signed download links (issue 12 point 1): `v1.{fileId}.{expires}.{mac}`, the MAC an HMAC-SHA256
 * over the council, the file and the expiry. A link is worth nothing to another council (its
 * requests carry another tenant, so the MAC differs), after five minutes, or for another file; and
 * the download still checks the caller's grants, so a leaked link alone opens nothing.
 */
export type FileSigner = {
  sign(tenantId: string, fileId: string, now?: number): { token: string; expiresAt: Date };
  verify(token: string, tenantId: string, now?: number): { fileId: string } | 'expired' | 'invalid';
};

const TOKEN = /^v1\.([0-9a-f-]{36})\.(\d{1,12})\.([A-Za-z0-9_-]{43})$/;

export function createFileSigner(key: Buffer): FileSigner {
  const mac = (tenantId: string, fileId: string, expires: number) =>
    createHmac('sha256', key).update(`file-download|v1|${tenantId}|${fileId}|${expires}`).digest();
  return {
    sign(tenantId, fileId, now = Date.now()) {
      const expires = Math.floor(now / 1000) + FILE_LIMITS.signedUrlSeconds;
      const token = `v1.${fileId}.${expires}.${mac(tenantId, fileId, expires).toString('base64url')}`;
      return { token, expiresAt: new Date(expires * 1000) };
    },
    verify(token, tenantId, now = Date.now()) {
      const match = TOKEN.exec(token);
      if (!match) return 'invalid';
      const [, fileId, expiresText, sent] = match as unknown as [string, string, string, string];
      const expires = Number(expiresText);
      const given = Buffer.from(sent, 'base64url');
      const expected = mac(tenantId, fileId, expires);
      // The MAC first: an expiry someone edited must read as tampering, not as 'expired'.
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) return 'invalid';
      if (expires * 1000 <= now) return 'expired';
      return { fileId };
    },
  };
}

const KEY_FILE = 'file-signing.key';

/**
 * The signing key: FILE_SIGNING_SECRET when set (every process of a deployment must share one),
 * else a random key made once and kept in the data folder, so links survive a restart.
 */
export async function loadSigningKey(secret: string | undefined, dataDir: string): Promise<Buffer> {
  if (secret) return createHmac('sha256', 'planning-file-signing').update(secret).digest();
  const file = path.join(dataDir, KEY_FILE);
  const existing = await readFile(file, 'utf8').catch(() => null);
  if (existing && /^[0-9a-f]{64}$/.test(existing.trim())) return Buffer.from(existing.trim(), 'hex');
  await mkdir(dataDir, { recursive: true });
  try {
    // 'wx': two processes starting together keep the first one's key, never two different keys.
    await writeFile(file, randomBytes(32).toString('hex'), { flag: 'wx', mode: 0o600 });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
  return Buffer.from((await readFile(file, 'utf8')).trim(), 'hex');
}
