import type { Config } from '../../config';
import { createLocalStorage } from './storage.local';
import type { Storage } from './storage';

/** The configured storage: a local folder (STORAGE_DIR, by default DATA_DIR/files). */
export function createStorage(config: Pick<Config, 'storageDir'>): Storage {
  return createLocalStorage(config.storageDir);
}
