import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { sql, type Transaction } from 'kysely';
import {
  availabilityOptions,
  cfsMessages,
  constraintOptions,
  ownershipOptions,
  proposedUseOptions,
  submissionStatusLabels,
  type SiteDetails,
  type SubmissionStatus,
} from '@planning/shared';
import type { Database } from '../../db/schema';
import { gdal } from '../../lib/gdal/gdal';
import { notFound } from '../../lib/errors';
import { csvLine } from '../export/export.formats';

type Trx = Transaction<Database>;

/** One row per submitted site (drafts are the submitter's own), in the order they came. */
const COLUMNS = [
  ['reference', 'Reference'],
  ['status', 'Status'],
  ['submitted', 'Submitted'],
  ['submitter', 'Submitter'],
  ['organisation', 'Organisation'],
  ['email', 'Email'],
  ['phone', 'Telephone'],
  ['address', 'Address'],
  ['client', 'On behalf of'],
  ['site', 'Site name'],
  ['area_ha', 'Area (ha)'],
  ['ownership', 'Ownership'],
  ['availability', 'Available'],
  ['current_use', 'Current use'],
  ['proposed_uses', 'Proposed uses'],
  ['homes', 'Homes'],
  ['floorspace_m2', 'Floorspace (m²)'],
  ['constraints', 'Constraints known'],
  ['constraint_notes', 'About the constraints'],
  ['answers', 'Questionnaire answers (JSON)'],
] as const;

type Row = Record<(typeof COLUMNS)[number][0], string | number | null> & { geometry: string | null };

async function rowsOf(trx: Trx, callId: string): Promise<{ name: string; rows: Row[] }> {
  const call = await trx
    .selectFrom('consultation_events')
    .select('name')
    .where('id', '=', callId)
    .executeTakeFirst();
  if (!call) throw notFound(cfsMessages.callNotFound);
  const { rows } = await sql<{
    reference: string | null;
    status: SubmissionStatus;
    submitted_at: Date | null;
    contact: Record<string, string | null>;
    on_behalf_of: Record<string, string | null> | null;
    name: string;
    area_ha: string | null;
    details: SiteDetails;
    answers: Record<string, unknown>;
    geometry: string | null;
  }>`
    select s.reference, s.status, s.submitted_at, s.contact, s.on_behalf_of, x.name, x.area_ha::text as area_ha,
      x.details, x.answers, ST_AsGeoJSON(x.boundary, 2) as geometry
    from cfs_submission_sites x join cfs_submissions s on s.id = x.submission_id
    where s.event_id = ${callId} and s.status <> 'draft' and s.deleted_at is null
    order by s.submitted_at, s.id, x.position`.execute(trx);
  return {
    name: call.name,
    rows: rows.map((row) => {
      const d = row.details;
      return {
        reference: row.reference,
        status: submissionStatusLabels[row.status],
        submitted: row.submitted_at ? new Date(row.submitted_at).toISOString() : null,
        submitter: row.contact.name ?? null,
        organisation: row.contact.organisation ?? null,
        email: row.contact.email ?? null,
        phone: row.contact.phone ?? null,
        address: row.contact.address ?? null,
        client: row.on_behalf_of?.name ?? null,
        site: row.name,
        area_ha: row.area_ha === null ? null : Number(row.area_ha),
        ownership: d.ownership ? ownershipOptions[d.ownership] : null,
        availability: d.availability ? availabilityOptions[d.availability] : null,
        current_use: d.currentUse ?? null,
        proposed_uses: (d.proposedUses ?? []).map((use) => proposedUseOptions[use]).join('; '),
        homes: d.homes ?? null,
        floorspace_m2: d.floorspaceM2 ?? null,
        constraints: (d.constraintsKnown ?? []).map((c) => constraintOptions[c]).join('; '),
        constraint_notes: d.constraintNotes ?? null,
        answers: JSON.stringify(row.answers),
        geometry: row.geometry,
      };
    }),
  };
}

/**
 * Issue 27 point 4: a call's submissions as CSV (formulas neutralised, UTF-8 with a byte order
 * mark, for Excel) or as a GeoPackage of the boundaries in British National Grid (through GDAL,
 * as the site export writes them).
 */
export async function exportSubmissions(
  trx: Trx,
  callId: string,
  format: 'csv' | 'gpkg',
): Promise<{ fileName: string; contentType: string; body: Buffer; rows: number }> {
  const { name, rows } = await rowsOf(trx, callId);
  const base = `${name} submissions`.replace(/[\\/:*?"<>|]/g, '-');
  if (format === 'csv') {
    const text = `\ufeff${csvLine(COLUMNS.map(([, label]) => label))}${rows
      .map((row) => csvLine(COLUMNS.map(([key]) => row[key])))
      .join('')}`;
    return {
      fileName: `${base}.csv`,
      contentType: 'text/csv; charset=utf-8',
      body: Buffer.from(text),
      rows: rows.length,
    };
  }
  const dir = await mkdtemp(path.join(os.tmpdir(), 'planning-cfs-export-'));
  const outputName = `cfs-export-${path.basename(dir)}`;
  let files: string[] = [];
  try {
    const input = path.join(dir, 'submissions.geojsonl');
    await writeFile(
      input,
      rows
        .filter((row) => row.geometry)
        .map((row) => {
          const properties = Object.fromEntries(COLUMNS.map(([key]) => [key, row[key]]));
          return `{"type":"Feature","properties":${JSON.stringify(properties)},"geometry":${row.geometry}}\n`;
        })
        .join(''),
    );
    files = await gdal.ogr2ogr(input, outputName, [
      '-f',
      'GPKG',
      '-s_srs',
      'EPSG:27700',
      '-t_srs',
      'EPSG:27700',
      '-nln',
      'submissions',
      '-nlt',
      'PROMOTE_TO_MULTI',
    ]);
    const file = files[0];
    if (!file) throw new Error('GDAL wrote no file');
    return {
      fileName: `${base}.gpkg`,
      contentType: 'application/geopackage+sqlite3',
      body: await readFile(file),
      rows: rows.length,
    };
  } finally {
    await Promise.all(files.map((file) => rm(file, { force: true })));
    await rm(dir, { recursive: true, force: true });
  }
}
