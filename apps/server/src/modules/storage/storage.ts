import type { Readable } from 'node:stream';
import { fileBuckets, type FileBucket } from '@planning/shared';

/**
 * The spec's file buckets (spec 01 §3, in shared) plus 'exports' (finished data exports waiting to
 * be downloaded), 'basemaps' (PMTiles archives an administrator uploaded as a base map) and
 * 'branding' (the council's logos, served publicly). Each council has its own copy of every
 * bucket: a key never reaches another's files.
 */
export const STORAGE_BUCKETS = [...fileBuckets, 'exports', 'basemaps', 'branding'] as const;
export type BucketName = FileBucket | 'exports' | 'basemaps' | 'branding';

export type StoredObject = { size: number; contentType?: string };

/**
 * Where files live: a local folder by default (storage.local.ts), any S3-compatible store when
 * configured (storage.s3.ts). Bodies are streams so no file is ever held whole in memory.
 */
export type Storage = {
  readonly kind: 'local' | 's3';
  /** Writes (or replaces) an object from a stream or a buffer; resolves with its size. */
  put(
    tenantId: string,
    bucket: BucketName,
    key: string,
    body: Readable | Buffer,
    options?: { contentType?: string },
  ): Promise<StoredObject>;
  /** The object's bytes; a missing object is a 404 HttpError. */
  get(tenantId: string, bucket: BucketName, key: string): Promise<Readable>;
  /** Its size and type, or null when there is no such object. */
  stat(tenantId: string, bucket: BucketName, key: string): Promise<StoredObject | null>;
  /** Removes the object; a missing one is not an error. */
  delete(tenantId: string, bucket: BucketName, key: string): Promise<void>;
  /** Moves an object to another bucket (a scanned file from unscanned to its own bucket). */
  move(tenantId: string, from: BucketName, key: string, to: BucketName, toKey?: string): Promise<void>;
};

const TENANT_ID = /^[0-9a-f-]{36}$/i;
// Keys are made by the server (ids, sanitised names), never taken whole from a request: this
// check is the last line against a path or key that would leave the council's bucket.
const KEY = /^[A-Za-z0-9][A-Za-z0-9._-]{0,200}(?:\/[A-Za-z0-9][A-Za-z0-9._-]{0,200}){0,4}$/;

/** Refuses a tenant id, bucket or key that could address anything outside the council's bucket. */
export function assertObjectAddress(tenantId: string, bucket: string, key: string): void {
  if (!TENANT_ID.test(tenantId)) throw new Error(`storage: bad tenant id ${JSON.stringify(tenantId)}`);
  if (!(STORAGE_BUCKETS as readonly string[]).includes(bucket))
    throw new Error(`storage: unknown bucket ${JSON.stringify(bucket)}`);
  if (!KEY.test(key) || key.includes('..')) throw new Error(`storage: bad key ${JSON.stringify(key)}`);
}
