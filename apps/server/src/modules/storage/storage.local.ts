import { createReadStream, createWriteStream } from 'node:fs';
import { once } from 'node:events';
import { mkdir, rename, rm, rmdir, stat, writeFile, readFile } from 'node:fs/promises';
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
 * The content type is kept beside the object in a small `.type` file. A folder a delete or a move
 * leaves empty is removed (each export has one of its own), so a write makes its folder again if
 * such a removal came between its `mkdir` and its opening the file.
 */
export function createLocalStorage(root: string): Storage {
  const where = (tenantId: string, bucket: BucketName, key: string) => {
    assertObjectAddress(tenantId, bucket, key);
    return path.join(root, tenantId, bucket, ...key.split('/'));
  };
  const typeFile = (file: string) => `${file}.type`;
  const isMissing = (error: unknown) => (error as NodeJS.ErrnoException).code === 'ENOENT';
  /** Removes the folders of a key left empty, up to (not including) the bucket's own. */
  const prune = async (tenantId: string, bucket: BucketName, file: string) => {
    const bucketDir = path.join(root, tenantId, bucket);
    for (let dir = path.dirname(file); dir.startsWith(`${bucketDir}${path.sep}`); dir = path.dirname(dir)) {
      // Not empty (another object, a write under way) or gone already: either way, stop here.
      if (
        !(await rmdir(dir).then(
          () => true,
          () => false,
        ))
      )
        return;
    }
  };
  /** The part file, open; its folder made again when a prune removed it after the mkdir. */
  const openPart = async (file: string) => {
    for (let attempt = 1; ; attempt++) {
      await mkdir(path.dirname(file), { recursive: true });
      const out = createWriteStream(file);
      try {
        await once(out, 'open');
        return out;
      } catch (error) {
        if (!isMissing(error) || attempt === 3) throw error;
      }
    }
  };

  return {
    kind: 'local',
    async put(tenantId, bucket, key, body, options = {}) {
      const file = where(tenantId, bucket, key);
      const temporary = `${file}.${randomUUID()}.part`;
      const out = await openPart(temporary).catch((error: unknown) => {
        // The body is never read: let its source go (an upload's socket, say).
        if (!Buffer.isBuffer(body)) body.destroy();
        throw error;
      });
      try {
        await pipeline(Buffer.isBuffer(body) ? Readable.from([body]) : body, out);
        if (options.contentType) await writeFile(typeFile(file), options.contentType);
        else await rm(typeFile(file), { force: true });
        await rename(temporary, file);
      } catch (error) {
        // Removed once the stream has closed, when nothing writes to the part file any more.
        if (!out.closed) await new Promise<void>((resolve) => out.once('close', () => resolve()));
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
      await prune(tenantId, bucket, file);
    },
    async move(tenantId, from, key, to, toKey = key) {
      const source = where(tenantId, from, key);
      const target = where(tenantId, to, toKey);
      const place = async () => {
        await mkdir(path.dirname(target), { recursive: true });
        await rename(source, target);
      };
      try {
        // Once more when the target's folder was pruned between the mkdir and the rename.
        await place().catch((error: unknown) => (isMissing(error) ? place() : Promise.reject(error)));
      } catch (error) {
        if (isMissing(error)) throw notFound(objectMissing);
        throw error;
      }
      await rename(typeFile(source), typeFile(target)).catch((error: unknown) => {
        if (!isMissing(error)) throw error;
      });
      await prune(tenantId, from, source);
    },
  };
}
