import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { configTypeNames, validateConfig, type ConfigType } from '@planning/shared';
import { withTenant } from '../../db/tenant-transaction';
import { demoDistrict } from '../sites/sites.generator';
import { seedDemoLayers } from '../../seed/demo-layers';
import { buildTenant } from '../../../test/factories';
import { buildTestApp, type TestApp } from '../../../test/test-app';
import { seedDemoConfigs } from './content.seed';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
}, 60_000);
afterAll(() => t?.close());

const liveDocuments = (tenantId: string) =>
  withTenant(t.database.db, tenantId, (trx) =>
    trx
      .selectFrom('configs')
      .select(['id', 'config_type', 'config', 'version'])
      .where('assignment', '=', 'tenant')
      .where('deleted_at', 'is', null)
      .orderBy('config_type')
      .execute(),
  );

describe('the demo councils’ config documents', () => {
  it('gives a council one valid document of every type, naming its own layers, once', async () => {
    const council = await buildTenant(t.database.db, { name: 'demo-configs' });
    await seedDemoLayers(t.database.db, council.id, demoDistrict);
    await seedDemoConfigs(t.database.db, council.id, 'demo');
    const first = await liveDocuments(council.id);
    expect(first.map((row) => row.config_type).sort()).toEqual([...configTypeNames].sort());
    for (const row of first)
      expect(validateConfig(row.config_type as ConfigType, row.config).issues, row.config_type).toEqual([]);
    const tooltips = first.find((row) => row.config_type === 'layer-tree-tooltips')?.config as {
      tooltips: unknown[];
    };
    expect(tooltips.tooltips.length).toBeGreaterThan(0);

    // A second start changes nothing.
    await seedDemoConfigs(t.database.db, council.id, 'demo');
    expect(await liveDocuments(council.id)).toEqual(first);
    const versions = await withTenant(t.database.db, council.id, (trx) =>
      trx.selectFrom('config_versions').select('version').execute(),
    );
    expect(versions).toHaveLength(configTypeNames.length);
  });
});
