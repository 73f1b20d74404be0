import { randomBytes, randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import { buffer, text } from 'node:stream/consumers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startS3, type TestS3 } from '../../../test/s3';
import { createStorage } from './storage.factory';
import { S3_PART_BYTES } from './storage.s3';
import type { Storage } from './storage';

let s3: TestS3;
let storage: Storage;
const tenant = randomUUID();
const otherTenant = randomUUID();

beforeAll(async () => {
  s3 = await startS3();
  storage = createStorage({ storageDir: '/nonexistent', s3: s3.config });
});
afterAll(() => s3?.stop());

describe('S3 storage (against s3rver)', () => {
  it('is chosen when S3 settings are given', () => {
    expect(storage.kind).toBe('s3');
  });

  it('writes a stream, reads it back with its type, moves it between buckets and deletes it', async () => {
    const put = await storage.put(
      tenant,
      'unscanned',
      'site-1/plan.pdf',
      Readable.from(['%PDF-1.7 ', 'body']),
      {
        contentType: 'application/pdf',
      },
    );
    expect(put).toEqual({ size: 13, contentType: 'application/pdf' });
    expect(await text(await storage.get(tenant, 'unscanned', 'site-1/plan.pdf'))).toBe('%PDF-1.7 body');
    await storage.move(tenant, 'unscanned', 'site-1/plan.pdf', 'siteFiles');
    expect(await storage.stat(tenant, 'unscanned', 'site-1/plan.pdf')).toBeNull();
    expect(await storage.stat(tenant, 'siteFiles', 'site-1/plan.pdf')).toEqual({
      size: 13,
      contentType: 'application/pdf',
    });
    // Another council's bucket of the same name holds nothing of it.
    expect(await storage.stat(otherTenant, 'siteFiles', 'site-1/plan.pdf')).toBeNull();
    await storage.delete(tenant, 'siteFiles', 'site-1/plan.pdf');
    await expect(storage.get(tenant, 'siteFiles', 'site-1/plan.pdf')).rejects.toMatchObject({
      statusCode: 404,
    });
    await expect(storage.move(tenant, 'siteFiles', 'site-1/plan.pdf', 'quarantined')).rejects.toMatchObject({
      statusCode: 404,
    });
    // Deleting what is not there is no error.
    await storage.delete(tenant, 'siteFiles', 'site-1/plan.pdf');
  });

  it('streams a body larger than a part as a multipart upload, byte for byte', async () => {
    const body = randomBytes(S3_PART_BYTES * 2 + 12_345);
    const pieces = Array.from({ length: Math.ceil(body.length / 65_536) }, (_, i) =>
      body.subarray(i * 65_536, (i + 1) * 65_536),
    );
    const put = await storage.put(tenant, 'exports', 'big.bin', Readable.from(pieces));
    expect(put.size).toBe(body.length);
    expect((await buffer(await storage.get(tenant, 'exports', 'big.bin'))).equals(body)).toBe(true);
    // Exactly two parts' worth, and a buffer: the edges of the part arithmetic.
    const exact = randomBytes(S3_PART_BYTES);
    expect((await storage.put(tenant, 'exports', 'exact.bin', Readable.from([exact]))).size).toBe(
      exact.length,
    );
    expect((await buffer(await storage.get(tenant, 'exports', 'exact.bin'))).equals(exact)).toBe(true);
    expect((await storage.put(tenant, 'exports', 'empty.bin', Buffer.alloc(0))).size).toBe(0);
    expect(await storage.stat(tenant, 'exports', 'empty.bin')).toMatchObject({ size: 0 });
  });

  it('leaves nothing behind when the incoming stream fails half way', async () => {
    const failing = new Readable({
      read() {
        this.push(randomBytes(S3_PART_BYTES + 10));
        this.destroy(new Error('client went away'));
      },
    });
    await expect(storage.put(tenant, 'exports', 'broken.csv', failing)).rejects.toThrow('client went away');
    expect(await storage.stat(tenant, 'exports', 'broken.csv')).toBeNull();
  });

  it('refuses any address that could leave the council’s prefix', async () => {
    for (const [tenantId, bucket, key] of [
      [tenant, 'siteFiles', '../../etc/passwd'],
      [tenant, 'siteFiles', '/etc/passwd'],
      [tenant, 'nope', 'file.png'],
      ['..', 'siteFiles', 'file.png'],
    ] as const) {
      await expect(storage.put(tenantId, bucket as 'siteFiles', key, Buffer.from('x'))).rejects.toThrow(
        /storage: bad|unknown/,
      );
    }
  });
});
