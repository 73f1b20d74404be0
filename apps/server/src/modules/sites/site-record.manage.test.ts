import { describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { emptyHistoryText, serverMessages, siteMessages } from '@planning/shared';
import { withTenant } from '../../db/tenant-transaction';
import { square, siteRecordTestBed } from './site-record.testing';
import { DEMO_SCENARIO } from './sites.generator';

/** Boundaries and drawn sites, scenarios and related sites, deletion and permissions, and the page layout. */
const { t, tenant, officer, admin, viewer, otherOfficer, baseIds, twin, extent, call, readSite } =
  siteRecordTestBed();

describe('notes and the timeline (spec 01 §4, §5, §7)', () => {
  it('refuses a note of 2 characters or fewer with its message', async () => {
    const answer = await call(officer, 'POST', `/site/${baseIds[7]}/notes`, { note_content: '  ok  ' });
    expect(answer.statusCode).toBe(400);
    expect(JSON.stringify(answer.json())).toContain(siteMessages.noteTooShort);
  });

  it('saves a note by the signed-in user; only its author may edit or delete it', async () => {
    const added = await call(officer, 'POST', `/site/${baseIds[7]}/notes`, {
      note_content: 'Visited: access is narrow',
    });
    expect(added.statusCode, added.body).toBe(201);
    const note = added.json();
    expect(note.note_content).toBe('Visited: access is narrow');
    const notes = (await call(viewer, 'GET', `/site/${baseIds[7]}/notes`)).json().notes;
    expect(notes.map((item: { id: string }) => item.id)).toContain(note.id);

    const byOther = await call(admin, 'PUT', `/site/${baseIds[7]}/notes/${note.id}`, {
      note_content: 'Rewritten',
    });
    expect(byOther.statusCode).toBe(403);
    expect(byOther.json().message).toBe(siteMessages.noteNotYours);
    expect((await call(admin, 'DELETE', `/site/${baseIds[7]}/notes/${note.id}`)).statusCode).toBe(403);

    const byAuthor = await call(officer, 'PUT', `/site/${baseIds[7]}/notes/${note.id}`, {
      note_content: 'Visited: access is narrow but usable',
    });
    expect(byAuthor.statusCode).toBe(200);
    expect(byAuthor.json()).toMatchObject({
      note_content: 'Visited: access is narrow but usable',
      edited_at: expect.any(String),
    });
    expect((await call(officer, 'DELETE', `/site/${baseIds[7]}/notes/${note.id}`)).statusCode).toBe(204);
    expect(
      (await call(officer, 'PUT', `/site/${baseIds[7]}/notes/${note.id}`, { note_content: 'gone?' }))
        .statusCode,
    ).toBe(404);
  });

  it('pages the timeline newest first with a cursor, and filters it by type', async () => {
    const siteId = baseIds[8]!;
    for (const text of ['First note', 'Second note', 'Third note']) {
      expect((await call(officer, 'POST', `/site/${siteId}/notes`, { note_content: text })).statusCode).toBe(
        201,
      );
    }
    const site = await readSite(siteId);
    await call(officer, 'PUT', `/site/${siteId}`, {
      column_name_raw: 'ward',
      new_value: 'East',
      version: site.version,
    });
    const first = (await call(viewer, 'GET', `/site/${siteId}/timeline?limit=2`)).json();
    expect(first.items.map((item: { type: string }) => item.type)).toEqual(['EDIT', 'NOTE']);
    expect(first.nextCursor).toBe(first.items[1].id);
    const rest = (
      await call(viewer, 'GET', `/site/${siteId}/timeline?limit=2&cursor=${first.nextCursor}`)
    ).json();
    expect(rest.items.map((item: { content: string }) => item.content)).toEqual([
      'Second note',
      'First note',
    ]);
    expect(rest.nextCursor).toBeNull();
    const notes = (await call(viewer, 'GET', `/site/${siteId}/timeline?type=NOTE`)).json();
    expect(notes.items).toHaveLength(3);
    const files = (await call(viewer, 'GET', `/site/${siteId}/timeline?type=FILE`)).json();
    expect(files).toEqual({ items: [], nextCursor: null });
    expect(emptyHistoryText('file uploads')).toBe('No previous file uploads found for this site.');
    expect((await call(viewer, 'GET', `/site/${siteId}/timeline?type=OTHER`)).statusCode).toBe(400);
  });
});

describe('boundary edits and drawn sites (spec 01 §4, §5)', () => {
  it("refuses a self-intersecting boundary with the spec's message and an empty one with its own", async () => {
    const site = await readSite(baseIds[9]!);
    const [west, south] = site.bbox as number[];
    const bowtie = {
      type: 'Polygon',
      coordinates: [
        [
          [west!, south!],
          [west! + 0.001, south! + 0.001],
          [west! + 0.001, south!],
          [west!, south! + 0.001],
          [west!, south!],
        ],
      ],
    };
    const crossed = await call(officer, 'PUT', `/site/${baseIds[9]}/geometry`, {
      wkbGeometry: bowtie,
      version: site.version,
    });
    expect(crossed.statusCode).toBe(400);
    expect(crossed.json().message).toBe(
      'Self intersection errors have been detected in the polygon. Please draw again.',
    );
    const empty = await call(officer, 'PUT', `/site/${baseIds[9]}/geometry`, {
      wkbGeometry: { type: 'Polygon', coordinates: [] },
      version: site.version,
    });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toBe('Modified polygon does not contain geometries');
  });

  it('saves a new boundary inside the old one, its area following, with history', async () => {
    const site = await readSite(baseIds[9]!);
    const [west, south, east, north] = site.bbox as number[];
    // A small square around the middle of the site's box: inside the site's own area only.
    const middle = [(west! + east!) / 2, (south! + north!) / 2] as const;
    const shape = square(middle[0] - 0.0002, middle[1] - 0.0002, 0.0004);
    const answer = await call(officer, 'PUT', `/site/${baseIds[9]}/geometry`, {
      wkbGeometry: shape,
      version: site.version,
    });
    expect(answer.statusCode, answer.body).toBe(200);
    const saved = answer.json();
    expect(saved.site.properties.size_ha).toBeLessThan(site.properties.size_ha);
    expect(saved.site.properties.size_ha).toBeGreaterThan(0.05);
    expect(saved.history[0].edit).toMatchObject({ field: 'geometry', label: 'Site boundary' });
  });

  it("creates a drawn site, found by its name; refuses no name ('Please enter site name') and an overlap", async () => {
    const east = extent[2] + 0.01;
    const created = await call(officer, 'POST', '/site/custom', {
      custom_site_name: "Old Mill's Yard",
      custom_site_poly: square(east, extent[1]),
    });
    expect(created.statusCode, created.body).toBe(201);
    // The council's own numbering (its seeded sites run DB-000001 to DB-000040).
    expect(created.json().id_unique).toBe('DB-000041');
    const found = await call(viewer, 'GET', `/search/site?q=${encodeURIComponent("Old Mill's")}`);
    expect(found.json().sites.map((site: { id: string }) => site.id)).toContain(created.json().id);
    const drawn = await readSite(created.json().id);
    expect(drawn.properties.size_ha).toBeGreaterThan(0.5);
    expect((await call(viewer, 'GET', `/site/${drawn.id}/timeline`)).json().items[0].content).toBe(
      'Site drawn',
    );

    const unnamed = await call(officer, 'POST', '/site/custom', {
      custom_site_name: '   ',
      custom_site_poly: square(east + 0.01, extent[1]),
    });
    expect(unnamed.statusCode).toBe(400);
    expect(JSON.stringify(unnamed.json())).toContain('Please enter site name');

    const overlapping = await call(officer, 'POST', '/site/custom', {
      custom_site_name: 'Over the yard',
      custom_site_poly: square(east + 0.0005, extent[1] + 0.0005),
    });
    expect(overlapping.statusCode).toBe(409);
    expect(overlapping.json().message).toBe(siteMessages.overlap);
  });

  it('makes a drawn point a small site, and a child site inside a parent', async () => {
    const point = await call(officer, 'POST', '/site/custom', {
      custom_site_name: 'Garage block',
      custom_site_poly: { type: 'Point', coordinates: [extent[2] + 0.05, extent[1]] },
    });
    expect(point.statusCode, point.body).toBe(201);
    const parent = baseIds[10]!;
    const site = await readSite(parent);
    const [west, south, east, north] = site.bbox as number[];
    // Children may overlap their parent; the council's overlap rule is about other sites.
    const child = await call(officer, 'POST', `/site/${parent}/children`, {
      custom_site_name: 'Plot A',
      custom_site_poly: square(east! + 0.2, north! + 0.2, 0.0005),
    });
    expect(child.statusCode, child.body).toBe(201);
    void west;
    void south;
    const children = (await call(viewer, 'GET', `/site/${parent}/children`)).json().children;
    expect(children).toEqual([expect.objectContaining({ id: child.json().id, site_name: 'Plot A' })]);
  });
});

describe('visibility, scenarios and related sites', () => {
  it("lists the site's scenarios and puts the chosen ones on the public map", async () => {
    const scenarios = (await call(viewer, 'GET', `/site/${twin.base}/scenarios`)).json().scenarios;
    expect(scenarios.map((row: { scenario_name: string }) => row.scenario_name).sort()).toEqual(
      ['Base', DEMO_SCENARIO].sort(),
    );
    const site = await readSite(twin.base);
    const answer = await call(officer, 'PUT', `/site/${twin.base}/visibility`, {
      public_map_visibility: true,
      scenario_names: [DEMO_SCENARIO],
      version: site.version,
    });
    expect(answer.statusCode, answer.body).toBe(200);
    const after = (await call(viewer, 'GET', `/site/${twin.base}/scenarios`)).json().scenarios;
    expect(
      after.find((row: { scenario_name: string }) => row.scenario_name === DEMO_SCENARIO)
        .public_map_visibility,
    ).toBe(true);
  });

  it('relates sites with one primary at most, and never a site to itself', async () => {
    const [a, b, c] = [baseIds[0]!, baseIds[1]!, baseIds[2]!];
    expect(
      (
        await call(officer, 'PUT', `/site/${a}/related-sites/${b}`, {
          isPrimary: true,
          comment: 'Same owner',
        })
      ).statusCode,
    ).toBe(200);
    const answer = await call(officer, 'PUT', `/site/${a}/related-sites/${c}`, { isPrimary: true });
    expect(answer.json().related).toEqual([
      expect.objectContaining({ id: c, isPrimary: true }),
      expect.objectContaining({ id: b, isPrimary: false, comment: 'Same owner' }),
    ]);
    const self = await call(officer, 'PUT', `/site/${a}/related-sites/${a}`, {});
    expect(self.statusCode).toBe(400);
    expect(self.json().message).toBe(siteMessages.relatedToItself);
    expect((await call(officer, 'DELETE', `/site/${a}/related-sites/${c}`)).statusCode).toBe(204);
  });
});

describe('deleting sites and permissions (spec 01 §6)', () => {
  it('lets a viewer read but not edit, note or delete', async () => {
    const site = await readSite(baseIds[11]!);
    const edit = await call(viewer, 'PUT', `/site/${baseIds[11]}`, {
      column_name_raw: 'ward',
      new_value: 'West',
      version: site.version,
    });
    expect(edit.statusCode).toBe(403);
    expect(edit.json()).toEqual({ message: serverMessages.notAuthorized });
    expect(
      (await call(viewer, 'POST', `/site/${baseIds[11]}/notes`, { note_content: 'Hello there' })).statusCode,
    ).toBe(403);
    expect((await call(viewer, 'DELETE', `/site/${baseIds[11]}`)).statusCode).toBe(403);
  });

  it('deletes a site (kept, marked deleted): it is then 404 everywhere', async () => {
    expect((await call(officer, 'DELETE', `/site/${baseIds[11]}`)).statusCode).toBe(204);
    expect((await call(officer, 'GET', `/site/${baseIds[11]}`)).statusCode).toBe(404);
    expect((await call(officer, 'DELETE', `/site/${baseIds[11]}`)).statusCode).toBe(404);
    const kept = await withTenant(
      t.database.db,
      tenant.id,
      async (trx) =>
        (await sql<{ d: boolean }>`select is_deleted as d from sites where id = ${baseIds[11]}`.execute(trx))
          .rows[0]!.d,
    );
    expect(kept).toBe(true);
  });

  it('deletes many sites at once, all or none', async () => {
    const created = await Promise.all(
      [0, 1].map(
        async (n) =>
          (
            await call(officer, 'POST', '/site/custom', {
              custom_site_name: `Bulk ${n}`,
              custom_site_poly: square(extent[2] + 0.1 + n * 0.01, extent[1]),
            })
          ).json().id as string,
      ),
    );
    const partly = await call(officer, 'DELETE', '/site', {
      ids: [...created.map(Number), Number(baseIds[11])],
    });
    expect(partly.statusCode).toBe(404);
    expect((await call(officer, 'GET', `/site/${created[0]}`)).statusCode).toBe(200);
    const answer = await call(officer, 'DELETE', '/site', { ids: created.map(Number) });
    expect(answer.json()).toEqual({ deleted: 2 });
    expect((await call(otherOfficer, 'DELETE', '/site', { ids: [Number(baseIds[0])] })).statusCode).toBe(404);
  });
});

describe('the site page layout in user metadata (issue 11 point 3)', () => {
  it("keeps each user's layout per breakpoint, refuses a bad one, and forgets it on reset", async () => {
    expect((await call(officer, 'GET', '/user/site-details-layout')).json()).toEqual({ layouts: null });
    const layouts = {
      lg: [{ i: 'map', x: 0, y: 0, w: 6, h: 8 }],
      xs: [{ i: 'notes', x: 0, y: 0, w: 4, h: 6 }],
    };
    const saved = await call(officer, 'PUT', '/user/site-details-layout', { layouts });
    expect(saved.statusCode, saved.body).toBe(200);
    expect((await call(officer, 'GET', '/user/site-details-layout')).json()).toEqual({ layouts });
    expect((await call(admin, 'GET', '/user/site-details-layout')).json()).toEqual({ layouts: null });
    const bad = await call(officer, 'PUT', '/user/site-details-layout', {
      layouts: { lg: [{ i: 'nothing', x: 0 }] },
    });
    expect(bad.statusCode).toBe(400);
    await call(officer, 'PUT', '/user/site-details-layout', { layouts: null });
    expect((await call(officer, 'GET', '/user/site-details-layout')).json()).toEqual({ layouts: null });
  });
});
