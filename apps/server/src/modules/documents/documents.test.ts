import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { documentMessages, FILE_LIMITS, type DocumentConfig } from '@planning/shared';
import { withTenant } from '../../db/tenant-transaction';
import { buildTenantWithUsers } from '../../../test/factories';
import { signIn, type SignedIn } from '../../../test/sessions';
import { PNG } from '../files/files.test-fixtures';
import { demoDistrict } from '../sites/sites.generator';
import { seedSites } from '../sites/sites.seed';
import { DEMO_DOCUMENT_TITLE, seedDemoDocument } from './documents.seed';
import { documentsTestBed } from './documents.testing';

const {
  t,
  tenant,
  other,
  officer,
  viewer,
  resident,
  otherOfficer,
  call,
  createDocument,
  publishedDocument,
  answer,
  seeded,
} = documentsTestBed();
let siteIds: string[];
let config: DocumentConfig;
beforeAll(() => ({ siteIds, config } = seeded));

describe('document builder (spec 02 §2, §3, §7)', () => {
  it('creates a blank document with one root section, lists it, reads and saves it', async () => {
    const blank = await createDocument('Blank draft', {});
    expect(blank.config).toMatchObject({
      root: 'root',
      documentSettings: { hideSectionNumberings: false },
      entities: { root: { type: 'section', title: 'Blank draft' } },
    });
    expect(blank.meta.isPublished).toBe(false);
    const list = (await call(viewer, 'GET', '/documents')).json().documents as { id: string }[];
    expect(list.map((item) => item.id)).toContain(blank.id);

    const saved = await call(officer, 'PUT', `/documents/${blank.id}`, {
      title: 'Renamed',
      config: { ...config, documentSettings: { hideSectionNumberings: true } },
      ifUpdatedAt: blank.meta.updatedAt,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({
      title: 'Renamed',
      config: { documentSettings: { hideSectionNumberings: true } },
    });
    const read = await call(viewer, 'GET', `/documents/${blank.id}`);
    expect(read.json()).toMatchObject({ title: 'Renamed', policy: { canWrite: false, canDelete: false } });
    expect(read.json().config.entities['sites-map'].sites.ids).toEqual(siteIds);
  });

  it('refuses a save over someone else’s (409) and a config that does not hold together (400)', async () => {
    const document = await createDocument();
    await call(officer, 'PUT', `/documents/${document.id}`, { title: 'First' });
    const stale = await call(officer, 'PUT', `/documents/${document.id}`, {
      title: 'Second',
      ifUpdatedAt: document.meta.updatedAt,
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().message).toBe(documentMessages.changedMeanwhile);

    const broken = await call(officer, 'PUT', `/documents/${document.id}`, {
      config: {
        ...config,
        entities: { ...config.entities, intro: { ...config.entities.intro!, childSectionIds: ['ghost'] } },
      },
    });
    expect(broken.statusCode).toBe(400);
    expect(broken.json().issues.map((issue: { message: string }) => issue.message)).toContain(
      'intro lists a child ghost that does not exist',
    );
    const cyclic = await call(officer, 'PUT', `/documents/${document.id}`, {
      config: {
        ...config,
        entities: { ...config.entities, intro: { ...config.entities.intro!, childSectionIds: ['root'] } },
      },
    });
    expect(cyclic.statusCode).toBe(400);
    expect(JSON.stringify(cyclic.json())).toContain('contains itself');
  });

  it('deletes a document: gone from the list, the builder and the public', async () => {
    const document = await publishedDocument('To delete');
    expect((await call(viewer, 'DELETE', `/documents/${document.id}`)).statusCode).toBe(403);
    expect((await call(officer, 'DELETE', `/documents/${document.id}`)).statusCode).toBe(204);
    expect((await call(officer, 'GET', `/documents/${document.id}`)).statusCode).toBe(404);
    expect((await call(null, 'GET', `/public/documents/${document.id}`)).statusCode).toBe(404);
    const list = (await call(officer, 'GET', '/documents')).json().documents as { id: string }[];
    expect(list.map((item) => item.id)).not.toContain(document.id);
  });

  it('needs the consultations grants: a viewer reads, a resident and another council’s officer get nothing', async () => {
    const document = await createDocument();
    expect((await call(viewer, 'GET', `/documents/${document.id}`)).statusCode).toBe(200);
    expect((await call(viewer, 'POST', '/documents', { title: 'No' })).statusCode).toBe(403);
    expect((await call(viewer, 'POST', `/documents/${document.id}/publish`)).statusCode).toBe(403);
    const asResident = await call(resident, 'GET', `/documents/${document.id}`);
    expect(asResident.statusCode).toBe(403);
    expect(asResident.json()).toEqual({ message: 'Not authorized' });
    expect((await call(null, 'GET', '/documents')).statusCode).toBe(401);
    // Another council: the id is simply not there.
    const foreign = await call(otherOfficer, 'GET', `/documents/${document.id}`);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().message).toBe(documentMessages.documentNotFound);
    expect((await call(otherOfficer, 'PUT', `/documents/${document.id}`, { title: 'Mine' })).statusCode).toBe(
      404,
    );
    expect((await call(otherOfficer, 'GET', `/documents/${document.id}/responses`)).statusCode).toBe(404);
    const otherList = (await call(otherOfficer, 'GET', '/documents')).json().documents as { id: string }[];
    expect(otherList.map((item) => item.id)).not.toContain(document.id);
  });

  it('answers 404 everywhere while the document-builder flag is off', async () => {
    const off = await buildTenantWithUsers(t.database.db, { flags: { documentBuilder: false } });
    const offOfficer = await signIn(t.app, off.name, off.email('officer'));
    const list = await call(offOfficer, 'GET', '/documents');
    expect(list.statusCode).toBe(404);
    expect(list.json().message).toBe(documentMessages.builderOff);
    expect((await call(null, 'GET', '/public/documents', undefined, off.name)).statusCode).toBe(404);
  });

  it('keeps document and block templates, and starts a document from one', async () => {
    const empty = await call(officer, 'GET', '/documents/templates?kind=block');
    expect(empty.json().templates).toEqual([]);
    const documentTemplate = await call(officer, 'POST', '/documents/templates', {
      kind: 'document',
      name: ' Local plan ',
      config,
    });
    expect(documentTemplate.statusCode, documentTemplate.body).toBe(201);
    expect(documentTemplate.json()).toMatchObject({
      kind: 'document',
      name: 'Local plan',
      feature: 'documentBuilder',
      createdBy: { name: 'Olu Officer' },
    });
    const block = await call(officer, 'POST', '/documents/templates', {
      kind: 'block',
      name: 'Vision question',
      config: { root: 'q-vision-block', entities: { 'q-vision-block': config.entities['q-vision-block'] } },
    });
    expect(block.statusCode, block.body).toBe(201);
    expect(block.json().config).not.toHaveProperty('documentSettings');
    const blocks = (await call(viewer, 'GET', '/documents/templates?kind=block')).json().templates;
    expect(blocks.map((item: { name: string }) => item.name)).toEqual(['Vision question']);
    expect((await call(viewer, 'GET', '/documents/templates?search=local')).json().templates).toHaveLength(1);

    const renamed = await call(officer, 'PUT', `/documents/templates/${block.json().id}`, {
      kind: 'block',
      name: 'Vision',
    });
    expect(renamed.json().name).toBe('Vision');
    const wrongKind = await call(officer, 'PUT', `/documents/templates/${block.json().id}`, {
      kind: 'document',
      name: 'x',
    });
    expect(wrongKind.statusCode).toBe(400);

    const fromTemplate = await createDocument('From template', { templateId: documentTemplate.json().id });
    expect(Object.keys(fromTemplate.config.entities).sort()).toEqual(Object.keys(config.entities).sort());
    expect((await call(otherOfficer, 'GET', `/documents/templates/${block.json().id}`)).statusCode).toBe(404);
    expect((await call(viewer, 'DELETE', `/documents/templates/${block.json().id}`)).statusCode).toBe(403);
    expect((await call(officer, 'DELETE', `/documents/templates/${block.json().id}`)).statusCode).toBe(204);
    expect((await call(officer, 'GET', `/documents/templates/${block.json().id}`)).statusCode).toBe(404);
  });
});

describe('public documents (spec 02 §2 /p/document)', () => {
  it('shows an unpublished document to nobody outside the builder (404), published ones to anyone', async () => {
    const document = await createDocument('Draft plan');
    const hidden = await call(null, 'GET', `/public/documents/${document.id}`);
    expect(hidden.statusCode).toBe(404);
    expect(hidden.json().message).toBe(documentMessages.documentNotFound);
    expect((await call(resident, 'GET', `/public/documents/${document.id}`)).statusCode).toBe(404);
    expect((await call(null, 'GET', `/public/documents/${document.id}/status`)).statusCode).toBe(404);
    const ids = () =>
      call(null, 'GET', '/public/documents').then((r) => r.json().documents.map((d: { id: string }) => d.id));
    expect(await ids()).not.toContain(document.id);

    const preview = await call(viewer, 'GET', `/documents/${document.id}/preview`);
    expect(preview.statusCode).toBe(200);
    expect(preview.json().meta.isPublished).toBe(false);

    const published = await call(officer, 'POST', `/documents/${document.id}/publish`);
    expect(published.json().meta).toMatchObject({ isPublished: true });
    expect(published.json().meta.publishedAt).not.toBeNull();
    const read = await call(null, 'GET', `/public/documents/${document.id}`);
    expect(read.statusCode).toBe(200);
    expect(read.json()).toMatchObject({
      title: 'Draft plan',
      viewer: { signedIn: false, canAnswer: false, reason: documentMessages.loginToAnswer },
    });
    expect(await ids()).toContain(document.id);
    const status = await call(null, 'GET', `/public/documents/${document.id}/status`);
    expect(status.json()).toMatchObject({ id: document.id, isPublished: true });
    expect((await call(officer, 'GET', `/documents/${document.id}/status`)).json().updatedAt).toBe(
      status.json().updatedAt,
    );

    await call(officer, 'POST', `/documents/${document.id}/unpublish`);
    expect((await call(null, 'GET', `/public/documents/${document.id}`)).statusCode).toBe(404);
    // Another council's address for the same id: not there either.
    await call(officer, 'POST', `/documents/${document.id}/publish`);
    expect(
      (await call(null, 'GET', `/public/documents/${document.id}`, undefined, other.name)).statusCode,
    ).toBe(404);
  });

  it('reads an unpublished document through its share link, until the link is turned off', async () => {
    const document = await createDocument('Shared draft');
    const share = await call(officer, 'POST', `/documents/${document.id}/share`);
    const { token, path } = share.json() as { token: string; path: string };
    expect(path).toBe(`/p/document/${document.id}?share=${token}`);
    expect((await call(officer, 'POST', `/documents/${document.id}/share`)).json().token).toBe(token);
    expect((await call(null, 'GET', `/public/documents/${document.id}?share=${token}`)).statusCode).toBe(200);
    expect((await call(null, 'GET', `/public/documents/${document.id}?share=${token}x`)).statusCode).toBe(
      404,
    );
    expect(
      (await call(null, 'GET', `/public/documents/${document.id}?share=${token}`, undefined, other.name))
        .statusCode,
    ).toBe(404);
    // A share link shows the document; it does not open it for answers.
    const refused = await answer(resident, document.id, { questionId: 'q-comments', value: 'Hi' });
    expect(refused.statusCode).toBe(404);
    expect((await call(officer, 'DELETE', `/documents/${document.id}/share`)).statusCode).toBe(204);
    expect((await call(null, 'GET', `/public/documents/${document.id}?share=${token}`)).statusCode).toBe(404);
  });

  it('sends rich text as sanitised HTML, never the JSON, and keeps the blocks’ settings', async () => {
    const hostile: DocumentConfig = {
      ...config,
      entities: {
        ...config.entities,
        'intro-text': {
          id: 'intro-text',
          type: 'textBlock',
          content: {
            type: 'doc',
            content: [
              {
                type: 'paragraph',
                content: [
                  {
                    type: 'text',
                    text: 'Click',
                    marks: [{ type: 'link', attrs: { href: 'javascript:alert(1)' } }],
                  },
                  {
                    type: 'text',
                    text: ' safe',
                    marks: [{ type: 'link', attrs: { href: 'https://example.gov.uk' } }],
                  },
                ],
              },
              { type: 'rawHtml', attrs: { html: '<script>alert(1)</script>' } },
            ],
          },
        },
        'q-comments-block': {
          id: 'q-comments-block',
          type: 'question',
          question: {
            id: 'q-comments',
            title: 'Comments',
            type: 'textQuestion',
            question: '<p onclick="alert(1)">Tell us<script>alert(1)</script></p>',
            options: [],
            orientation: 'vertical',
            maxLength: 1000,
          },
        },
      },
    };
    const document = await createDocument('Hostile', { config: hostile });
    // HTML typed in as text is cleaned as it is saved.
    expect(
      (await call(officer, 'GET', `/documents/${document.id}`)).json().config.entities['q-comments-block']
        .question.question,
    ).toBe('<p>Tell us</p>');
    await call(officer, 'POST', `/documents/${document.id}/publish`);
    const read = (await call(null, 'GET', `/public/documents/${document.id}`)).json();
    expect(read.config.entities['intro-text'].content).toBe(
      '<p>Click<a href="https://example.gov.uk" target="_blank" rel="noopener noreferrer nofollow"> safe</a></p>',
    );
    expect(read.config.entities['q-comments-block'].question.question).toBe('<p>Tell us</p>');
    expect(read.config.entities['housing-chart']).toMatchObject({
      chartType: 'column',
      columnChartType: 'default',
      chartData: [{ color: '#5B8FF9' }, { color: '#0B6E4F' }, { color: '#F47738' }],
    });
    expect(read.config.entities['sites-map']).toMatchObject({
      caption: 'Proposed allocations',
      siteDetailsDropdown: true,
    });
    expect(JSON.stringify(read)).not.toMatch(/javascript:|<script|onclick/i);
  });

  it('tracks reading per page view: one open, heartbeats 20 s apart at least, one close', async () => {
    const document = await publishedDocument('Tracked');
    const viewId = randomUUID();
    const track = (event: string, id = viewId) =>
      call(null, 'POST', `/public/documents/${document.id}/tracking`, { event, viewId: id });
    expect((await track('open')).json()).toEqual({ recorded: true });
    expect((await track('open')).json()).toEqual({ recorded: false });
    expect((await track('heartbeat')).json()).toEqual({ recorded: true });
    expect((await track('heartbeat')).json()).toEqual({ recorded: false });
    expect((await track('close')).json()).toEqual({ recorded: true });
    expect((await track('close')).json()).toEqual({ recorded: false });
    expect(
      (
        await call(resident, 'POST', `/public/documents/${document.id}/tracking`, {
          event: 'open',
          viewId: randomUUID(),
        })
      ).json(),
    ).toEqual({ recorded: true });
    const bad = await track('scroll');
    expect(bad.statusCode).toBe(400);
    const summary = await call(viewer, 'GET', `/documents/${document.id}/summary`);
    expect(summary.json()).toMatchObject({ opens: 2, visitors: 2, respondents: 0, answers: [] });
    const draft = await createDocument('Untracked');
    expect(
      (await call(null, 'POST', `/public/documents/${draft.id}/tracking`, { event: 'open', viewId }))
        .statusCode,
    ).toBe(404);
  });
});

describe('attachments (spec 02 /p/document/{id}/attachments)', () => {
  const upload = (who: SignedIn, documentId: string, content: Buffer, name: string) => {
    const boundary = `----planning${randomUUID()}`;
    const payload = Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${FILE_LIMITS.field}"; filename="${name}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
      ),
      content,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    return t.app.inject({
      method: 'POST',
      url: `/api/v1/documents/${documentId}/attachments`,
      headers: who.headers({ 'content-type': `multipart/form-data; boundary=${boundary}` }),
      payload,
    });
  };

  it('uploads by content type, shows the public only clean files, and deletes', async () => {
    const document = await publishedDocument('With attachments');
    const refused = await upload(
      officer,
      document.id,
      Buffer.from('<html><script>x</script></html>'),
      'plan.png',
    );
    expect(refused.statusCode).toBe(400);
    expect((await upload(viewer, document.id, PNG, 'map.png')).statusCode).toBe(403);

    const uploaded = await upload(officer, document.id, PNG, 'Site map.png');
    expect(uploaded.statusCode, uploaded.body).toBe(201);
    const [file] = uploaded.json().attachments;
    expect(file).toMatchObject({
      name: 'Site_map.png',
      contentType: 'image/png',
      size: PNG.length,
      scanStatus: 'unscanned',
    });
    const staffList = (await call(viewer, 'GET', `/documents/${document.id}/attachments`)).json().attachments;
    // A reader without write may not download an unscanned file.
    expect(staffList).toEqual([expect.objectContaining({ id: file.id, downloadPath: null })]);
    const staffDownload = await call(
      officer,
      'GET',
      `/documents/${document.id}/attachments/${file.id}/download`,
    );
    expect(staffDownload.statusCode).toBe(200);
    expect(staffDownload.rawPayload.equals(PNG)).toBe(true);
    expect(
      (await call(null, 'GET', `/public/documents/${document.id}/attachments`)).json().attachments,
    ).toEqual([]);
    expect(
      (await call(null, 'GET', `/public/documents/${document.id}/attachments/${file.id}`)).statusCode,
    ).toBe(404);

    // As the scan job leaves a clean file (the scan itself is the files module's, tested there).
    await withTenant(t.database.db, tenant.id, async (trx) => {
      await t.app.storage.move(tenant.id, 'unscanned', file.id, 'documents-attachments');
      await sql`update files set bucket = 'documents-attachments', scan_status = 'clean' where id = ${file.id}`.execute(
        trx,
      );
    });
    const publicList = (await call(null, 'GET', `/public/documents/${document.id}/attachments`)).json()
      .attachments;
    expect(publicList).toEqual([
      expect.objectContaining({
        id: file.id,
        downloadPath: `/api/v1/public/documents/${document.id}/attachments/${file.id}`,
      }),
    ]);
    const download = await call(null, 'GET', `/public/documents/${document.id}/attachments/${file.id}`);
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-type']).toBe('image/png');
    expect(download.headers['content-security-policy']).toContain('sandbox');
    expect(download.rawPayload.equals(PNG)).toBe(true);
    expect(
      (
        await call(
          null,
          'GET',
          `/public/documents/${document.id}/attachments/${file.id}`,
          undefined,
          other.name,
        )
      ).statusCode,
    ).toBe(404);

    expect(
      (await call(viewer, 'DELETE', `/documents/${document.id}/attachments/${file.id}`)).statusCode,
    ).toBe(403);
    expect(
      (await call(officer, 'DELETE', `/documents/${document.id}/attachments/${file.id}`)).statusCode,
    ).toBe(204);
    expect(
      (await call(null, 'GET', `/public/documents/${document.id}/attachments`)).json().attachments,
    ).toEqual([]);
  });
});

describe('demo seed', () => {
  it('publishes the Local Plan document once, with every kind of question', async () => {
    const demo = await buildTenantWithUsers(t.database.db);
    await seedSites(t.database.db, demo.id, demoDistrict, 5);
    const council = { id: demo.id, name: demo.name, shortName: 'Demo' };
    await seedDemoDocument(t.database.db, council);
    await seedDemoDocument(t.database.db, council);
    const list = (await call(null, 'GET', '/public/documents', undefined, demo.name)).json().documents;
    expect(list).toHaveLength(1);
    expect(list[0].title).toBe(DEMO_DOCUMENT_TITLE);
    const read = (await call(null, 'GET', `/public/documents/${list[0].id}`, undefined, demo.name)).json();
    const types = Object.values(
      read.config.entities as Record<
        string,
        { type: string; question?: { type: string; mapFeatureSelect?: unknown } }
      >,
    );
    expect(new Set(types.map((item) => item.type))).toEqual(
      new Set(['section', 'hero', 'tableOfContents', 'textBlock', 'chart', 'divider', 'map', 'question']),
    );
    const questions = types.flatMap((item) => (item.question ? [item.question] : []));
    expect(questions.map((q) => q.type).sort()).toEqual([
      'checkboxQuestion',
      'dropdownQuestion',
      'radioQuestion',
      'radioQuestion',
      'textQuestion',
    ]);
    expect(questions.some((q) => q.mapFeatureSelect)).toBe(true);
    expect(read.config.entities['sites-map'].sites.ids).toHaveLength(5);
  });
});
