import { applicationNames, featureFlagCatalogue, featureFlagNames } from '@planning/shared';
import type { SqlRunner } from './migrate';

/** Keeps the applications and feature tables in step with the catalogue in packages/shared. */
export async function syncFeatureCatalogue(runner: SqlRunner): Promise<void> {
  for (const name of applicationNames) {
    await runner.query('insert into applications (name) values ($1) on conflict (name) do nothing', [name]);
  }
  for (const name of featureFlagNames) {
    const feature = featureFlagCatalogue[name];
    await runner.query(
      `insert into app_features (application_id, name, label, default_value)
       values ((select id from applications where name = $2), $1, $3, $4)
       on conflict (name) do update
         set application_id = excluded.application_id, label = excluded.label, default_value = excluded.default_value`,
      [name, feature.application, feature.label, feature.defaultValue],
    );
  }
}
