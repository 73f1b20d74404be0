import { afterEach } from 'vitest';
import { closeOpenPages } from './running-app';

// Every journey file: the pages of a finished test are closed before the next test starts.
afterEach(() => closeOpenPages());
