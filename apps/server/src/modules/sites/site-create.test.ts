import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { withTenant } from '../../db/tenant-transaction';
import { buildTenantWithUsers } from '../../../test/factories';
import { signIn, type SignedIn } from '../../../test/sessions';
import { buildTestApp, type TestApp } from '../../../test/test-app';

// Issue 25 point 6: a drawn site gets the ward and parish it mostly lies in, and the council's
// next reference, safely under concurrent creates.

let t: TestApp;

beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

/** A rectangle in British National Grid metres, as WKT. */
const box = (x0: number, y0: number, x1: number, y1: number) =>
  `POLYGON((${x0} ${y0},${x1} ${y0},${x1} ${y1},${x0} ${y1},${x0} ${y0}))`;

/** A council with officers, and (optionally) boundaries and sites already numbered. */
async function council(setup: {
  boundaries?: { kind: 'ward' | 'parish'; name: string; wkt: string }[];
  references?: string[];
}) {
  const tenant = await buildTenantWithUsers(t.database.db);
  await withTenant(t.database.db, tenant.id, async (trx) => {
    for (const boundary of setup.boundaries ?? [])
      await sql`insert into boundaries (tenant_id, kind, name, geom)
        values (${tenant.id}, ${boundary.kind}, ${boundary.name},
          ST_Multi(ST_GeomFromText(${boundary.wkt}, 27700)))`.execute(trx);
    for (const [index, reference] of (setup.references ?? []).entries()) {
      // Far from where the tests draw: 100 m squares in a row, 1 km east.
      const x = 520_000 + index * 200;
      await sql`insert into sites (tenant_id, id_unique, helaa_reference, site_name, geom)
        values (${tenant.id}, ${reference}, ${reference}, ${`Old site ${index}`},
          ST_Multi(ST_GeomFromText(${box(x, 200_000, x + 100, 200_100)}, 27700)))`.execute(trx);
    }
  });
  const officer = await signIn(t.app, tenant.name, tenant.email('officer'));
  return { ...tenant, officer };
}

/** The drawn outline the web app sends: the rectangle in WGS84. */
async function drawn(x0: number, y0: number, x1: number, y1: number) {
  const { rows } = await sql<{ shape: string }>`
    select ST_AsGeoJSON(ST_Transform(ST_GeomFromText(${box(x0, y0, x1, y1)}, 27700), 4326), 9) as shape`.execute(
    t.database.db,
  );
  return JSON.parse(rows[0]!.shape) as { type: string; coordinates: unknown[] };
}

const create = async (officer: SignedIn, name: string, shape: unknown, url = '/site/custom') =>
  t.app.inject({
    method: 'POST',
    url: `/api/v1${url}`,
    headers: officer.headers(),
    payload: { custom_site_name: name, custom_site_poly: shape },
  });

async function stored(tenantId: string, id: string) {
  return withTenant(t.database.db, tenantId, async (trx) => {
    const { rows } = await sql<{
      id_unique: string;
      helaa_reference: string | null;
      ward: string | null;
      parish: string | null;
    }>`select id_unique, helaa_reference, ward, parish from sites where id = ${id}`.execute(trx);
    return rows[0]!;
  });
}

describe('a new site’s ward, parish and reference', () => {
  it('takes the ward and parish it mostly lies in, and the next number of the council’s commonest pattern', async () => {
    // Two wards side by side, split at x = 501000, under one parish; a third ward far away.
    const council1 = await council({
      boundaries: [
        { kind: 'ward', name: 'Westfield', wkt: box(500_000, 200_000, 501_000, 201_000) },
        { kind: 'ward', name: 'Eastgate', wkt: box(501_000, 200_000, 502_000, 201_000) },
        { kind: 'ward', name: 'Far Ward', wkt: box(530_000, 200_000, 531_000, 201_000) },
        { kind: 'parish', name: 'Upper Hill', wkt: box(500_000, 200_000, 502_000, 201_000) },
      ],
      // Padded to four digits; the odd one out follows another pattern and is not the council's.
      references: ['TMBC/0041', 'TMBC/0107', 'TMBC/0099', 'LEGACY-9000'],
    });
    // 400 m in Westfield, 100 m in Eastgate: Westfield, though the site crosses into Eastgate.
    const west = await create(
      council1.officer,
      'Mostly west',
      await drawn(500_600, 200_400, 501_100, 200_600),
    );
    expect(west.statusCode, west.body).toBe(201);
    expect(await stored(council1.id, west.json().id)).toEqual({
      id_unique: 'TMBC/0108',
      helaa_reference: 'TMBC/0108',
      ward: 'Westfield',
      parish: 'Upper Hill',
    });
    expect(west.json().id_unique).toBe('TMBC/0108');

    // 100 m in Westfield, 600 m in Eastgate.
    const east = await create(
      council1.officer,
      'Mostly east',
      await drawn(500_900, 200_700, 501_600, 200_900),
    );
    expect(east.statusCode, east.body).toBe(201);
    expect(await stored(council1.id, east.json().id)).toMatchObject({
      helaa_reference: 'TMBC/0109',
      ward: 'Eastgate',
      parish: 'Upper Hill',
    });

    // Outside every boundary: no ward, no parish, and still created.
    const outside = await create(
      council1.officer,
      'Out of area',
      await drawn(540_000, 200_000, 540_100, 200_100),
    );
    expect(outside.statusCode, outside.body).toBe(201);
    expect(await stored(council1.id, outside.json().id)).toMatchObject({
      helaa_reference: 'TMBC/0110',
      ward: null,
      parish: null,
    });
  });

  it('leaves ward and parish empty, and starts at SITE-000001, for a council with no boundaries or references', async () => {
    const bare = await council({});
    const answer = await create(bare.officer, 'First site', await drawn(500_000, 200_000, 500_100, 200_100));
    expect(answer.statusCode, answer.body).toBe(201);
    expect(await stored(bare.id, answer.json().id)).toEqual({
      id_unique: 'SITE-000001',
      helaa_reference: 'SITE-000001',
      ward: null,
      parish: null,
    });
  });

  it('numbers a child site as well, keeping its parent-based id', async () => {
    const parentCouncil = await council({
      boundaries: [{ kind: 'ward', name: 'Centre', wkt: box(500_000, 200_000, 502_000, 202_000) }],
      references: ['NF-000007'],
    });
    const parent = await create(
      parentCouncil.officer,
      'Parent',
      await drawn(500_000, 200_000, 500_400, 200_400),
    );
    expect(parent.statusCode, parent.body).toBe(201);
    const child = await create(
      parentCouncil.officer,
      'Child',
      await drawn(500_500, 200_000, 500_600, 200_100),
      `/site/${parent.json().id}/children`,
    );
    expect(child.statusCode, child.body).toBe(201);
    const row = await stored(parentCouncil.id, child.json().id);
    expect(row.id_unique.startsWith('NF-000008-')).toBe(true);
    expect(row).toMatchObject({ helaa_reference: 'NF-000009', ward: 'Centre' });
  });

  it('gives sites created at the same moment distinct references, on the first create and later ones', async () => {
    const busy = await council({ references: ['DB-000005'] });
    const shapes = await Promise.all(
      [0, 1, 2, 3].map((i) => drawn(500_000 + i * 300, 200_000, 500_100 + i * 300, 200_100)),
    );
    // The council's counter does not exist yet: all four start it at once.
    const first = await Promise.all(shapes.map((shape, i) => create(busy.officer, `Site ${i}`, shape)));
    for (const answer of first) expect(answer.statusCode, answer.body).toBe(201);
    const later = await Promise.all(
      shapes.map(async (_, i) =>
        create(
          busy.officer,
          `Later ${i}`,
          await drawn(500_000 + i * 300, 201_000, 500_100 + i * 300, 201_100),
        ),
      ),
    );
    for (const answer of later) expect(answer.statusCode, answer.body).toBe(201);
    const references = [...first, ...later].map((answer) => answer.json().id_unique as string).sort();
    expect(references).toEqual([6, 7, 8, 9, 10, 11, 12, 13].map((n) => `DB-${String(n).padStart(6, '0')}`));
  });
});
