import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { documentMessages, responseTagMessages, serverMessages, type DocumentConfig } from '@planning/shared';
import { withTenant } from '../../db/tenant-transaction';
import { addNeighbour, buildTenantWithUsers, NEIGHBOUR_PASSWORD } from '../../../test/factories';
import { signIn, type SignedIn } from '../../../test/sessions';
import { buildTestApp, type TestApp } from '../../../test/test-app';
import { apiCaller } from '../../../test/api-call';
import { demoLocalPlanConfig } from './documents.seed';

let t: TestApp;
type Tenant = Awaited<ReturnType<typeof buildTenantWithUsers>>;
let tenant: Tenant;
let other: Tenant;
let officer: SignedIn;
let resident: SignedIn;
let neighbour: SignedIn;
let otherResident: SignedIn;
let config: DocumentConfig;

beforeAll(async () => {
  t = await buildTestApp();
  tenant = await buildTenantWithUsers(t.database.db);
  other = await buildTenantWithUsers(t.database.db);
  // A second resident of the same council.
  const neighbourEmail = await addNeighbour(t.database.db, tenant);
  [officer, resident, neighbour, otherResident] = await Promise.all([
    signIn(t.app, tenant.name, tenant.email('officer')),
    signIn(t.app, tenant.name, tenant.email('resident')),
    signIn(t.app, tenant.name, neighbourEmail, NEIGHBOUR_PASSWORD),
    signIn(t.app, other.name, other.email('resident')),
  ]);
  config = demoLocalPlanConfig('Test Council', []);
});
afterAll(() => t.close());

const call = apiCaller(
  () => t.app,
  () => tenant.name,
);

const PAST = '2020-01-01T00:00:00Z';
const TOMORROW = () => new Date(Date.now() + 86_400_000).toISOString();

const setEndDate = async (documentId: string, answersOpenUntil: string | null) => {
  const saved = await call(officer, 'PUT', `/documents/${documentId}`, { answersOpenUntil });
  expect(saved.statusCode, saved.body).toBe(200);
};

/** A published document the resident answered q-comments in; closed (end date passed) unless told. */
const answeredDocument = async (title: string, answersOpenUntil: string | null = PAST) => {
  const created = await call(officer, 'POST', '/documents', { title, config });
  expect(created.statusCode, created.body).toBe(201);
  const { id } = created.json() as { id: string };
  expect((await call(officer, 'POST', `/documents/${id}/publish`)).statusCode).toBe(200);
  const answered = await call(resident, 'PUT', `/public/documents/${id}/answers`, {
    questionId: 'q-comments',
    value: 'More buses please',
  });
  expect(answered.statusCode, answered.body).toBe(200);
  await setEndDate(id, answersOpenUntil);
  return id;
};

const tag = (who: SignedIn | null, documentId: string, questionId: string, tags: unknown) =>
  call(who, 'PUT', `/public/documents/${documentId}/questions/${questionId}/tags`, { tags });

describe('tagging in My responses (spec 02 §2 My responses, §6)', () => {
  it('keeps the resident’s tags once the end date has passed, and shows them in My responses', async () => {
    const documentId = await answeredDocument('Tagged plan');
    const saved = await tag(resident, documentId, 'q-comments', ['  Flooding ', 'roads']);
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toEqual({ questionId: 'q-comments', tags: ['Flooding', 'roads'] });

    const mine = (await call(resident, 'GET', `/public/documents/${documentId}/answers`)).json();
    expect(mine.tagging).toEqual({ canTag: true, reason: null });
    expect(mine.tags).toEqual([{ questionId: 'q-comments', tags: ['Flooding', 'roads'] }]);
    const responses = (await call(resident, 'GET', '/public/my-responses')).json().responses;
    expect(responses).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          documentId,
          tags: [{ questionId: 'q-comments', tags: ['Flooding', 'roads'] }],
        }),
      ]),
    );

    // A save replaces the tags; none at all removes them.
    expect((await tag(resident, documentId, 'q-comments', ['Roads'])).json().tags).toEqual(['Roads']);
    expect((await call(resident, 'GET', `/public/documents/${documentId}/answers`)).json().tags).toEqual([
      { questionId: 'q-comments', tags: ['Roads'] },
    ]);
    const cleared = await tag(resident, documentId, 'q-comments', []);
    expect(cleared.statusCode, cleared.body).toBe(200);
    expect(cleared.json()).toEqual({ questionId: 'q-comments', tags: [] });
    expect((await call(resident, 'GET', `/public/documents/${documentId}/answers`)).json().tags).toEqual([]);
  });

  it('refuses tagging before the end date, and on a document with no end date (403, the spec’s words)', async () => {
    const documentId = await answeredDocument('Open plan', TOMORROW());
    const early = await tag(resident, documentId, 'q-comments', ['Flooding']);
    expect(early.statusCode).toBe(403);
    expect(early.json().message).toBe('Tagging disabled until consultation end date');
    expect((await call(resident, 'GET', `/public/documents/${documentId}/answers`)).json().tagging).toEqual({
      canTag: false,
      reason: responseTagMessages.taggingDisabled,
    });

    await setEndDate(documentId, null);
    const endless = await tag(resident, documentId, 'q-comments', ['Flooding']);
    expect(endless.statusCode).toBe(403);
    expect(endless.json().message).toBe(responseTagMessages.taggingDisabled);

    // Once the date has passed, the same call is taken.
    await setEndDate(documentId, PAST);
    expect((await tag(resident, documentId, 'q-comments', ['Flooding'])).statusCode).toBe(200);
  });

  describe('bad tags: 400 with the shared rule’s words', () => {
    let documentId: string;
    beforeAll(async () => {
      documentId = await answeredDocument('Rules plan');
    });

    it.each([
      ['an empty tag', [''], responseTagMessages.tagEmpty],
      ['a tag of spaces only', ['Roads', '   '], responseTagMessages.tagEmpty],
      ['a tag over 40 characters', ['a'.repeat(41)], responseTagMessages.tagTooLong],
      [
        'more than 10 tags',
        Array.from({ length: 11 }, (_, i) => `Tag ${i}`),
        responseTagMessages.tooManyTags,
      ],
      ['the same tag twice, in another case', ['Roads', ' ROADS'], responseTagMessages.duplicateTag('ROADS')],
    ])('refuses %s', async (_name, tags, message) => {
      const refused = await tag(resident, documentId, 'q-comments', tags);
      expect(refused.statusCode).toBe(400);
      expect(refused.json().message).toBe(message);
    });

    it('takes 10 tags of 40 characters, trimmed', async () => {
      const tags = Array.from({ length: 10 }, (_, i) => ` ${String(i).padEnd(40, 'x')} `);
      const saved = await tag(resident, documentId, 'q-comments', tags);
      expect(saved.statusCode, saved.body).toBe(200);
      expect(saved.json().tags).toEqual(tags.map((text) => text.trim()));
    });

    it('refuses a body that is not a list of texts', async () => {
      for (const tags of ['Roads', [1], null, Array.from({ length: 101 }, () => 'x')]) {
        const refused = await tag(resident, documentId, 'q-comments', tags);
        expect(refused.statusCode, JSON.stringify(tags)).toBe(400);
        expect(refused.json().message).toBe(serverMessages.payloadInvalid);
      }
    });
  });

  it('tags only a question the resident answered (a deleted answer does not count)', async () => {
    const documentId = await answeredDocument('Unanswered plan', TOMORROW());
    const area = await call(resident, 'PUT', `/public/documents/${documentId}/answers`, {
      questionId: 'q-area',
      value: 'Elsewhere',
    });
    expect(
      (await call(resident, 'DELETE', `/public/documents/${documentId}/answers/${area.json().id}`))
        .statusCode,
    ).toBe(204);
    await setEndDate(documentId, PAST);
    for (const questionId of ['q-vision', 'q-area']) {
      const refused = await tag(resident, documentId, questionId, ['Flooding']);
      expect(refused.statusCode, questionId).toBe(400);
      expect(refused.json().message).toBe('Answer the question before tagging it');
    }
  });

  it('answers 404 for an unknown or unpublished document and a question not in it', async () => {
    const documentId = await answeredDocument('Withdrawn plan');
    const ghost = await tag(resident, documentId, 'q-ghost', ['Flooding']);
    expect(ghost.statusCode).toBe(404);
    expect(ghost.json().message).toBe(documentMessages.questionNotFound);
    const unknown = await tag(resident, randomUUID(), 'q-comments', ['Flooding']);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe(documentMessages.documentNotFound);
    expect((await call(officer, 'POST', `/documents/${documentId}/unpublish`)).statusCode).toBe(200);
    const unpublished = await tag(resident, documentId, 'q-comments', ['Flooding']);
    expect(unpublished.statusCode).toBe(404);
    expect(unpublished.json().message).toBe(documentMessages.documentNotFound);
    expect((await tag(resident, 'not-an-id', 'q-comments', ['Flooding'])).statusCode).toBe(400);
  });

  it('lets only a consultation account tag, each their own: staff 403, visitors 401', async () => {
    const documentId = await answeredDocument('Accounts plan');
    const staff = await tag(officer, documentId, 'q-comments', ['Flooding']);
    expect(staff.statusCode).toBe(403);
    expect(staff.json().message).toBe(documentMessages.consultationAccountOnly);
    expect((await call(officer, 'GET', `/public/documents/${documentId}/answers`)).json().tagging).toEqual({
      canTag: false,
      reason: documentMessages.consultationAccountOnly,
    });
    expect((await tag(null, documentId, 'q-comments', ['Flooding'])).statusCode).toBe(401);

    // The neighbour has not answered: the resident's answer does not let them tag.
    expect((await tag(resident, documentId, 'q-comments', ['Mine'])).statusCode).toBe(200);
    const byNeighbour = await tag(neighbour, documentId, 'q-comments', ['Theirs']);
    expect(byNeighbour.statusCode).toBe(400);
    expect(byNeighbour.json().message).toBe(responseTagMessages.answerFirst);
    // Nor do they see the resident's tags, anywhere.
    const theirs = (await call(neighbour, 'GET', `/public/documents/${documentId}/answers`)).json();
    expect(theirs.tags).toEqual([]);
    const theirResponses = (await call(neighbour, 'GET', '/public/my-responses')).json().responses as {
      tags: unknown[];
    }[];
    expect(theirResponses.flatMap((response) => response.tags)).toEqual([]);
    expect((await call(resident, 'GET', `/public/documents/${documentId}/answers`)).json().tags).toEqual([
      { questionId: 'q-comments', tags: ['Mine'] },
    ]);
  });

  it('keeps every council’s tags apart: another council’s document is 404, its rows unseen', async () => {
    const documentId = await answeredDocument('Council plan');
    expect((await tag(resident, documentId, 'q-comments', ['Flooding'])).statusCode).toBe(200);
    const elsewhere = await tag(otherResident, documentId, 'q-comments', ['Flooding']);
    expect(elsewhere.statusCode).toBe(404);
    expect(elsewhere.json().message).toBe(documentMessages.documentNotFound);
    // No tenant filter in these queries: the row-level policy alone decides.
    const rowsSeenBy = (tenantId: string) =>
      withTenant(
        t.database.db,
        tenantId,
        async (trx) =>
          (
            await trx
              .selectFrom('document_response_tags')
              .select('question_id')
              .where('document_id', '=', documentId)
              .execute()
          ).length,
      );
    expect(await rowsSeenBy(other.id)).toBe(0);
    expect(await rowsSeenBy(tenant.id)).toBe(1);
  });
});
