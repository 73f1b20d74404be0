import type { Config } from '../../config';
import { createLocalStorage } from './storage.local';
import type { Storage } from './storage';

/** The configured storage: an S3-compatible store when S3_* are set, else a local folder (STORAGE_DIR). */
export function createStorage(config: Pick<Config, 'storageDir' | 's3'>): Storage {
  const s3 = config.s3;
  return s3
    ? lazyStorage('s3', () => import('./storage.s3').then((m) => m.createS3Storage(s3)))
    : createLocalStorage(config.storageDir);
}

/**
 * A storage whose implementation loads on first use: the AWS SDK takes a quarter of a second to
 * load, which a server (or a test) that never touches a file should not pay.
 */
function lazyStorage(kind: Storage['kind'], load: () => Promise<Storage>): Storage {
  let loaded: Promise<Storage> | null = null;
  const storage = () =>
    (loaded ??= load().catch((error: unknown) => {
      loaded = null;
      throw error;
    }));
  return {
    kind,
    put: async (...args) => (await storage()).put(...args),
    get: async (...args) => (await storage()).get(...args),
    stat: async (...args) => (await storage()).stat(...args),
    delete: async (...args) => (await storage()).delete(...args),
    move: async (...args) => (await storage()).move(...args),
  };
}
