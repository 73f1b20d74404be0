import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { withTenant } from '../../db/tenant-transaction';
import { CALL_FEATURE, CALL_QUESTIONNAIRE_TYPE } from './cfs.calls';

/** The demo council's call for sites, by name (a second start finds it and changes nothing). */
export const DEMO_CALL_NAME = 'Local Plan call for sites';

const DAY_MS = 24 * 60 * 60 * 1000;

const guidance = `<p>The council is preparing a new Local Plan and wants to hear about land that could be
used for homes, jobs, community uses or renewable energy in the next 15 years.</p>
<h2>Before you start</h2>
<ul>
<li>Have a plan of the site, or a boundary file (shapefile, GeoPackage, KML or GeoJSON), ready.</li>
<li>Know who owns the land. If you are an agent, you will need your client's details.</li>
</ul>
<p>Sites of at least 0.25 hectares, or able to take 5 or more homes, are assessed. Submitting a
site does not mean it will be allocated.</p>`;

/**
 * Issue 27: an open call for sites on the demo council (open since a week before the first start,
 * for twelve weeks), answering the demo questionnaire, with two of the council's public layers on
 * its map, so `npm start` shows the public side and the review queue working. Written as the admin
 * screen writes it (event, feature, call); a call made by an administrator is audited, a seed is not.
 */
export async function seedDemoCall(db: Kysely<Database>, tenantId: string): Promise<void> {
  await withTenant(db, tenantId, async (trx) => {
    const existing = await trx
      .selectFrom('consultation_events')
      .select('id')
      .where('name', '=', DEMO_CALL_NAME)
      .executeTakeFirst();
    if (existing) return;
    const questionnaire = await trx
      .selectFrom('configs')
      .select('id')
      .where('config_type', '=', CALL_QUESTIONNAIRE_TYPE)
      .where('deleted_at', 'is', null)
      .orderBy('created_at')
      .executeTakeFirst();
    if (!questionnaire) return;
    const layers = await trx
      .selectFrom('layers')
      .select('id')
      .where('public_webmap_visibility', '=', true)
      .orderBy('z_index', 'desc')
      .limit(2)
      .execute();
    const startsAt = new Date(Date.now() - 7 * DAY_MS);
    const endsAt = new Date(startsAt.getTime() + 12 * 7 * DAY_MS);
    const { id } = await trx
      .insertInto('consultation_events')
      .values({
        tenant_id: tenantId,
        name: DEMO_CALL_NAME,
        description: 'Tell us about land that could be developed in the next 15 years.',
        starts_on: startsAt.toISOString().slice(0, 10),
        ends_on: endsAt.toISOString().slice(0, 10),
        starts_at: startsAt,
        ends_at: endsAt,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await trx
      .insertInto('event_features')
      .values({ tenant_id: tenantId, event_id: id, feature: CALL_FEATURE, config_id: questionnaire.id })
      .execute();
    await trx
      .insertInto('cfs_calls')
      .values({
        tenant_id: tenantId,
        event_id: id,
        guidance: guidance.replace(/\n(?!<)/g, ' '),
        layer_ids: layers.map((layer) => layer.id),
      })
      .execute();
  });
}
