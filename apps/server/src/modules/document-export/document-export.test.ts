import { execFileSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { PNG } from 'pngjs';
import ExcelJS from 'exceljs';
import { documentConfigSchema, documentMessages, FILE_LIMITS, type DocumentConfig } from '@planning/shared';
import { withTenant } from '../../db/tenant-transaction';
import { auditRows } from '../audit/audit.testing';
import { buildTenantWithUsers } from '../../../test/factories';
import { signIn, type SignedIn } from '../../../test/sessions';
import { buildTestApp, type TestApp } from '../../../test/test-app';
import { upsertFlag } from '../tenants/tenants.queries';
import { demoDistrict } from '../sites/sites.generator';
import { seedSites } from '../sites/sites.seed';
import { DISTRICT_FILL, MAP_SIZE, SITE_COLOUR, SITE_FILL_OPACITY } from './document-export.draw';
import { apiCaller } from '../../../test/api-call';
import { run, scratchFiles } from '../../../test/scratch-files';
import { mapBlockSites, mapScene } from './document-export.sites';

let t: TestApp;
const { save } = scratchFiles('document-export');
type Tenant = Awaited<ReturnType<typeof buildTenantWithUsers>>;
let tenant: Tenant;
let other: Tenant;
let officer: SignedIn;
let viewer: SignedIn;
let resident: SignedIn;
let otherOfficer: SignedIn;
let siteIds: string[];
let published: { id: string };
let draft: { id: string };
let broken: { id: string };

const call = apiCaller(
  () => t.app,
  () => tenant.name,
);

/** A 60 x 40 picture, all one green. */
function greenPng(): Buffer {
  const png = new PNG({ width: 60, height: 40 });
  for (let i = 0; i < png.data.length; i += 4) png.data.set([0, 112, 60, 255], i);
  return PNG.sync.write(png);
}

async function uploadClean(documentId: string, content: Buffer, name: string, scan = true): Promise<string> {
  const boundary = `----planning${randomUUID()}`;
  const uploaded = await t.app.inject({
    method: 'POST',
    url: `/api/v1/documents/${documentId}/attachments`,
    headers: officer.headers({ 'content-type': `multipart/form-data; boundary=${boundary}` }),
    payload: Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${FILE_LIMITS.field}"; filename="${name}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
      ),
      content,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]),
  });
  expect(uploaded.statusCode, uploaded.body).toBe(201);
  const fileId = uploaded.json().attachments[0].id as string;
  if (!scan) return fileId;
  // As the scan job leaves a clean file (the scan itself is the files module's).
  await t.app.storage.move(tenant.id, 'unscanned', fileId, 'documents-attachments');
  await withTenant(t.database.db, tenant.id, (trx) =>
    sql`update files set bucket = 'documents-attachments', scan_status = 'clean' where id = ${fileId}`.execute(
      trx,
    ),
  );
  return fileId;
}

const configOf = (title: string, imageSrc: string | null): DocumentConfig =>
  documentConfigSchema.parse({
    root: 'root',
    entities: {
      root: { id: 'root', type: 'section', title, childSectionIds: ['intro', 'sites', 'say'] },
      intro: { id: 'intro', type: 'section', title: 'Introduction', childSectionIds: ['text', 'picture'] },
      text: {
        id: 'text',
        type: 'textBlock',
        content: {
          type: 'doc',
          content: [
            {
              type: 'paragraph',
              content: [
                { type: 'text', text: 'The plan guides growth until 2041. ' },
                { type: 'text', text: 'Read it all', marks: [{ type: 'bold' }] },
              ],
            },
            {
              type: 'bulletList',
              content: [
                {
                  type: 'listItem',
                  content: [{ type: 'paragraph', content: [{ type: 'text', text: 'Homes first' }] }],
                },
              ],
            },
          ],
        },
      },
      ...(imageSrc
        ? {
            picture: {
              id: 'picture',
              type: 'image',
              src: imageSrc,
              alt: 'Green field',
              caption: 'A green field',
            },
          }
        : { picture: { id: 'picture', type: 'divider' } }),
      sites: {
        id: 'sites',
        type: 'section',
        title: 'Proposed sites',
        childSectionIds: ['map', 'chart', 'table'],
      },
      table: {
        id: 'table',
        type: 'table',
        caption: 'Sites by parish',
        header: ['Parish', 'Sites', 'Homes', 'Hectares', 'Green Belt', 'Flood zone', 'Notes'],
        rows: [['Addington', '2', '140', '6.5', 'No', '1', 'Near the station']],
      },
      map: {
        id: 'map',
        type: 'map',
        caption: 'Proposed allocations',
        sites: { ids: siteIds },
        siteInfo: [
          { type: 'field', title: 'Size (ha)', columnName: 'size_ha' },
          { type: 'field', title: 'Homes', columnName: 'optimised_unit_capacity' },
        ],
      },
      chart: {
        id: 'chart',
        type: 'chart',
        chartName: 'Homes by area',
        chartType: 'pie',
        chartData: [
          { label: 'Town', value: 3 },
          { label: 'Villages', value: 1, color: '#F47738' },
        ],
      },
      say: { id: 'say', type: 'section', title: 'Have your say', childSectionIds: ['question'] },
      question: {
        id: 'question',
        type: 'question',
        question: {
          id: 'q-growth',
          title: 'Where should new homes go?',
          type: 'radioQuestion',
          options: [{ title: 'Towns' }, { title: 'Villages' }],
        },
      },
    },
  });

async function createDocument(title: string, config: DocumentConfig) {
  const created = await call(officer, 'POST', '/documents', { title, config });
  expect(created.statusCode, created.body).toBe(201);
  return created.json() as { id: string; meta: { updatedAt: string } };
}

/** A document whose image is one of its attachments (the attachment's id is known only after upload). */
async function documentWithImage(
  title: string,
  publish: boolean,
  image: 'clean' | 'unscanned' | 'lost' = 'clean',
) {
  const document = await createDocument(title, configOf(title, null));
  const fileId =
    image === 'lost'
      ? randomUUID()
      : await uploadClean(document.id, greenPng(), 'field.png', image === 'clean');
  const src = `/api/v1/public/documents/${document.id}/attachments/${fileId}`;
  const saved = await call(officer, 'PUT', `/documents/${document.id}`, {
    title,
    config: configOf(title, src),
    ifUpdatedAt: document.meta.updatedAt,
  });
  expect(saved.statusCode, saved.body).toBe(200);
  if (publish)
    expect((await call(officer, 'POST', `/documents/${document.id}/publish`)).statusCode).toBe(200);
  return { id: document.id };
}

beforeAll(async () => {
  t = await buildTestApp();
  tenant = await buildTenantWithUsers(t.database.db);
  other = await buildTenantWithUsers(t.database.db);
  await withTenant(t.database.db, tenant.id, (trx) => upsertFlag(trx, tenant.id, 'notifications', true));
  await seedSites(t.database.db, tenant.id, demoDistrict, 3);
  [officer, viewer, resident, otherOfficer] = await Promise.all([
    signIn(t.app, tenant.name, tenant.email('officer')),
    signIn(t.app, tenant.name, tenant.email('viewer')),
    signIn(t.app, tenant.name, tenant.email('resident')),
    signIn(t.app, other.name, other.email('officer')),
  ]);
  const sites = await withTenant(t.database.db, tenant.id, (trx) =>
    trx.selectFrom('sites').select('id').orderBy('id').limit(2).execute(),
  );
  siteIds = sites.map((site) => String(site.id));
  published = await documentWithImage('Local Plan export', true);
  draft = await documentWithImage('Draft plan export', false);
  broken = await documentWithImage('Plan with a lost image', true, 'lost');
});
afterAll(() => t.close());

const queue = async (who: SignedIn, url: string, body: unknown) => {
  const answer = await call(who, 'POST', url, body);
  expect(answer.statusCode, answer.body).toBe(202);
  const queued = answer.json() as { jobId: string; notificationId: string | null; steps: number };
  const job = await t.app.jobs.waitFor(queued.jobId, { timeoutMs: 60_000 });
  return { ...queued, job };
};

describe('Word export (spec 02 §2, §4, §9)', () => {
  it('makes an A4 .docx with the numbered sections, the words, the question and the map as an image', async () => {
    const { jobId, steps, job } = await queue(resident, `/public/documents/${published.id}/export`, {
      format: 'docx',
    });
    expect(steps).toBe(3);
    expect(job.status, job.error ?? '').toBe('succeeded');
    const status = await call(resident, 'GET', `/public/documents/${published.id}/exports/${jobId}`);
    expect(status.json()).toMatchObject({
      status: 'succeeded',
      format: 'docx',
      progress: { done: 3, total: 3 },
      error: null,
      download: { name: 'Local Plan export.docx' },
    });
    const download = await call(resident, 'GET', status.json().download.url.replace('/api/v1', ''));
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-type']).toContain('wordprocessingml');
    const file = save('plan.docx', download.rawPayload);

    const xml = run('unzip', ['-p', file, 'word/document.xml']);
    const words = xml.replace(/<[^>]+>/g, '');
    expect(words).toContain('Local Plan export');
    expect(words).toContain('1 Introduction');
    expect(words).toContain('2 Proposed sites');
    expect(words).toContain('The plan guides growth until 2041.');
    expect(words).toContain('Homes first');
    expect(words).toContain('Where should new homes go?');
    expect(words).toContain('○ Towns');
    // Spec 02 §9: seven columns of at least 1750 twips overflow 10000, so the table gets a
    // landscape page of its own, 16000 wide (2285 a column).
    expect(words).toContain('Near the station');
    expect(xml.match(/<w:gridCol w:w="(\d+)"\/>/g)).toEqual(Array(7).fill('<w:gridCol w:w="2285"/>'));
    expect(xml).toMatch(/<w:pgSz w:w="16838" w:h="11906" w:orient="landscape"/);
    expect(xml).toMatch(/<w:pgSz w:w="11906" w:h="16838"/);
    expect(xml).toMatch(/<w:pgMar w:top="475" w:right="475" w:bottom="475" w:left="475"/);
    // 0.155 in: 22 half-points for the text, 33 for the title.
    expect(run('unzip', ['-p', file, 'word/styles.xml'])).toContain('<w:sz w:val="22"/>');
    expect(xml).toContain('<w:sz w:val="33"/>');

    // The attachment, the map and the chart are pictures in the package.
    const media = run('unzip', ['-Z1', file])
      .split('\n')
      .filter((name) => name.startsWith('word/media/'));
    expect(media).toHaveLength(3);
    const pictures = media.map((name) => PNG.sync.read(execFileSync('unzip', ['-p', file, name])));
    const map = pictures.find((png) => png.width === MAP_SIZE.width && png.height === MAP_SIZE.height);
    expect(map).toBeDefined();

    // A site is drawn in the site colour (half over the district's fill) where its polygon lies.
    const scene = await withTenant(t.database.db, tenant.id, async (trx) => {
      const block = configOf('x', null).entities.map as Extract<
        DocumentConfig['entities'][string],
        { type: 'map' }
      >;
      return mapScene(trx, block, await mapBlockSites(trx, tenant.id, block), 'public');
    });
    const site = scene.sites[0]!;
    const scale = MAP_SIZE.width / (scene.extent.maxX - scene.extent.minX);
    const x = Math.round((site.label![0]! - scene.extent.minX) * scale);
    const y = Math.round((scene.extent.maxY - site.label![1]!) * scale);
    const at = (map!.width * y + x) * 4;
    const pixel = [...map!.data.subarray(at, at + 3)];
    const rgb = (hex: string) => [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16));
    const expected = rgb(SITE_COLOUR).map((c, i) =>
      Math.round(c * SITE_FILL_OPACITY + rgb(DISTRICT_FILL)[i]! * (1 - SITE_FILL_OPACITY)),
    );
    pixel.forEach((channel, i) => expect(Math.abs(channel - expected[i]!)).toBeLessThanOrEqual(6));
  });

  it('puts the site info spreadsheet beside the document in a zip, numbers to 2 decimals', async () => {
    const { job } = await queue(resident, `/public/documents/${published.id}/export`, {
      format: 'docx',
      includeSiteInfo: true,
    });
    expect(job.status, job.error ?? '').toBe('succeeded');
    const download = await call(
      resident,
      'GET',
      `/public/documents/${published.id}/exports/${job.id}/download`,
    );
    expect(download.headers['content-type']).toBe('application/zip');
    const zip = save('plan.zip', download.rawPayload);
    const names = run('unzip', ['-Z1', zip]).trim().split('\n').sort();
    expect(names).toEqual(['Local Plan export - site information.xlsx', 'Local Plan export.docx']);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(execFileSync('unzip', ['-p', zip, names[0]!]) as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0]!;
    expect(sheet.name).toBe('Proposed allocations');
    expect(sheet.getRow(1).values).toEqual([
      undefined,
      'Site ID',
      'Site name',
      'HELAA reference',
      'Size (ha)',
      'Homes',
    ]);
    expect(sheet.rowCount).toBe(3);
    const sizes = await withTenant(t.database.db, tenant.id, (trx) =>
      trx.selectFrom('sites').select(['id', 'size_ha']).where('id', 'in', siteIds).orderBy('id').execute(),
    );
    sizes.forEach((row, i) => {
      expect(sheet.getRow(i + 2).getCell(1).value).toBe(Number(row.id));
      expect(sheet.getRow(i + 2).getCell(4).value).toBe(
        row.size_ha === null ? null : Math.round(Number(row.size_ha) * 100) / 100,
      );
    });
  });
});

describe('PDF export (spec 02 §2, §4)', () => {
  it('makes an A4 PDF of an unpublished document for staff, in 4 steps shown in the bell', async () => {
    const { jobId, notificationId, steps, job } = await queue(officer, `/documents/${draft.id}/export`, {
      format: 'pdf',
    });
    expect(steps).toBe(4);
    expect(job.status, job.error ?? '').toBe('succeeded');
    expect(job.progress).toEqual({ done: 4, total: 4 });
    const bell = (await call(officer, 'GET', '/notifications')).json() as {
      notifications: { id: string; status: string; label: string; completed: unknown; details: unknown }[];
    };
    expect(bell.notifications.find((item) => item.id === notificationId)).toMatchObject({
      status: 'success',
      label: documentMessages.exportLabel('pdf'),
      details: { download: { url: `/api/v1/jobs/${jobId}/download`, name: 'Draft plan export.pdf' } },
    });
    const download = await call(officer, 'GET', `/jobs/${jobId}/download`);
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-type']).toBe('application/pdf');
    const file = save('draft.pdf', download.rawPayload);
    const text = run('pdftotext', ['-layout', file, '-']);
    for (const words of [
      'Draft plan export',
      '1 Introduction',
      '2 Proposed sites',
      '3 Have your say',
      'The plan guides growth until 2041.',
      'Where should new homes go?',
      'Proposed allocations',
      'Hectares',
    ])
      expect(text).toContain(words);
    expect(run('pdfinfo', [file])).toMatch(/Page size:\s+595\.2\d? x 841\.8\d? pts \(A4\)/);
    // The wide table's page is A4 turned (pdfinfo -f 1 -l N lists each page's size).
    const sizes = run('pdfinfo', ['-f', '1', '-l', '20', file]);
    expect(sizes).toMatch(/Page\s+\d+ size:\s+841\.8\d? x 595\.2\d? pts \(A4\)/);
    // The attachment, the map and the chart (pdfimages lists two header lines first).
    const images = run('pdfimages', ['-list', file]).trim().split('\n').slice(2);
    expect(images.length).toBeGreaterThanOrEqual(3);
    const audited = (await auditRows(t.database.db, tenant.id, 'export.document')).find(
      (row) => (row.details as { jobId?: string }).jobId === jobId,
    );
    expect(audited).toMatchObject({
      actor_email: tenant.email('officer'),
      target_type: 'document',
      target_id: draft.id,
      summary: "Exported 'Draft plan export' as PDF",
      details: { format: 'pdf', includeSiteInfo: false, audience: 'staff' },
    });
  });

  it('gives a signed-out reader the file itself', async () => {
    const answer = await call(null, 'POST', `/public/documents/${published.id}/export`, { format: 'pdf' });
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.headers['content-type']).toBe('application/pdf');
    expect(answer.headers['content-disposition']).toContain('Local%20Plan%20export.pdf');
    expect(run('pdftotext', [save('direct.pdf', answer.rawPayload), '-'])).toContain('1 Introduction');
  });
});

describe('who may export', () => {
  it('hides unpublished documents from the public and other councils, and refuses bad input', async () => {
    expect(
      (await call(null, 'POST', `/public/documents/${draft.id}/export`, { format: 'pdf' })).statusCode,
    ).toBe(404);
    const residentDraft = await call(resident, 'POST', `/public/documents/${draft.id}/export`, {
      format: 'docx',
    });
    expect(residentDraft.statusCode).toBe(404);
    expect(residentDraft.json()).toEqual({ message: documentMessages.documentNotFound });
    // Another council's staff: neither the staff nor the public route knows the document.
    expect(
      (await call(otherOfficer, 'POST', `/documents/${published.id}/export`, { format: 'pdf' })).statusCode,
    ).toBe(404);
    expect(
      (await call(null, 'POST', `/public/documents/${published.id}/export`, { format: 'pdf' }, other.name))
        .statusCode,
    ).toBe(404);
    // The staff route needs a consultations grant.
    expect((await call(null, 'POST', `/documents/${draft.id}/export`, { format: 'pdf' })).statusCode).toBe(
      401,
    );
    expect(
      (await call(resident, 'POST', `/documents/${draft.id}/export`, { format: 'pdf' })).statusCode,
    ).toBe(403);
    const bad = await call(viewer, 'POST', `/documents/${draft.id}/export`, { format: 'odt' });
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain('The format is docx or pdf');
    expect(
      (await call(resident, 'POST', `/public/documents/not-an-id/export`, { format: 'pdf' })).statusCode,
    ).toBe(400);
  });

  it('shows an export only to the user who asked for it', async () => {
    const { jobId } = await queue(viewer, `/documents/${published.id}/export`, { format: 'docx' });
    const mine = await call(viewer, 'GET', `/public/documents/${published.id}/exports/${jobId}`);
    expect(mine.statusCode).toBe(200);
    for (const [who, url] of [
      [resident, `/public/documents/${published.id}/exports/${jobId}`],
      [resident, `/public/documents/${published.id}/exports/${jobId}/download`],
      [viewer, `/public/documents/${draft.id}/exports/${jobId}`],
      [otherOfficer, `/public/documents/${published.id}/exports/${jobId}`],
    ] as const)
      expect((await call(who, 'GET', url)).statusCode).toBe(404);
    expect((await call(null, 'GET', `/public/documents/${published.id}/exports/${jobId}`)).statusCode).toBe(
      401,
    );
  });
});

describe('retention (EXPORT_RETENTION_HOURS)', () => {
  it('takes the download away once the file has been kept its 24 hours, for the reader and in the bell', async () => {
    const { jobId, notificationId, job } = await queue(officer, `/public/documents/${published.id}/export`, {
      format: 'pdf',
    });
    expect(job.status, job.error ?? '').toBe('succeeded');
    const status = `/public/documents/${published.id}/exports/${jobId}`;
    expect((await call(officer, 'GET', status)).json()).toMatchObject({
      download: { url: `/api/v1${status}/download` },
    });
    // 25 hours on, by the sweep's clock and by the row's.
    await withTenant(t.database.db, tenant.id, (trx) =>
      trx
        .updateTable('jobs')
        .set({ finished_at: new Date(Date.now() - 25 * 3_600_000) })
        .where('id', '=', jobId)
        .execute(),
    );
    expect((await t.app.jobs.sweepExports(new Date())).expired).toBeGreaterThanOrEqual(1);
    const key = (job.result as { file: { key: string } }).file.key;
    expect(await t.app.storage.stat(tenant.id, 'exports', key)).toBeNull();
    const expired = { message: 'This download has expired. Please export again.' };
    expect((await call(officer, 'GET', status)).json()).toMatchObject({
      status: 'succeeded',
      download: null,
      error: expired.message,
    });
    for (const url of [`${status}/download`, `/jobs/${jobId}/download`]) {
      const answer = await call(officer, 'GET', url);
      expect(answer.statusCode, url).toBe(410);
      expect(answer.json()).toEqual(expired);
    }
    const bell = (await call(officer, 'GET', '/notifications')).json() as {
      notifications: { id: string; details: Record<string, unknown> }[];
    };
    expect(bell.notifications.find((item) => item.id === notificationId)?.details).toEqual({
      expired: true,
      expiresAt: expect.any(String),
    });
  });
});

describe('a failed export (spec 02 §8)', () => {
  it("ends in 'Failed to export document in .{format} format' when an image is gone", async () => {
    const { notificationId, job } = await queue(officer, `/public/documents/${broken.id}/export`, {
      format: 'docx',
    });
    expect(job.status).toBe('failed');
    expect(job.error).toBe('Failed to export document in .docx format');
    const bell = (await call(officer, 'GET', '/notifications')).json() as {
      notifications: { id: string; status: string; message: string | null }[];
    };
    expect(bell.notifications.find((item) => item.id === notificationId)).toMatchObject({
      status: 'error',
      message: 'Failed to export document in .docx format',
    });
    const status = await call(officer, 'GET', `/public/documents/${broken.id}/exports/${job.id}`);
    expect(status.json()).toMatchObject({
      status: 'failed',
      error: 'Failed to export document in .docx format',
    });
    const direct = await call(null, 'POST', `/public/documents/${broken.id}/export`, { format: 'pdf' });
    expect(direct.statusCode).toBe(422);
    expect(direct.json()).toEqual({ message: 'Failed to export document in .pdf format' });
  });
});

describe('a staff preview', () => {
  it('names an image still waiting for its virus scan rather than showing it', async () => {
    const scanning = await documentWithImage('Plan being scanned', false, 'unscanned');
    const { jobId, job } = await queue(officer, `/documents/${scanning.id}/export`, { format: 'pdf' });
    expect(job.status, job.error ?? '').toBe('succeeded');
    const file = save('scanning.pdf', (await call(officer, 'GET', `/jobs/${jobId}/download`)).rawPayload);
    expect(run('pdftotext', [file, '-'])).toContain('1 Introduction');
  });
});

describe('limits', () => {
  it('holds a signed-in reader to 3 unfinished exports, and a signed-out address to 5 a minute', async () => {
    await t.app.jobs.stop();
    const queued: string[] = [];
    try {
      for (let i = 0; i < 3; i++) {
        const answer = await call(resident, 'POST', `/public/documents/${published.id}/export`, {
          format: 'pdf',
        });
        expect(answer.statusCode, answer.body).toBe(202);
        queued.push(answer.json().jobId as string);
      }
      const fourth = await call(resident, 'POST', `/public/documents/${published.id}/export`, {
        format: 'pdf',
      });
      expect(fourth.statusCode).toBe(429);
      expect(fourth.json()).toEqual({ message: documentMessages.exportTooMany });
    } finally {
      t.app.jobs.start();
    }
    for (const jobId of queued)
      expect((await t.app.jobs.waitFor(jobId, { timeoutMs: 60_000 })).status).toBe('succeeded');

    // The lost image fails fast (422); each try counts, and the sixth in a minute at the latest is refused.
    const answers: number[] = [];
    for (let i = 0; i < 6 && !answers.includes(429); i++)
      answers.push(
        (await call(null, 'POST', `/public/documents/${broken.id}/export`, { format: 'docx' })).statusCode,
      );
    expect(answers.at(-1)).toBe(429);
    expect(new Set(answers.slice(0, -1))).toEqual(new Set(answers.length > 1 ? [422] : []));
    const refused = await call(null, 'POST', `/public/documents/${broken.id}/export`, { format: 'docx' });
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({ message: documentMessages.exportTooMany });
    expect(refused.headers['retry-after']).toMatch(/^\d+$/);
  });
});
