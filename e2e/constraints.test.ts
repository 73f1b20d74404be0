import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withTenant } from '../apps/server/src/db/tenant-transaction';
import { computeLayerOverlaps } from '../apps/server/src/modules/overlaps/overlaps.service';
import { axeViolationsIn } from './support/axe';
import { councilId, openAsTenant, startRunningApp, type RunningApp } from './support/running-app';

let running: RunningApp;

beforeAll(async () => {
  running = await startRunningApp();
  const tenantId = await councilId(running);
  // A flood zone over the whole of site 7 and its surroundings, and one over a corner of it.
  await withTenant(running.database.db, tenantId, async (trx) => {
    for (const [name, title, cover] of [
      ['flood_zone_3', 'Flood zone 3', sql`ST_Buffer(geom, 50)`],
      [
        'ancient_woodland',
        'Ancient woodland',
        sql`ST_MakeEnvelope(ST_XMin(geom), ST_YMin(geom), ST_XMin(geom) + (ST_XMax(geom) - ST_XMin(geom)) / 4, ST_YMax(geom), 27700)`,
      ],
    ] as const) {
      const layer = await trx
        .insertInto('layers')
        .values({ tenant_id: tenantId, layer_name: name, title })
        .returning('id')
        .executeTakeFirstOrThrow();
      await sql`insert into layer_features (tenant_id, layer_id, geom)
        select ${tenantId}, ${layer.id}, ${cover} from sites where id = 7`.execute(trx);
      await computeLayerOverlaps(trx, tenantId, layer.id);
    }
  });
});
afterAll(() => running?.close());

describe('constraints on the site page (issue 13 point 5)', () => {
  it('lists the layers over the site, the most covering first, with their share', async () => {
    const page = await openAsTenant(running, 'demo', '/site/7', 'officer');
    const panel = page.getByRole('list', { name: 'Constraint layers over this site' });
    await panel.waitFor({ timeout: 30_000 });
    const rows = panel.getByRole('listitem');
    await expect.poll(() => rows.count()).toBe(2);
    expect(await rows.nth(0).textContent()).toContain('Flood zone 3');
    expect(await rows.nth(0).getByLabel('Flood zone 3: 100 % of the site').count()).toBe(1);
    expect(await rows.nth(1).textContent()).toContain('Ancient woodland');
    expect(await axeViolationsIn(page, '.site-constraints')).toEqual([]);
    await page.context().close();
  });
});
