import { beforeAll, describe, expect, it } from 'vitest';
import { documentMessages, questionMessages, type DocumentConfig } from '@planning/shared';
import { withTenant } from '../../db/tenant-transaction';
import { documentsTestBed } from './documents.testing';

const {
  t,
  tenant,
  other,
  officer,
  viewer,
  resident,
  neighbour,
  otherOfficer,
  otherResident,
  call,
  createDocument,
  publishedDocument,
  answer,
  seeded,
} = documentsTestBed();
let siteIds: string[];
let siteNames: Map<string, string>;
let config: DocumentConfig;
beforeAll(() => ({ siteIds, siteNames, config } = seeded));

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
        '\uFEFFResponse ID,Respondent,Email,Question ID,Question,Question type,Answer,Conditional answer,Site ID,Site name,Site comment,Answered at,Publish name,Contact for updates\r\n',
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
