import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll } from 'vitest';

/**
 * A test file's own folder for the files it downloads, to read them back with the machine's tools
 * (unzip, pdftotext): made before the file's tests, removed after them. `save` writes one and
 * gives its path.
 */
export function scratchFiles(prefix: string) {
  let dir = '';
  beforeAll(() => {
    dir = mkdtempSync(path.join(os.tmpdir(), `${prefix}-`));
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  return {
    save: (name: string, data: Buffer) => {
      const file = path.join(dir, name);
      writeFileSync(file, data);
      return file;
    },
  };
}

/** A command's output as text (unzip -p, pdftotext … -). */
export const run = (command: string, args: string[]) => execFileSync(command, args, { encoding: 'utf8' });
