import type { Config } from '../../config';
import { createLocalStorage } from './storage.local';
import { createS3Storage } from './storage.s3';
import type { Storage } from './storage';

/** The configured storage: an S3-compatible store when S3_* are set, else a local folder (STORAGE_DIR). */
export function createStorage(config: Pick<Config, 'storageDir' | 's3'>): Storage {
  return config.s3 ? createS3Storage(config.s3) : createLocalStorage(config.storageDir);
}
