import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { FILE_LIMITS, fileMessages, serverMessages } from '@planning/shared';
import { withTenant } from '../../db/tenant-transaction';
import { buildTenantWithUsers } from '../../../test/factories';
import { EICAR, startClamd, type TestClamd } from '../../../test/clamd';
import { startS3, type TestS3 } from '../../../test/s3';
import { signIn, type SignedIn } from '../../../test/sessions';
import { buildTestApp, type TestApp } from '../../../test/test-app';
import { demoDistrict } from '../sites/sites.generator';
import { seedSites } from '../sites/sites.seed';
import { createFileSigner, loadSigningKey } from './files.signing';
import { JPEG, multipart, type Part, pdfWith, PNG, SECRET, startFlakyScanner } from './files.test-fixtures';

let clamd: TestClamd;
let s3: TestS3;
let scanner: Awaited<ReturnType<typeof startFlakyScanner>>;
let t: TestApp;
/** The same product with no scanner configured, and files in a local folder (t keeps them in S3). */
let bare: TestApp;
let tenant: Awaited<ReturnType<typeof buildTenantWithUsers>>;
let bareTenant: Awaited<ReturnType<typeof buildTenantWithUsers>>;
let officer: SignedIn;
let viewer: SignedIn;
let otherOfficer: SignedIn;
let bareOfficer: SignedIn;
let bareViewer: SignedIn;
let siteId: string;
let bareSiteId: string;

const firstSite = (app: TestApp, tenantId: string) =>
  withTenant(app.database.db, tenantId, async (trx) => {
    const { rows } = await sql<{
      id: string;
    }>`select id::text as id from sites order by sites.id limit 1`.execute(trx);
    return rows[0]!.id;
  });

beforeAll(async () => {
  clamd = await startClamd();
  scanner = await startFlakyScanner(clamd);
  s3 = await startS3();
  [t, bare] = await Promise.all([
    buildTestApp({
      env: {
        ...s3.env,
        CLAMD_HOST: '127.0.0.1',
        CLAMD_PORT: String(scanner.port),
        CLAMD_TIMEOUT_MS: '20000',
        FILE_SIGNING_SECRET: SECRET,
      },
    }),
    buildTestApp(),
  ]);
  tenant = await buildTenantWithUsers(t.database.db);
  await seedSites(t.database.db, tenant.id, demoDistrict, 3);
  const other = await buildTenantWithUsers(t.database.db);
  bareTenant = await buildTenantWithUsers(bare.database.db);
  await seedSites(bare.database.db, bareTenant.id, demoDistrict, 2);
  [officer, viewer, otherOfficer, bareOfficer, bareViewer] = await Promise.all([
    signIn(t.app, tenant.name, tenant.email('officer')),
    signIn(t.app, tenant.name, tenant.email('viewer')),
    signIn(t.app, other.name, other.email('officer')),
    signIn(bare.app, bareTenant.name, bareTenant.email('officer')),
    signIn(bare.app, bareTenant.name, bareTenant.email('viewer')),
  ]);
  siteId = await firstSite(t, tenant.id);
  bareSiteId = await firstSite(bare, bareTenant.id);
});
afterAll(async () => {
  await Promise.all([t?.close(), bare?.close()]);
  await scanner?.stop();
  await clamd?.stop();
  await s3?.stop();
});

const upload = (
  who: SignedIn,
  parts: Part[],
  options: { app?: TestApp; site?: string; metadata?: string } = {},
) => {
  const body = multipart(parts, options.metadata);
  return (options.app ?? t).app.inject({
    method: 'POST',
    url: `/api/v1/site/${options.site ?? siteId}/files`,
    headers: who.headers({ 'content-type': body.contentType }),
    payload: body.payload,
  });
};
const get = (who: SignedIn, url: string, app: TestApp = t) =>
  app.app.inject({
    method: 'GET',
    url: url.startsWith('/api/') ? url : `/api/v1${url}`,
    headers: who.headers(),
  });

type Listed = {
  metadata: { id: string; size: number; contentType: string };
  scannedStatus: string;
  name: string;
};

/** The scan job queued for a file, run to its end. */
async function scanned(fileId: string) {
  const job = await withTenant(t.database.db, tenant.id, (trx) =>
    trx
      .selectFrom('jobs')
      .select('id')
      .where(sql<boolean>`payload ->> 'fileId' = ${fileId}`)
      .executeTakeFirstOrThrow(),
  );
  return t.app.jobs.waitFor(job.id);
}

const fileRow = (fileId: string, app: TestApp = t, tenantId = tenant.id) =>
  withTenant(app.database.db, tenantId, (trx) =>
    trx
      .selectFrom('files')
      .select(['bucket', 'scan_status', 'scan_detail', 'deleted_at', 'key'])
      .where('id', '=', fileId)
      .executeTakeFirstOrThrow(),
  );

const fileHistory = (app: TestApp, tenantId: string, site: string) =>
  withTenant(app.database.db, tenantId, (trx) =>
    trx
      .selectFrom('site_history')
      .select(['file_name', 'action_type', 'user_name'])
      .where('site_id', '=', site)
      .where('type', '=', 'FILE')
      .orderBy('id')
      .execute(),
  );

describe('uploads (spec 01 §5)', () => {
  it('stores a png unscanned with a FILE history item, then the scan makes it clean and downloadable', async () => {
    const answer = await upload(officer, [
      { name: 'Site photo (north).png', content: PNG, type: 'image/png' },
    ]);
    expect(answer.statusCode, answer.body).toBe(201);
    const [file] = answer.json().files as Listed[];
    expect(file).toMatchObject({
      name: 'Site_photo_north.png',
      scannedStatus: 'unscanned',
      metadata: { orig_name: 'Site photo (north).png', contentType: 'image/png', size: PNG.length },
    });
    expect(await fileHistory(t, tenant.id, siteId)).toContainEqual({
      file_name: 'Site_photo_north.png',
      action_type: 'UPLOAD',
      user_name: expect.any(String),
    });

    const job = await scanned(file!.metadata.id);
    expect(job.status).toBe('succeeded');
    expect(t.app.storage.kind).toBe('s3');
    expect(await fileRow(file!.metadata.id)).toMatchObject({ bucket: 'siteFiles', scan_status: 'clean' });

    const listed = (await get(viewer, `/site/${siteId}/files`)).json().files as Listed[];
    expect(listed.find((one) => one.metadata.id === file!.metadata.id)).toMatchObject({
      scannedStatus: 'clean',
      canDownload: true,
      canDelete: false,
    });
    const link = await get(viewer, `/files/${file!.metadata.id}/signed-url`);
    expect(link.statusCode, link.body).toBe(200);
    const download = await get(viewer, `${link.json().signedUrl}&disposition=inline`);
    expect(download.statusCode, download.body).toBe(200);
    expect(download.rawPayload.equals(PNG)).toBe(true);
    expect(download.headers['content-type']).toBe('image/png');
    expect(download.headers['content-disposition']).toBe('inline; filename="Site_photo_north.png"');
    expect(download.headers['x-content-type-options']).toBe('nosniff');
    expect(download.headers['content-security-policy']).toContain('sandbox');
  });

  it('quarantines an upload carrying the EICAR test virus, and no URL ever fetches it', async () => {
    const answer = await upload(officer, [{ name: 'survey.pdf', content: pdfWith(EICAR) }]);
    expect(answer.statusCode, answer.body).toBe(201);
    const fileId = (answer.json().files as Listed[])[0]!.metadata.id;
    const job = await scanned(fileId);
    expect(job.status).toBe('succeeded');
    expect(await fileRow(fileId)).toMatchObject({
      bucket: 'quarantined',
      scan_status: 'quarantined',
      scan_detail: expect.stringContaining('EICAR'),
    });
    expect(await t.app.storage.stat(tenant.id, 'unscanned', fileId)).toBeNull();

    const listed = (await get(officer, `/site/${siteId}/files/quarantined`)).json().files as Listed[];
    expect(listed.map((one) => one.metadata.id)).toEqual([fileId]);
    expect(listed[0]).toMatchObject({ scannedStatus: 'quarantined', canDownload: false, signedUrl: null });

    const link = await get(officer, `/files/${fileId}/signed-url`);
    expect(link.statusCode).toBe(403);
    expect(link.json().message).toBe(fileMessages.downloadError(fileMessages.quarantined));
    // Even a correctly signed link, made by hand, is refused.
    const signer = createFileSigner(await loadSigningKey(SECRET, '/nonexistent'));
    const forged = await get(officer, `/files/download?token=${signer.sign(tenant.id, fileId).token}`);
    expect(forged.statusCode).toBe(403);
    expect(forged.json().message).toBe(fileMessages.downloadError(fileMessages.quarantined));
  });

  it('decides the type by content: a .png that is really HTML is refused and nothing is kept', async () => {
    const before = await countFiles();
    const html = Buffer.from('<!doctype html><html><body><script>alert(1)</script></body></html>');
    const answer = await upload(officer, [{ name: 'photo.png', content: html, type: 'image/png' }]);
    expect(answer.statusCode).toBe(400);
    expect(answer.json()).toEqual({ message: fileMessages.onlyImagesAndPdf });
    expect(await countFiles()).toBe(before);
  });

  it('names the stored file after its real type, and takes jpeg and pdf', async () => {
    const answer = await upload(officer, [
      { name: '../../etc/passwd', content: JPEG },
      { name: 'plan.pdf', content: pdfWith('site plan') },
    ]);
    expect(answer.statusCode, answer.body).toBe(201);
    const names = (answer.json().files as Listed[]).map((file) => [file.name, file.metadata.contentType]);
    expect(names).toEqual(
      expect.arrayContaining([
        ['passwd.jpg', 'image/jpeg'],
        ['plan.pdf', 'application/pdf'],
      ]),
    );
  });

  it("refuses 11 files, a file over 32MB, over 32MB in all, and no files, in the spec's words", async () => {
    const before = await countFiles();
    const eleven = Array.from({ length: 11 }, (_, i) => ({ name: `p${i}.png`, content: PNG }));
    const tooMany = await upload(officer, eleven);
    expect(tooMany.statusCode).toBe(413);
    expect(tooMany.json()).toEqual({ message: fileMessages.tooManyFiles });

    // 33MB is refused from its Content-Length, before a byte is read; one byte over 32MB as it streams.
    const big = Buffer.concat([PNG, Buffer.alloc(33 * 1024 * 1024 - PNG.length)]);
    const refusedUnread = await upload(officer, [{ name: 'big.png', content: big }]);
    expect(refusedUnread.statusCode).toBe(413);
    expect(refusedUnread.json()).toEqual({ message: fileMessages.totalTooLarge });
    const overByOne = big.subarray(0, FILE_LIMITS.maxFileBytes + 1);
    const tooLarge = await upload(officer, [{ name: 'big.png', content: overByOne }]);
    expect(tooLarge.statusCode).toBe(413);
    expect(tooLarge.json()).toEqual({ message: fileMessages.fileTooLarge });

    const half = Buffer.concat([PNG, Buffer.alloc(17 * 1024 * 1024)]);
    const tooMuch = await upload(officer, [
      { name: 'a.png', content: half },
      { name: 'b.png', content: half },
    ]);
    expect(tooMuch.statusCode).toBe(413);
    expect(tooMuch.json()).toEqual({ message: fileMessages.totalTooLarge });

    const empty = await upload(officer, []);
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toEqual({ message: fileMessages.filesEmpty });
    expect(await countFiles()).toBe(before);
  });

  it('refuses a body that is not multipart, bad metadata and another field, with 4xx JSON', async () => {
    const json = await t.app.inject({
      method: 'POST',
      url: `/api/v1/site/${siteId}/files`,
      headers: officer.headers({ 'content-type': 'application/json' }),
      payload: { fileCollection: 'x' },
    });
    expect(json.statusCode).toBe(415);
    expect(json.json()).toEqual({ message: fileMessages.notMultipart });
    const metadata = await upload(officer, [{ name: 'a.png', content: PNG }], { metadata: '{"siteId":[1]}' });
    expect(metadata.statusCode).toBe(400);
    expect(metadata.json().message).toBe(fileMessages.metadataInvalid);
    const field = await upload(officer, [{ name: 'a.png', content: PNG, field: 'other' }]);
    expect(field.statusCode).toBe(400);
    expect(field.json()).toEqual({ message: fileMessages.unexpectedField });
  });

  it('needs write on sites to upload, and a live site of the council', async () => {
    const denied = await upload(viewer, [{ name: 'a.png', content: PNG }]);
    expect(denied.statusCode).toBe(403);
    const foreign = await upload(otherOfficer, [{ name: 'a.png', content: PNG }]);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toEqual({ message: serverMessages.nonExistingId });
    expect((await get(otherOfficer, `/site/${siteId}/files`)).statusCode).toBe(404);
  });

  it('streams over a real connection, and answers an oversized upload with 413 JSON, not a reset', async () => {
    const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const send = (parts: Part[]) => {
      const body = multipart(parts);
      return fetch(`${address}/api/v1/site/${siteId}/files`, {
        method: 'POST',
        headers: officer.headers({ 'content-type': body.contentType }),
        body: body.payload,
      });
    };
    const ok = await send([{ name: 'wire.png', content: PNG }]);
    expect(ok.status).toBe(201);
    const big = Buffer.concat([PNG, Buffer.alloc(FILE_LIMITS.maxFileBytes)]);
    const refused = await send([{ name: 'wire-big.png', content: big }]);
    expect(refused.status).toBe(413);
    // Refused as it streams (past the 32MB of one file), the rest of the body read and dropped.
    expect(await refused.json()).toEqual({ message: fileMessages.fileTooLarge });
  });

  it('takes POST /file with the site named in the metadata', async () => {
    const body = multipart(
      [{ name: 'b.png', content: PNG }],
      JSON.stringify({ siteId, description: 'Access road' }),
    );
    const answer = await t.app.inject({
      method: 'POST',
      url: '/api/v1/file',
      headers: officer.headers({ 'content-type': body.contentType }),
      payload: body.payload,
    });
    expect(answer.statusCode, answer.body).toBe(201);
    expect(answer.json().files[0]).toMatchObject({ siteId, name: 'b.png' });
  });
});

const countFiles = () =>
  withTenant(t.database.db, tenant.id, async (trx) =>
    Number((await sql<{ n: number }>`select count(*)::int as n from files`.execute(trx)).rows[0]!.n),
  );

describe('signed download links', () => {
  let fileId: string;
  beforeAll(async () => {
    const answer = await upload(officer, [{ name: 'link.png', content: PNG }]);
    fileId = (answer.json().files as Listed[])[0]!.metadata.id;
    await scanned(fileId);
  });
  const signer = async () => createFileSigner(await loadSigningKey(SECRET, '/nonexistent'));

  it('refuses an expired link', async () => {
    const old = (await signer()).sign(
      tenant.id,
      fileId,
      Date.now() - (FILE_LIMITS.signedUrlSeconds + 1) * 1000,
    );
    const answer = await get(officer, `/files/download?token=${old.token}`);
    expect(answer.statusCode).toBe(403);
    expect(answer.json()).toEqual({ message: fileMessages.downloadError(fileMessages.linkExpired) });
  });

  it('refuses a tampered link: another file, a later expiry, a changed signature', async () => {
    const { token } = (await signer()).sign(tenant.id, fileId);
    const [v, id, expires, mac] = token.split('.') as [string, string, string, string];
    const tampered = [
      [v, randomUUID(), expires, mac],
      [v, id, String(Number(expires) + 3600), mac],
      [v, id, expires, `${mac.slice(0, -2)}${mac.endsWith('AA') ? 'AB' : 'AA'}`],
    ].map((parts) => parts.join('.'));
    for (const bad of tampered) {
      const answer = await get(officer, `/files/download?token=${bad}`);
      expect(answer.statusCode, bad).toBe(403);
      expect(answer.json()).toEqual({ message: fileMessages.downloadError(fileMessages.linkInvalid) });
    }
    expect((await get(officer, '/files/download?token=nonsense')).statusCode).toBe(400);
  });

  it("refuses a council's link used at another council", async () => {
    const { signedUrl } = (await get(officer, `/files/${fileId}/signed-url`)).json();
    const answer = await get(otherOfficer, signedUrl);
    expect(answer.statusCode).toBe(403);
    expect(answer.json()).toEqual({ message: fileMessages.downloadError(fileMessages.linkInvalid) });
    expect((await get(otherOfficer, `/files/${fileId}/signed-url`)).statusCode).toBe(404);
  });

  it('serves an SVG so that its scripts can never run', async () => {
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');
    const svgId = randomUUID();
    await t.app.storage.put(tenant.id, 'siteFiles', svgId, svg, { contentType: 'image/svg+xml' });
    await withTenant(t.database.db, tenant.id, (trx) =>
      trx
        .insertInto('files')
        .values({
          id: svgId,
          tenant_id: tenant.id,
          site_id: siteId,
          bucket: 'siteFiles',
          key: svgId,
          orig_name: 'old plan.svg',
          name: 'old_plan.svg',
          content_type: 'image/svg+xml',
          size: svg.length,
          scan_status: 'clean',
          uploaded_by_name: 'Migrated',
        })
        .execute(),
    );
    const { signedUrl } = (await get(viewer, `/files/${svgId}/signed-url`)).json();
    const answer = await get(viewer, `${signedUrl}&disposition=inline`);
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['content-type']).toBe('image/svg+xml');
    expect(answer.headers['content-security-policy']).toMatch(/default-src 'none'.*sandbox/);
    expect(answer.headers['x-content-type-options']).toBe('nosniff');
  });
});

describe('a scanner that is down', () => {
  it("marks the file 'fail', then the retry scans it clean", async () => {
    scanner.failNextConnections(1);
    let fileIdKnown: (id: string) => void = () => undefined;
    const uploaded = new Promise<string>((resolve) => (fileIdKnown = resolve));
    const seen: string[] = [];
    // The retry's connection: the failed attempt must have left the file 'fail' before it.
    scanner.beforeScans(async () => {
      seen.push((await fileRow(await uploaded)).scan_status);
    });
    try {
      const answer = await upload(officer, [{ name: 'retry.png', content: PNG }]);
      const fileId = (answer.json().files as Listed[])[0]!.metadata.id;
      fileIdKnown(fileId);
      const job = await scanned(fileId);
      expect(job).toMatchObject({ status: 'succeeded', attempts: 2 });
    } finally {
      scanner.beforeScans(null);
    }
    expect(seen).toEqual(['fail']);
    expect(await fileRow(await uploaded)).toMatchObject({ bucket: 'siteFiles', scan_status: 'clean' });
  });
});

describe('scanning again', () => {
  it('after every attempt failed, the file stays fail until someone who may write asks again', async () => {
    scanner.failNextConnections(1000);
    let fileId: string;
    try {
      const answer = await upload(officer, [{ name: 'stubborn.png', content: PNG }]);
      fileId = (answer.json().files as Listed[])[0]!.metadata.id;
      const job = await scanned(fileId);
      expect(job.status).toBe('failed');
    } finally {
      scanner.failNextConnections(0);
    }
    expect(await fileRow(fileId)).toMatchObject({ bucket: 'unscanned', scan_status: 'fail' });
    const scan = (who: SignedIn) =>
      t.app.inject({ method: 'POST', url: `/api/v1/files/${fileId}/scan`, headers: who.headers() });
    expect((await scan(viewer)).statusCode).toBe(403);
    const again = await scan(officer);
    expect(again.statusCode, again.body).toBe(202);
    expect((await t.app.jobs.waitFor(again.json().jobId)).status).toBe('succeeded');
    expect(await fileRow(fileId)).toMatchObject({ bucket: 'siteFiles', scan_status: 'clean' });
    const done = await scan(officer);
    expect(done.statusCode).toBe(409);
    expect(done.json()).toEqual({ message: fileMessages.alreadyScanned });
  });
});

describe('no scanner configured', () => {
  let fileId: string;
  beforeAll(async () => {
    const answer = await upload(bareOfficer, [{ name: 'plan.png', content: PNG }], {
      app: bare,
      site: bareSiteId,
    });
    expect(answer.statusCode, answer.body).toBe(201);
    fileId = (answer.json().files as Listed[])[0]!.metadata.id;
  });

  it('keeps files unscanned, says so, and queues no scan', async () => {
    const listed = (await get(bareViewer, `/site/${bareSiteId}/files/unscanned`, bare)).json().files;
    expect(listed).toEqual([
      expect.objectContaining({ scannedStatus: 'unscanned', scannerConfigured: false, canDownload: false }),
    ]);
    const jobs = await withTenant(bare.database.db, bareTenant.id, (trx) =>
      trx.selectFrom('jobs').select('id').where('kind', '=', 'file.scan').execute(),
    );
    expect(jobs).toEqual([]);
    const scan = await bare.app.inject({
      method: 'POST',
      url: `/api/v1/files/${fileId}/scan`,
      headers: bareOfficer.headers(),
    });
    expect(scan.statusCode).toBe(409);
    expect(scan.json()).toEqual({ message: fileMessages.noScannerConfigured });
  });

  it('lets staff who may edit sites download them, and not a viewer', async () => {
    const link = await get(bareOfficer, `/files/${fileId}/signed-url`, bare);
    expect(link.statusCode).toBe(200);
    expect((await get(bareOfficer, link.json().signedUrl, bare)).statusCode).toBe(200);
    const refused = await get(bareViewer, link.json().signedUrl, bare);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ message: fileMessages.downloadError(fileMessages.notScanned) });
    expect((await get(bareViewer, `/files/${fileId}/signed-url`, bare)).statusCode).toBe(403);
  });
});

describe('DELETE /site/{id}/files/{fileId}', () => {
  it('needs delete on sites, records a FILE history item and leaves nothing to download', async () => {
    const answer = await upload(officer, [{ name: 'gone.png', content: PNG }]);
    const fileId = (answer.json().files as Listed[])[0]!.metadata.id;
    await scanned(fileId);
    const { signedUrl } = (await get(officer, `/files/${fileId}/signed-url`)).json();
    const url = `/api/v1/site/${siteId}/files/${fileId}`;
    expect((await t.app.inject({ method: 'DELETE', url, headers: viewer.headers() })).statusCode).toBe(403);
    const deleted = await t.app.inject({ method: 'DELETE', url, headers: officer.headers() });
    expect(deleted.statusCode).toBe(204);
    expect(await fileHistory(t, tenant.id, siteId)).toContainEqual({
      file_name: 'gone.png',
      action_type: 'DELETE',
      user_name: expect.any(String),
    });
    const listed = (await get(officer, `/site/${siteId}/files`)).json().files as Listed[];
    expect(listed.map((one) => one.metadata.id)).not.toContain(fileId);
    const download = await get(officer, signedUrl);
    expect(download.statusCode).toBe(404);
    expect(await t.app.storage.stat(tenant.id, 'siteFiles', fileId)).toBeNull();
    const again = await t.app.inject({ method: 'DELETE', url, headers: officer.headers() });
    expect(again.statusCode).toBe(404);
    expect(again.json()).toEqual({ message: fileMessages.fileNotFound });
  });
});
