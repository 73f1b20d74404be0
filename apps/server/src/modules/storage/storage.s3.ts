import { Readable } from 'node:stream';
import {
  AbortMultipartUploadCommand,
  CompleteMultipartUploadCommand,
  CopyObjectCommand,
  CreateMultipartUploadCommand,
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  PutObjectCommand,
  S3Client,
  UploadPartCommand,
  type CompletedPart,
} from '@aws-sdk/client-s3';
import type { S3Config } from '../../config';
import { notFound } from '../../lib/errors';
import { objectMissing } from './storage.local';
import { assertObjectAddress, type BucketName, type Storage } from './storage';

/**
 * Parts of a streamed upload. S3 needs each part's length up front, so a part is gathered in
 * memory before it is sent (at most two at once, never the whole file); 5 MiB is S3's smallest
 * part but the last.
 */
export const S3_PART_BYTES = 8 * 1024 * 1024;

/**
 * Any S3-compatible store (AWS, MinIO, Ceph, s3rver in tests): every council's buckets are
 * prefixes of one S3 bucket, `{tenantId}/{bucket}/{key}`, so the store needs one bucket and one
 * key pair. A body that fits in one part is one PutObject; a larger one a multipart upload,
 * aborted when the incoming stream fails, so a broken upload leaves no object behind.
 */
export function createS3Storage(config: S3Config, client: S3Client = s3ClientOf(config)): Storage {
  const Bucket = config.bucket;
  const where = (tenantId: string, bucket: BucketName, key: string) => {
    assertObjectAddress(tenantId, bucket, key);
    return `${tenantId}/${bucket}/${key}`;
  };

  async function putStream(Key: string, body: Readable, contentType: string | undefined) {
    const parts: CompletedPart[] = [];
    let uploadId: string | undefined;
    let size = 0;
    try {
      for await (const part of inParts(body, S3_PART_BYTES)) {
        size += part.data.length;
        // The first part is also the last: a plain PutObject, no multipart upload to finish.
        if (!uploadId && part.last) {
          await client.send(
            new PutObjectCommand({
              Bucket,
              Key,
              Body: part.data,
              ContentType: contentType,
              ContentLength: size,
            }),
          );
          return size;
        }
        if (!uploadId) {
          const created = await client.send(
            new CreateMultipartUploadCommand({ Bucket, Key, ContentType: contentType }),
          );
          uploadId = created.UploadId;
        }
        const PartNumber = parts.length + 1;
        const uploaded = await client.send(
          new UploadPartCommand({
            Bucket,
            Key,
            UploadId: uploadId,
            PartNumber,
            Body: part.data,
            ContentLength: part.data.length,
          }),
        );
        parts.push({ ETag: uploaded.ETag, PartNumber });
      }
      await client.send(
        new CompleteMultipartUploadCommand({
          Bucket,
          Key,
          UploadId: uploadId,
          MultipartUpload: { Parts: parts },
        }),
      );
      return size;
    } catch (error) {
      if (uploadId)
        await client
          .send(new AbortMultipartUploadCommand({ Bucket, Key, UploadId: uploadId }))
          .catch(() => undefined);
      throw error;
    }
  }

  return {
    kind: 's3',
    async put(tenantId, bucket, key, body, options = {}) {
      const Key = where(tenantId, bucket, key);
      const size = Buffer.isBuffer(body)
        ? (await client.send(
            new PutObjectCommand({
              Bucket,
              Key,
              Body: body,
              ContentType: options.contentType,
              ContentLength: body.length,
            }),
          ),
          body.length)
        : await putStream(Key, body, options.contentType);
      return { size, ...(options.contentType && { contentType: options.contentType }) };
    },
    async get(tenantId, bucket, key) {
      try {
        const answer = await client.send(new GetObjectCommand({ Bucket, Key: where(tenantId, bucket, key) }));
        if (!(answer.Body instanceof Readable)) throw new Error('storage: S3 answered no stream');
        return answer.Body;
      } catch (error) {
        if (isMissing(error)) throw notFound(objectMissing);
        throw error;
      }
    },
    async stat(tenantId, bucket, key) {
      try {
        const head = await client.send(new HeadObjectCommand({ Bucket, Key: where(tenantId, bucket, key) }));
        return { size: head.ContentLength ?? 0, ...(head.ContentType && { contentType: head.ContentType }) };
      } catch (error) {
        if (isMissing(error)) return null;
        throw error;
      }
    },
    async delete(tenantId, bucket, key) {
      // S3 answers a delete of a missing key with success, as the interface asks.
      await client.send(new DeleteObjectCommand({ Bucket, Key: where(tenantId, bucket, key) }));
    },
    async move(tenantId, from, key, to, toKey = key) {
      const source = where(tenantId, from, key);
      const target = where(tenantId, to, toKey);
      try {
        // Keys are made of [A-Za-z0-9._/-] only (assertObjectAddress): no encoding to get wrong.
        await client.send(new CopyObjectCommand({ Bucket, Key: target, CopySource: `${Bucket}/${source}` }));
      } catch (error) {
        if (isMissing(error)) throw notFound(objectMissing);
        throw error;
      }
      await client.send(new DeleteObjectCommand({ Bucket, Key: source }));
    },
  };
}

export function s3ClientOf(config: S3Config): S3Client {
  return new S3Client({
    endpoint: config.endpoint,
    region: config.region,
    forcePathStyle: config.forcePathStyle,
    credentials: { accessKeyId: config.accessKeyId, secretAccessKey: config.secretAccessKey },
    // Checksums only where S3 demands them: many compatible stores do not know the newer headers.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
}

function isMissing(error: unknown): boolean {
  const named = error as { name?: string; $metadata?: { httpStatusCode?: number } };
  return (
    named.name === 'NoSuchKey' ||
    named.name === 'NotFound' ||
    (named.$metadata?.httpStatusCode === 404 && named.name !== 'NoSuchBucket')
  );
}

/** The stream cut into buffers of `size` bytes (the last one shorter), each told whether it is last. */
async function* inParts(body: Readable, size: number): AsyncGenerator<{ data: Buffer; last: boolean }> {
  let pending: Buffer[] = [];
  let pendingBytes = 0;
  let ready: Buffer | null = null;
  for await (const piece of body) {
    let chunk = Buffer.isBuffer(piece) ? piece : Buffer.from(piece as Uint8Array);
    while (chunk.length > 0) {
      const take = Math.min(size - pendingBytes, chunk.length);
      pending.push(chunk.subarray(0, take));
      pendingBytes += take;
      chunk = chunk.subarray(take);
      if (pendingBytes === size) {
        // Held back one step: only the next byte tells whether this part is the last.
        if (ready) yield { data: ready, last: false };
        ready = Buffer.concat(pending);
        pending = [];
        pendingBytes = 0;
      }
    }
  }
  if (pendingBytes > 0) {
    if (ready) yield { data: ready, last: false };
    yield { data: Buffer.concat(pending), last: true };
  } else {
    yield { data: ready ?? Buffer.alloc(0), last: true };
  }
}
