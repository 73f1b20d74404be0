import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { documentMessages, FILE_LIMITS, questionMessages, type DocumentConfig } from '@planning/shared';
import { withTenant } from '../../db/tenant-transaction';
import { addNeighbour, buildTenantWithUsers, NEIGHBOUR_PASSWORD } from '../../../test/factories';
import { signIn, type SignedIn } from '../../../test/sessions';
import { buildTestApp, type TestApp } from '../../../test/test-app';
import { demoDistrict } from '../sites/sites.generator';
import { seedSites } from '../sites/sites.seed';
import { apiCaller } from '../../../test/api-call';
import { DEMO_DOCUMENT_TITLE, demoLocalPlanConfig, seedDemoDocument } from './documents.seed';

let t: TestApp;
type Tenant = Awaited<ReturnType<typeof buildTenantWithUsers>>;
let tenant: Tenant;
let other: Tenant;
let officer: SignedIn;
let viewer: SignedIn;
let resident: SignedIn;
let neighbour: SignedIn;
let otherOfficer: SignedIn;
let otherResident: SignedIn;
let siteIds: string[];
let siteNames: Map<string, string>;
let config: DocumentConfig;

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAYAAABytg0kAAAAEUlEQVR4AWM8AQQMQMDEAAUAMKYDJOk+9mYAAAAASUVORK5CYII=',
  'base64',
);

beforeAll(async () => {
  t = await buildTestApp();
  tenant = await buildTenantWithUsers(t.database.db);
  other = await buildTenantWithUsers(t.database.db);
  await seedSites(t.database.db, tenant.id, demoDistrict, 8);
  // A second resident of the same council.
  const neighbourEmail = await addNeighbour(t.database.db, tenant);
  [officer, viewer, resident, neighbour, otherOfficer, otherResident] = await Promise.all([
    signIn(t.app, tenant.name, tenant.email('officer')),
    signIn(t.app, tenant.name, tenant.email('viewer')),
    signIn(t.app, tenant.name, tenant.email('resident')),
    signIn(t.app, tenant.name, neighbourEmail, NEIGHBOUR_PASSWORD),
    signIn(t.app, other.name, other.email('officer')),
    signIn(t.app, other.name, other.email('resident')),
  ]);
  const sites = await withTenant(t.database.db, tenant.id, (trx) =>
    trx.selectFrom('sites').select(['id', 'site_name']).orderBy('id').limit(3).execute(),
  );
  siteIds = sites.map((site) => String(site.id));
  siteNames = new Map(sites.map((site) => [String(site.id), site.site_name ?? '']));
  config = demoLocalPlanConfig('Test Council', siteIds);
});
afterAll(() => t.close());

const call = apiCaller(
  () => t.app,
  () => tenant.name,
);

const createDocument = async (title = 'Local Plan', body: Record<string, unknown> = { config }) => {
  const answer = await call(officer, 'POST', '/documents', { title, ...body });
  expect(answer.statusCode, answer.body).toBe(201);
  return answer.json() as {
    id: string;
    meta: { updatedAt: string; isPublished: boolean };
    config: DocumentConfig;
  };
};
const publishedDocument = async (title = 'Published plan') => {
  const document = await createDocument(title);
  expect((await call(officer, 'POST', `/documents/${document.id}/publish`)).statusCode).toBe(200);
  return document;
};
const answer = (who: SignedIn | null, documentId: string, body: Record<string, unknown>) =>
  call(who, 'PUT', `/public/documents/${documentId}/answers`, body);

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

describe('answers (spec 02 §5, §6)', () => {
  let documentId: string;
  beforeAll(async () => {
    documentId = (await publishedDocument('Answered plan')).id;
  });

  it.each([
    ['a radio with nothing chosen', { questionId: 'q-vision' }, 'Please select an option.'],
    ['a checkbox with nothing chosen', { questionId: 'q-priorities', value: [] }, 'Please select an option.'],
    [
      'a checkbox over its maximum',
      { questionId: 'q-priorities', value: ['Affordable homes', 'Transport', 'Jobs'] },
      'Please select at most 2 options.',
    ],
    ['a textarea left blank', { questionId: 'q-comments', value: '  ' }, 'Please fill in your response.'],
    [
      'a textarea over 1000 characters',
      { questionId: 'q-comments', value: 'a'.repeat(1001) },
      questionMessages.tooLong(1000),
    ],
    ['a select with nothing chosen', { questionId: 'q-area', value: '' }, 'Please fill in your response.'],
    [
      'a site question without a site',
      { questionId: 'q-site-support', value: 'Support', relatedSiteComment: 'Good' },
      'Field is required',
    ],
    [
      'a site question without its comment',
      { questionId: 'q-site-support', value: 'Support', relatedSiteId: '1' },
      'Field is required',
    ],
    [
      'a site comment over 8000',
      {
        questionId: 'q-site-support',
        value: 'Support',
        relatedSiteId: '1',
        relatedSiteComment: 'a'.repeat(8001),
      },
      questionMessages.commentTooLong,
    ],
    [
      'an option the question does not have',
      { questionId: 'q-vision', value: 'Maybe' },
      questionMessages.notAnOption,
    ],
    [
      'a question the document does not have',
      { questionId: 'q-ghost', value: 'x' },
      documentMessages.questionNotFound,
    ],
  ])('refuses %s with its message', async (_name, body, message) => {
    const refused = await answer(resident, documentId, body);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe(message);
  });

  it('refuses minSelected with the spec’s words', async () => {
    const strict: DocumentConfig = structuredClone(config);
    const block = strict.entities['q-priorities-block'];
    if (block?.type !== 'question') throw new Error('fixture');
    block.question.minSelected = 2;
    const document = await createDocument('Strict', { config: strict });
    await call(officer, 'POST', `/documents/${document.id}/publish`);
    const refused = await answer(resident, document.id, { questionId: 'q-priorities', value: ['Jobs'] });
    expect(refused.json().message).toBe('Please select at least 2 options.');
  });

  it('takes an answer of each kind from a consultation account and shows them in My responses', async () => {
    const given = [
      { questionId: 'q-vision', value: 'No', conditional: 'Too many homes' },
      { questionId: 'q-priorities', value: ['Transport', 'Green spaces'] },
      { questionId: 'q-comments', value: '  More buses please  ' },
      { questionId: 'q-area', value: 'In the district' },
      {
        questionId: 'q-site-support',
        value: 'Oppose',
        relatedSiteId: siteIds[0],
        relatedSiteComment: 'Floods in winter',
      },
    ];
    for (const body of given) {
      const kept = await answer(resident, documentId, body);
      expect(kept.statusCode, kept.body).toBe(200);
    }
    const mine = await call(resident, 'GET', `/public/documents/${documentId}/answers`);
    expect(mine.statusCode).toBe(200);
    const body = mine.json();
    expect(body.viewer).toEqual({ signedIn: true, canAnswer: true, answersOpen: true, reason: null });
    expect(body.answers).toHaveLength(5);
    expect(body.answers).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          questionId: 'q-vision',
          questionType: 'radioQuestion',
          value: 'No',
          conditional: 'Too many homes',
        }),
        expect.objectContaining({
          questionId: 'q-priorities',
          questionType: 'checkboxQuestion',
          value: ['Transport', 'Green spaces'],
        }),
        expect.objectContaining({ questionId: 'q-comments', value: 'More buses please' }),
        expect.objectContaining({
          questionId: 'q-site-support',
          relatedSiteId: siteIds[0],
          relatedSiteName: siteNames.get(siteIds[0]!),
          siteName: siteNames.get(siteIds[0]!),
          relatedSiteComment: 'Floods in winter',
        }),
      ]),
    );
    const myResponses = await call(resident, 'GET', '/public/my-responses');
    expect(myResponses.json().responses).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ documentId, title: 'Answered plan', answerCount: 5 }),
      ]),
    );
    // The neighbour sees none of them.
    expect((await call(neighbour, 'GET', `/public/documents/${documentId}/answers`)).json().answers).toEqual(
      [],
    );
  });

  it('counts the last answer per site, and per question', async () => {
    const document = (await publishedDocument('Sites plan')).id;
    const site = (id: string, value: string, comment: string) =>
      answer(neighbour, document, {
        questionId: 'q-site-support',
        value,
        relatedSiteId: id,
        relatedSiteComment: comment,
      });
    expect((await site(siteIds[0]!, 'Support', 'First thoughts')).statusCode).toBe(200);
    expect((await site(siteIds[1]!, 'Neutral', 'Other site')).statusCode).toBe(200);
    expect((await site(siteIds[0]!, 'Oppose', 'Changed my mind')).statusCode).toBe(200);
    await answer(neighbour, document, { questionId: 'q-comments', value: 'one' });
    await answer(neighbour, document, { questionId: 'q-comments', value: 'two' });
    const answers = (await call(neighbour, 'GET', `/public/documents/${document}/answers`)).json()
      .answers as {
      questionId: string;
      relatedSiteId: string | null;
      value: string;
      relatedSiteComment: string | null;
    }[];
    const siteAnswers = answers.filter((item) => item.questionId === 'q-site-support');
    expect(siteAnswers).toHaveLength(2);
    expect(siteAnswers.find((item) => item.relatedSiteId === siteIds[0])).toMatchObject({
      value: 'Oppose',
      relatedSiteComment: 'Changed my mind',
    });
    expect(siteAnswers.find((item) => item.relatedSiteId === siteIds[1])).toMatchObject({ value: 'Neutral' });
    expect(answers.filter((item) => item.questionId === 'q-comments').map((item) => item.value)).toEqual([
      'two',
    ]);

    const search = await call(viewer, 'GET', `/documents/${document}/responses?questionId=q-site-support`);
    expect(search.json().count).toBe(2);
    const bySite = await call(viewer, 'GET', `/documents/${document}/responses?siteId=${siteIds[0]}`);
    expect(bySite.json().rows).toEqual([
      expect.objectContaining({
        value: 'Oppose',
        respondent: expect.objectContaining({ name: 'Nel Neighbour' }),
      }),
    ]);
  });

  it('refuses a site the council does not have', async () => {
    const refused = await answer(resident, documentId, {
      questionId: 'q-site-support',
      value: 'Support',
      relatedSiteId: '999999999',
      relatedSiteComment: 'x',
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe(questionMessages.siteNotFound);
  });

  it('lets only a consultation account answer: staff get 403 with the reason, visitors 401', async () => {
    const staff = await answer(officer, documentId, { questionId: 'q-comments', value: 'Officer view' });
    expect(staff.statusCode).toBe(403);
    expect(staff.json().message).toBe(documentMessages.consultationAccountOnly);
    expect((await call(officer, 'GET', `/public/documents/${documentId}`)).json().viewer).toMatchObject({
      signedIn: true,
      canAnswer: false,
      reason: documentMessages.consultationAccountOnly,
    });
    const anonymous = await answer(null, documentId, { questionId: 'q-comments', value: 'Hi' });
    expect(anonymous.statusCode).toBe(401);
    // Another council's resident: the document is not at their council.
    expect(
      (await answer(otherResident, documentId, { questionId: 'q-comments', value: 'Hi' })).statusCode,
    ).toBe(404);
    expect((await call(otherResident, 'GET', `/public/documents/${documentId}/answers`)).statusCode).toBe(
      404,
    );
  });

  it('keeps every council’s documents and answers apart in the database itself (row-level security)', async () => {
    const document = (await publishedDocument('Isolated')).id;
    await answer(resident, document, { questionId: 'q-area', value: 'Elsewhere' });
    const seen = (tenantId: string) =>
      withTenant(t.database.db, tenantId, async (trx) => ({
        documents: (await trx.selectFrom('documents').select('id').where('id', '=', document).execute())
          .length,
        responses: (
          await trx
            .selectFrom('document_responses')
            .select('id')
            .where('document_id', '=', document)
            .execute()
        ).length,
        answers: (await trx.selectFrom('document_answers').select('id').execute()).length,
      }));
    // No tenant filter in these queries: the policy alone decides.
    expect(await seen(other.id)).toEqual({ documents: 0, responses: 0, answers: 0 });
    expect(await seen(tenant.id)).toMatchObject({ documents: 1, responses: 1 });
  });

  it('deletes only the resident’s own answers', async () => {
    const document = (await publishedDocument('Delete answers')).id;
    const kept = (await answer(resident, document, { questionId: 'q-area', value: 'Elsewhere' })).json();
    const byNeighbour = await call(neighbour, 'DELETE', `/public/documents/${document}/answers/${kept.id}`);
    expect(byNeighbour.statusCode).toBe(404);
    expect(byNeighbour.json().message).toBe(documentMessages.answerNotFound);
    expect(
      (await call(officer, 'DELETE', `/public/documents/${document}/answers/${kept.id}`)).statusCode,
    ).toBe(403);
    expect(
      (await call(resident, 'DELETE', `/public/documents/${document}/answers/${kept.id}`)).statusCode,
    ).toBe(204);
    expect((await call(resident, 'GET', `/public/documents/${document}/answers`)).json().answers).toEqual([]);
    // Answered again after a delete: a new live answer.
    expect(
      (await answer(resident, document, { questionId: 'q-area', value: 'In the district' })).statusCode,
    ).toBe(200);
  });

  it('allows answers only while the consultation is open (answersOpenUntil)', async () => {
    const document = await publishedDocument('Closing plan');
    const kept = (await answer(resident, document.id, { questionId: 'q-area', value: 'Elsewhere' })).json();
    const closed = await call(officer, 'PUT', `/documents/${document.id}`, {
      answersOpenUntil: '2020-01-01T00:00:00Z',
    });
    expect(closed.json().answersOpenUntil).toBe('2020-01-01T00:00:00.000Z');
    const late = await answer(resident, document.id, { questionId: 'q-area', value: 'In the district' });
    expect(late.statusCode).toBe(409);
    expect(late.json().message).toBe(documentMessages.answersClosed);
    expect(
      (await call(resident, 'DELETE', `/public/documents/${document.id}/answers/${kept.id}`)).statusCode,
    ).toBe(409);
    const mine = (await call(resident, 'GET', `/public/documents/${document.id}/answers`)).json();
    expect(mine.viewer).toMatchObject({ answersOpen: false, reason: documentMessages.answersClosed });
    expect(mine.answers).toHaveLength(1);
    // Reopened until a date to come.
    await call(officer, 'PUT', `/documents/${document.id}`, {
      answersOpenUntil: new Date(Date.now() + 86_400_000).toISOString(),
    });
    expect(
      (await answer(resident, document.id, { questionId: 'q-area', value: 'In the district' })).statusCode,
    ).toBe(200);
  });
});

describe('responses for staff: search and CSV', () => {
  it('pages and filters the answers, and exports them as CSV with formulas neutralised', async () => {
    const document = (await publishedDocument('Export plan')).id;
    await answer(resident, document, {
      questionId: 'q-comments',
      value: '=HYPERLINK("http://evil.example","x")',
    });
    await answer(resident, document, { questionId: 'q-priorities', value: ['Jobs', 'Transport'] });
    await answer(neighbour, document, { questionId: 'q-comments', value: 'Plain, with "quotes"' });
    await answer(neighbour, document, {
      questionId: 'q-site-support',
      value: 'Support',
      relatedSiteId: Number(siteIds[2]),
      relatedSiteComment: '+44 is my number',
    });

    const page1 = (await call(viewer, 'GET', `/documents/${document}/responses?pageSize=3`)).json();
    expect(page1).toMatchObject({ count: 4, page: 1, pageSize: 3 });
    expect(page1.rows).toHaveLength(3);
    const page2 = (await call(viewer, 'GET', `/documents/${document}/responses?pageSize=3&page=2`)).json();
    expect(page2.rows).toHaveLength(1);
    expect((await call(viewer, 'GET', `/documents/${document}/responses?page=9`)).json()).toMatchObject({
      count: 4,
      rows: [],
    });
    const comments = (
      await call(viewer, 'GET', `/documents/${document}/responses?questionId=q-comments`)
    ).json();
    expect(comments.count).toBe(2);
    expect(comments.rows[0]).toMatchObject({
      questionTitle: 'Any other comments on the plan?',
      questionType: 'textQuestion',
    });
    expect((await call(viewer, 'GET', `/documents/${document}/responses?search=quotes`)).json().count).toBe(
      1,
    );
    expect((await call(viewer, 'GET', `/documents/${document}/responses?pageSize=500`)).statusCode).toBe(400);

    const csv = await call(viewer, 'GET', `/documents/${document}/responses/export`);
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(csv.headers['content-disposition']).toContain('Export plan - responses.csv');
    const text = csv.body;
    expect(
      text.startsWith(
        '\uFEFFResponse ID,Respondent,Email,Question ID,Question,Question type,Answer,Conditional answer,Site ID,Site name,Site comment,Answered at\r\n',
      ),
    ).toBe(true);
    expect(text).toContain(`"'=HYPERLINK(""http://evil.example"",""x"")"`);
    expect(text).toContain("'+44 is my number");
    expect(text).toContain('"Plain, with ""quotes"""');
    expect(text).toContain('Jobs; Transport');
    expect(text).toContain(`resident@${tenant.name}.test`);
    expect(text.trim().split('\r\n')).toHaveLength(5);
    const onlySite = await call(
      viewer,
      'GET',
      `/documents/${document}/responses/export?siteId=${siteIds[2]}`,
    );
    expect(onlySite.body.trim().split('\r\n')).toHaveLength(2);
    expect((await call(resident, 'GET', `/documents/${document}/responses/export`)).statusCode).toBe(403);
    expect((await call(otherOfficer, 'GET', `/documents/${document}/responses/export`)).statusCode).toBe(404);

    const summary = (await call(viewer, 'GET', `/documents/${document}/summary`)).json();
    expect(summary).toMatchObject({ respondents: 2 });
    expect(summary.answers).toEqual([
      { questionId: 'q-comments', count: 2 },
      { questionId: 'q-priorities', count: 1 },
      { questionId: 'q-site-support', count: 1 },
    ]);
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
