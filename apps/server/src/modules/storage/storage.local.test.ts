import { randomUUID } from 'node:crypto';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { text } from 'node:stream/consumers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HttpError } from '../../lib/errors';
import { createLocalStorage } from './storage.local';
import type { Storage } from './storage';

let root: string;
let storage: Storage;
const tenant = randomUUID();
const otherTenant = randomUUID();

beforeAll(async () => {
  root = await mkdtemp(path.join(os.tmpdir(), 'planning-storage-'));
  storage = createLocalStorage(root);
});
afterAll(() => rm(root, { recursive: true, force: true }));

describe('local storage', () => {
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
    await storage.delete(tenant, 'siteFiles', 'site-1/plan.pdf');
  });

  it('leaves nothing behind when the incoming stream fails half way', async () => {
    const failing = new Readable({
      read() {
        this.push('half a file');
        this.destroy(new Error('client went away'));
      },
    });
    await expect(storage.put(tenant, 'exports', 'broken.csv', failing)).rejects.toThrow('client went away');
    expect(await storage.stat(tenant, 'exports', 'broken.csv')).toBeNull();
    expect(await readdir(path.join(root, tenant, 'exports'))).toEqual([]);
  });

  it('removes the folders a delete or a move leaves empty, and no others', async () => {
    const job = randomUUID();
    await storage.put(tenant, 'exports', `${job}/sites.csv`, Buffer.from('a,b'));
    await storage.put(tenant, 'exports', `${job}/sites.xlsx`, Buffer.from('xlsx'));
    await storage.delete(tenant, 'exports', `${job}/sites.csv`);
    // Another object still lives in the folder.
    expect(await readdir(path.join(root, tenant, 'exports', job))).toEqual(['sites.xlsx']);
    await storage.delete(tenant, 'exports', `${job}/sites.xlsx`);
    expect(await readdir(path.join(root, tenant, 'exports'))).not.toContain(job);
    await storage.put(tenant, 'unscanned', 'site-9/deep/plan.pdf', Buffer.from('%PDF'));
    await storage.move(tenant, 'unscanned', 'site-9/deep/plan.pdf', 'siteFiles');
    expect(await readdir(path.join(root, tenant, 'unscanned'))).not.toContain('site-9');
    // The bucket's own folder stays; a write into a pruned folder makes it again.
    await storage.put(tenant, 'exports', `${job}/again.csv`, Buffer.from('c'));
    expect(await text(await storage.get(tenant, 'exports', `${job}/again.csv`))).toBe('c');
  });

  it('refuses any address that could leave the council’s bucket', async () => {
    for (const [tenantId, bucket, key] of [
      [tenant, 'siteFiles', '../../etc/passwd'],
      [tenant, 'siteFiles', '/etc/passwd'],
      [tenant, 'siteFiles', 'a/../../b'],
      [tenant, 'nope', 'file.png'],
      ['..', 'siteFiles', 'file.png'],
    ] as const) {
      await expect(storage.put(tenantId, bucket as 'siteFiles', key, Buffer.from('x'))).rejects.toThrow(
        /storage: bad|unknown/,
      );
    }
    await expect(storage.get(tenant, 'siteFiles', 'missing.png')).rejects.toBeInstanceOf(HttpError);
  });
});
