import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, rename, rm, stat, writeFile, readFile } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { randomUUID } from 'node:crypto';
import { notFound } from '../../lib/errors';
import { assertObjectAddress, type BucketName, type Storage } from './storage';

export const objectMissing = 'File not found';

/**
 * The default storage: `{root}/{tenantId}/{bucket}/{key}`. A write goes to a temporary name and is
 * renamed into place, so a reader never sees half a file and a failed upload leaves nothing behind.
 * The content type is kept beside the object in a small `.type` file.
 */
export function createLocalStorage(root: string): Storage {
  const where = (tenantId: string, bucket: BucketName, key: string) => {
    assertObjectAddress(tenantId, bucket, key);
    return path.join(root, tenantId, bucket, ...key.split('/'));
  };
  const typeFile = (file: string) => `${file}.type`;
  const isMissing = (error: unknown) => (error as NodeJS.ErrnoException).code === 'ENOENT';

  return {
    kind: 'local',
    async put(tenantId, bucket, key, body, options = {}) {
      const file = where(tenantId, bucket, key);
      await mkdir(path.dirname(file), { recursive: true });
      const temporary = `${file}.${randomUUID()}.part`;
      try {
        await pipeline(Buffer.isBuffer(body) ? Readable.from([body]) : body, createWriteStream(temporary));
        if (options.contentType) await writeFile(typeFile(file), options.contentType);
        else await rm(typeFile(file), { force: true });
        await rename(temporary, file);
      } catch (error) {
        await rm(temporary, { force: true });
        throw error;
      }
      return {
        size: (await stat(file)).size,
        ...(options.contentType && { contentType: options.contentType }),
      };
    },
    async get(tenantId, bucket, key) {
      const file = where(tenantId, bucket, key);
      // Opened before it is handed on, so a missing file is a 404 here and not a broken stream later.
      const stream = createReadStream(file);
      await new Promise<void>((resolve, reject) => {
        stream.once('open', () => resolve());
        stream.once('error', (error) => reject(isMissing(error) ? notFound(objectMissing) : error));
      });
      return stream;
    },
    async stat(tenantId, bucket, key) {
      const file = where(tenantId, bucket, key);
      try {
        const { size } = await stat(file);
        const contentType = await readFile(typeFile(file), 'utf8').catch(() => undefined);
        return { size, ...(contentType && { contentType }) };
      } catch (error) {
        if (isMissing(error)) return null;
        throw error;
      }
    },
    async delete(tenantId, bucket, key) {
      const file = where(tenantId, bucket, key);
      await rm(file, { force: true });
      await rm(typeFile(file), { force: true });
    },
    async move(tenantId, from, key, to, toKey = key) {
      const source = where(tenantId, from, key);
      const target = where(tenantId, to, toKey);
      await mkdir(path.dirname(target), { recursive: true });
      try {
        await rename(source, target);
      } catch (error) {
        if (isMissing(error)) throw notFound(objectMissing);
        throw error;
      }
      await rename(typeFile(source), typeFile(target)).catch((error: unknown) => {
        if (!isMissing(error)) throw error;
      });
    },
  };
}
