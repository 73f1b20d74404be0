import { existsSync } from 'node:fs';
import { copyFile, mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openPglite, pgliteImagePath } from './pglite-image';

// The run's global setup opened a new data folder, so this machine has its image by now.
describe('embedded database image', () => {
  const dirs: string[] = [];
  afterAll(async () => {
    await Promise.all(dirs.map((dir) => rm(dir, { recursive: true, force: true })));
  });

  it('starts a new data folder from the kept image, with PostGIS, and the folder reopens as it is', async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'planning-image-'));
    dirs.push(dir);
    const image = path.join(dir, 'image.tar.gz');
    expect(existsSync(pgliteImagePath())).toBe(true);
    await copyFile(pgliteImagePath(), image);
    const dataDir = path.join(dir, 'data');

    const first = await openPglite(dataDir, image);
    expect((await first.query<{ v: string }>('select postgis_lib_version() as v')).rows[0]?.v).toMatch(
      /^3\./,
    );
    await first.exec('create table kept (n int); insert into kept values (7)');
    await first.close();
    expect(existsSync(path.join(dataDir, 'PG_VERSION'))).toBe(true);

    const again = await openPglite(dataDir, image);
    expect((await again.query<{ n: number }>('select n from kept')).rows).toEqual([{ n: 7 }]);
    await again.close();
  });
});
