import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import {
  analysisMessages,
  analysisSchema,
  publicRepresentationsSchema,
  representationStatuses,
} from '@planning/shared';
import { withTenant } from '../../db/tenant-transaction';
import { auditRows } from '../audit/audit.testing';
import { consultationTestBed } from '../../../test/consultation-setup';
import { addNeighbour, NEIGHBOUR_PASSWORD } from '../../../test/factories';
import { run, scratchFiles } from '../../../test/scratch-files';
import { signIn, type SignedIn } from '../../../test/sessions';
import { demoDistrict } from '../sites/sites.generator';
import { seedSites } from '../sites/sites.seed';
import { upsertFlag } from '../tenants/tenants.queries';
import { demoLocalPlanConfig } from '../documents/documents.seed';
import { todayInEngland } from './consultation-analysis.access';
import { summaryOf } from './consultation-analysis.statement';
import { CAMPAIGN, day, SECRETS, seedConsultation, type Events } from './consultation-analysis.testing';

const { t, tenant, other, officer, viewer, resident, otherOfficer, call } = consultationTestBed();
const { save } = scratchFiles('consultation-analysis');
let neighbour: SignedIn;
let siteIds: string[];
let documentId: string;
/** The consultation that has closed, the one still open, and one that was cancelled. */
const events: Events = { closed: '', live: '', cancelled: '' };

beforeAll(async () => {
  await seedSites(t.database.db, tenant.id, demoDistrict, 3);
  neighbour = await signIn(t.app, tenant.name, await addNeighbour(t.database.db, tenant), NEIGHBOUR_PASSWORD);
  siteIds = (
    await withTenant(t.database.db, tenant.id, (trx) =>
      trx.selectFrom('sites').select('id').orderBy('id').limit(2).execute(),
    )
  ).map((site) => String(site.id));
  documentId = await withTenant(
    t.database.db,
    tenant.id,
    async (trx) =>
      (
        await trx
          .insertInto('documents')
          .values({
            tenant_id: tenant.id,
            title: 'Local Plan answers',
            config: JSON.stringify(demoLocalPlanConfig('Test Council', siteIds)),
            author_id: null,
            author_name: 'Planning Policy Team',
            is_published: true,
            published_at: new Date(),
          })
          .returning('id')
          .executeTakeFirstOrThrow()
      ).id,
  );
  // The resident answered a week ago (written as the answers route writes them, with that date);
  // the neighbour answers today through the API, as the page does.
  await withTenant(t.database.db, tenant.id, async (trx) => {
    const lastWeek = new Date(`${day(-7)}T10:00:00Z`);
    const user = await trx
      .selectFrom('users')
      .select('id')
      .where('email', '=', tenant.email('resident'))
      .executeTakeFirstOrThrow();
    const site = await trx
      .selectFrom('sites')
      .select('site_name')
      .where('id', '=', siteIds[0]!)
      .executeTakeFirstOrThrow();
    // created_at and updated_at are the database's own: written here in SQL, a week back.
    const { rows } = await sql<{ id: string }>`insert into document_responses
        (tenant_id, document_id, user_id, created_at, updated_at)
      values (${tenant.id}, ${documentId}, ${user.id}, ${lastWeek}, ${lastWeek}) returning id`.execute(trx);
    const responseId = rows[0]!.id;
    const given: [string, string, unknown, string | null, string | null, string | null][] = [
      ['q-vision', 'radioQuestion', 'No', 'Too many homes', null, null],
      ['q-priorities', 'checkboxQuestion', ['Transport', 'Green spaces'], null, null, null],
      ['q-comments', 'textQuestion', 'More buses please', null, null, null],
      ['q-site-support', 'radioQuestion', 'Oppose', null, siteIds[0]!, 'Floods in winter'],
    ];
    for (const [questionId, type, value, conditional, siteId, comment] of given)
      await sql`insert into document_answers (tenant_id, response_id, question_id, question_type, value,
          conditional, related_site_id, related_site_name, related_site_comment, created_at, updated_at)
        values (${tenant.id}, ${responseId}, ${questionId}, ${type}, ${JSON.stringify(value)}::jsonb,
          ${conditional}, ${siteId}::bigint, ${siteId ? site.site_name : null}, ${comment}, ${lastWeek}, ${lastWeek})`.execute(
        trx,
      );
  });
  const answers: Record<string, unknown>[] = [
    { questionId: 'q-vision', value: 'Yes' },
    { questionId: 'q-priorities', value: ['Transport'] },
    { questionId: 'q-comments', value: '=HYPERLINK("http://evil.test")' },
    {
      questionId: 'q-site-support',
      value: 'Support',
      relatedSiteId: siteIds[0],
      relatedSiteComment: 'Close to the shops',
    },
    {
      questionId: 'q-site-support',
      value: 'Support',
      relatedSiteId: siteIds[1],
      relatedSiteComment: 'Good access',
    },
  ];
  for (const body of answers) {
    const kept = await call(neighbour, 'PUT', `/public/documents/${documentId}/answers`, body);
    expect(kept.statusCode, kept.body).toBe(200);
  }
  await seedConsultation(t.database.db, tenant.id, siteIds, events);
});

const analysis = async (who: SignedIn, query: Record<string, string>) => {
  const answer = await call(who, 'GET', `/consultations/analysis?${new URLSearchParams(query)}`);
  expect(answer.statusCode, answer.body).toBe(200);
  return analysisSchema.parse(answer.json());
};

describe('GET /consultations/analysis (spec 02 §2 response analysis)', () => {
  it("counts a document's answers per question: options with shares, texts, sites, respondents and days", async () => {
    const { document, event } = await analysis(viewer, { documentId });
    expect(event).toBeNull();
    expect(document).toMatchObject({
      id: documentId,
      title: 'Local Plan answers',
      respondents: 2,
      answerCount: 9,
    });
    // In reading order: the site question first (its section comes first), then 'Have your say'.
    expect(document!.questions.map((question) => question.id)).toEqual([
      'q-site-support',
      'q-vision',
      'q-priorities',
      'q-comments',
      'q-area',
    ]);
    const question = (id: string) => document!.questions.find((item) => item.id === id)!;
    expect(question('q-vision')).toMatchObject({
      title: 'Do you agree with the vision for the plan?',
      kind: 'choice',
      answerCount: 2,
      options: [
        { title: 'Yes', count: 1, share: 0.5, retired: false },
        { title: 'No', count: 1, share: 0.5, retired: false },
        { title: 'Not sure', count: 0, share: 0, retired: false },
      ],
      latestText: [{ text: 'Too many homes', kind: 'conditional', siteName: null }],
      textCount: 1,
    });
    // A checkbox answer may choose several: Transport was chosen by both.
    expect(question('q-priorities').options).toEqual([
      { title: 'Affordable homes', count: 0, share: 0, retired: false },
      { title: 'Green spaces', count: 1, share: 0.5, retired: false },
      { title: 'Transport', count: 2, share: 1, retired: false },
      { title: 'Jobs', count: 0, share: 0, retired: false },
    ]);
    // Text answers, newest first.
    expect(question('q-comments')).toMatchObject({ kind: 'text', answerCount: 2, options: [], textCount: 2 });
    expect(question('q-comments').latestText.map((item) => item.text)).toEqual([
      '=HYPERLINK("http://evil.test")',
      'More buses please',
    ]);
    // A site question: counts per site, the site's name from the council's sites.
    const site = question('q-site-support');
    expect(site).toMatchObject({ siteQuestion: true, answerCount: 3 });
    expect(site.sites.map((item) => [item.siteId, item.count])).toEqual([
      [siteIds[0], 2],
      [siteIds[1], 1],
    ]);
    expect(site.options.map((option) => [option.title, option.count])).toEqual([
      ['Support', 2],
      ['Neutral', 0],
      ['Oppose', 1],
    ]);
    expect(site.latestText.map((item) => item.kind)).toEqual(['siteComment', 'siteComment', 'siteComment']);
    expect(question('q-area')).toMatchObject({ answerCount: 0, options: expect.any(Array) });
    expect(document!.overTime).toEqual([
      { date: day(-7), count: 4 },
      { date: todayInEngland(), count: 5 },
    ]);
    expect(document!.sites.map((item) => item.siteId)).toEqual(siteIds);
  });

  it('narrows by question, site and date range', async () => {
    const byQuestion = await analysis(officer, { documentId, questionId: 'q-priorities' });
    expect(byQuestion.document!.questions.map((question) => question.id)).toEqual(['q-priorities']);
    expect(byQuestion.document!.answerCount).toBe(2);

    const bySite = await analysis(officer, { documentId, siteId: siteIds[1]! });
    expect(bySite.document).toMatchObject({ respondents: 1, answerCount: 1 });
    // The site filter's choices stay every site answered about.
    expect(bySite.document!.sites).toHaveLength(2);

    const lastWeek = await analysis(officer, { documentId, from: day(-8), to: day(-6) });
    expect(lastWeek.document).toMatchObject({
      respondents: 1,
      answerCount: 4,
      overTime: [{ date: day(-7), count: 4 }],
    });
    const today = await analysis(officer, { documentId, from: todayInEngland() });
    expect(today.document!.answerCount).toBe(5);
  });

  it("counts an event's live representations by attitude, status (in order) and topic", async () => {
    const { event, document } = await analysis(viewer, { eventId: events.closed });
    expect(document).toBeNull();
    expect(event).toMatchObject({
      id: events.closed,
      name: 'Regulation 18 consultation',
      startsOn: day(-60),
      endsOn: day(-10),
      representationCount: 5,
      subRepresentationCount: 1,
    });
    expect(event!.attitudes).toEqual([
      { attitude: 'Support', label: 'Support', count: 1 },
      { attitude: 'Neutral', label: 'Neutral', count: 0 },
      { attitude: 'Oppose', label: 'Oppose', count: 3 },
      { attitude: null, label: 'Not stated', count: 1 },
    ]);
    expect(event!.statuses.map((item) => item.status)).toEqual([...representationStatuses]);
    expect(Object.fromEntries(event!.statuses.map((item) => [item.status, item.count]))).toMatchObject({
      Received: 3,
      'In review': 1,
      'Response sent': 1,
    });
    expect(event!.topics.map((topic) => [topic.name, topic.count])).toEqual([
      ['Housing', 2],
      ['Transport', 2],
      ['Green belt', 1],
      ['No topic', 1],
    ]);
    expect(event!.received.reduce((sum, item) => sum + item.count, 0)).toBe(5);

    // The site and date filters narrow the representations too.
    const atSite = await analysis(viewer, { eventId: events.closed, siteId: siteIds[0]! });
    expect(atSite.event!.representationCount).toBe(1);
    const early = await analysis(viewer, { eventId: events.closed, to: day(-28) });
    expect(early.event!.representationCount).toBe(2);
  });

  it("analyses the event's own document when no document is named", async () => {
    await withTenant(t.database.db, tenant.id, (trx) =>
      trx
        .updateTable('consultation_events')
        .set({ document_id: documentId })
        .where('id', '=', events.live)
        .execute(),
    );
    const both = await analysis(officer, { eventId: events.live });
    expect(both.document?.id).toBe(documentId);
    expect(both.event).toMatchObject({ documentId, representationCount: 1 });
  });

  it.each([
    ['neither a document nor an event', {}, analysisMessages.chooseDocument, 400],
    [
      'dates the wrong way round',
      { documentId: 'x', from: '2026-03-02', to: '2026-03-01' },
      'Payload data is invalid',
      400,
    ],
    ['a date that is not one', { from: '2026-02-31' }, 'Payload data is invalid', 400],
  ])('refuses %s', async (_name, query, message, status) => {
    const answer = await call(
      officer,
      'GET',
      `/consultations/analysis?${new URLSearchParams(query as Record<string, string>)}`,
    );
    expect(answer.statusCode).toBe(status);
    expect(answer.json().message).toBe(message);
  });

  it('says why when the dates are the wrong way round', async () => {
    const answer = await call(
      officer,
      'GET',
      `/consultations/analysis?documentId=${documentId}&from=2026-03-02&to=2026-03-01`,
    );
    expect(answer.statusCode).toBe(400);
    expect(answer.json().issues).toEqual([{ path: 'querystring.to', message: analysisMessages.dateOrder }]);
  });

  it("answers 404 for a document or event that is not there, or is another council's", async () => {
    const queries: Record<string, string>[] = [{ documentId: randomUUID() }, { eventId: randomUUID() }];
    for (const query of queries) {
      const answer = await call(officer, 'GET', `/consultations/analysis?${new URLSearchParams(query)}`);
      expect(answer.statusCode).toBe(404);
    }
    const theirs = await call(otherOfficer, 'GET', `/consultations/analysis?documentId=${documentId}`);
    expect(theirs.statusCode).toBe(404);
    expect(theirs.json().message).toBe('Document not found');
    const theirEvent = await call(otherOfficer, 'GET', `/consultations/analysis?eventId=${events.closed}`);
    expect(theirEvent.json().message).toBe('Consultation event not found');
  });

  it('needs read on consultations, and the analysis page flag (off: 404)', async () => {
    expect((await call(resident, 'GET', `/consultations/analysis?documentId=${documentId}`)).statusCode).toBe(
      403,
    );
    await withTenant(t.database.db, other.id, (trx) => upsertFlag(trx, other.id, 'analysisPage', false));
    for (const url of [
      '/consultations/analysis?documentId=' + documentId,
      '/consultations/analysis/export.csv?documentId=' + documentId,
    ]) {
      const off = await call(otherOfficer, 'GET', url);
      expect(off.statusCode).toBe(404);
      expect(off.json().message).toBe(analysisMessages.analysisOff);
    }
    await withTenant(t.database.db, other.id, (trx) =>
      upsertFlag(trx, other.id, 'consultationsPages', false),
    );
    const pagesOff = await call(otherOfficer, 'GET', `/consultations/analysis?documentId=${documentId}`);
    expect(pagesOff.json().message).toBe(analysisMessages.consultationsOff);
  });
});

describe('GET /consultations/analysis/export.csv', () => {
  it('writes one row per answer, respondents by number, formulas neutralised, no names or addresses', async () => {
    const answer = await call(viewer, 'GET', `/consultations/analysis/export.csv?documentId=${documentId}`);
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(answer.headers['content-disposition']).toContain('Local Plan answers - answers.csv');
    const lines = answer.body
      .replace(/^\uFEFF/, '')
      .trimEnd()
      .split('\r\n');
    expect(lines[0]).toBe('Respondent,Question,Answer,Comment,Site,Date');
    expect(lines).toHaveLength(10);
    // The resident answered first: respondent 1, answers in the document's reading order.
    const stamp = `${day(-7)} \\d\\d:\\d\\d`;
    expect(lines[1]).toMatch(
      new RegExp(`^1,Do you support allocating this site\\?,Oppose,Floods in winter,.+,${stamp}$`),
    );
    expect(lines[2]).toMatch(
      new RegExp(`^1,Do you agree with the vision for the plan\\?,No,Too many homes,,${stamp}$`),
    );
    expect(lines[3]).toMatch(
      new RegExp(`^1,Which should the plan prioritise\\?,Transport; Green spaces,,,${stamp}$`),
    );
    expect(answer.body).toContain(`2,Any other comments on the plan?,"'=HYPERLINK(""http://evil.test"")"`);
    expect(answer.body).not.toContain('@');
    for (const email of [tenant.email('resident'), 'neighbour@']) expect(answer.body).not.toContain(email);
    const [audited] = await auditRows(t.database.db, tenant.id, 'export.analysis');
    expect(audited).toMatchObject({
      actor_email: tenant.email('viewer'),
      target_type: 'document',
      target_id: documentId,
      summary: "Exported the answers to 'Local Plan answers' as CSV",
      details: { filter: { documentId } },
    });
  });

  it('takes the same filters', async () => {
    const answer = await call(
      officer,
      'GET',
      `/consultations/analysis/export.csv?documentId=${documentId}&siteId=${siteIds[1]}`,
    );
    const lines = answer.body.trimEnd().split('\r\n');
    expect(lines).toHaveLength(2);
    expect(lines[1]).toMatch(/^2,Do you support allocating this site\?,Support,Good access,/);
  });

  it('needs a document (an event without one has no answers to export)', async () => {
    const answer = await call(officer, 'GET', `/consultations/analysis/export.csv?eventId=${events.closed}`);
    expect(answer.statusCode).toBe(400);
    expect(answer.json().message).toBe(analysisMessages.chooseDocumentForCsv);
  });
});

describe('GET /consultations/events/{id}/statement (Regulation 22(1)(c))', () => {
  const expectations = (text: string) => {
    const words = text.replace(/\s+/g, ' ');
    for (const phrase of [
      'Regulation 18 consultation: consultation statement',
      `Council of ${tenant.name}`,
      'Regulation 22(1)(c) of the Town and Country Planning (Local Planning) (England) Regulations 2012',
      'Who was consulted',
      'Representations came from 3 organisations and 2 private individuals.',
      'Bodies that made representations',
      'Environment Agency',
      'Riverside Residents Association',
      'Representations received',
      '5 representations and 1 sub-representation were received.',
      'By correspondence type',
      'By attitude',
      'Main issues raised',
      'Housing (2 representations, 0 sub-representations)',
      'Green belt (1 representation, 1 sub-representation)',
      // Quoted once, under the first topic; the next counts the letters repeating it.
      `“${CAMPAIGN}”`,
      '2 representations repeat a sentence quoted under Housing',
      '“The green belt boundary must stay where it is.” (in 2 representations)',
      'How the issues have been addressed',
      'Green belt boundary retained (to R000001): Green belt boundary retained: our answer.',
      'Boundary review',
      'R000001/1',
      'Responses have been sent to 1 of 1 representation and 1 of 1 sub-representation on this topic.',
    ])
      expect(words, phrase).toContain(phrase);
    for (const secret of [
      ...SECRETS,
      'A deleted draft',
      // Written for a letter still in review: a draft, not the council's answer yet.
      'Traffic assessment updated',
      'A withdrawn letter',
      'Still thinking',
      'A part split out',
    ])
      expect(words, secret).not.toContain(secret);
  };

  it('writes a Word file with the headings, the counts, the issues by topic and the responses, public text only', async () => {
    const answer = await call(viewer, 'GET', `/consultations/events/${events.closed}/statement?format=docx`);
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.headers['content-type']).toContain('wordprocessingml');
    expect(answer.headers['content-disposition']).toContain(
      'Regulation 18 consultation - consultation statement.docx',
    );
    const file = save('statement.docx', answer.rawPayload);
    const xml = run('unzip', ['-p', file, 'word/document.xml']);
    // Paragraph ends as spaces, so words of two cells never run together.
    expectations(xml.replace(/<\/w:p>/g, ' ').replace(/<[^>]+>/g, ''));
    expect(xml).toContain('<w:pStyle w:val="Heading1"/>');
    // The tables' counts: correspondence types and attitudes.
    const cells = [...xml.matchAll(/<w:tc>.*?<\/w:tc>/g)].map((cell) => cell[0].replace(/<[^>]+>/g, ''));
    const after = (label: string) => cells[cells.indexOf(label) + 1];
    expect(after('Letter')).toBe('1');
    expect(after('Online form')).toBe('1');
    expect(after('Statutory authority')).toBe('1');
    expect(after('Private individuals')).toBe('2');
    expect(after('Not stated')).toBe('1');
    expect(after('Oppose')).toBe('3');
  });

  it('writes the same as a PDF', async () => {
    const answer = await call(officer, 'GET', `/consultations/events/${events.closed}/statement?format=pdf`);
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.headers['content-type']).toBe('application/pdf');
    const text = run('pdftotext', [save('statement.pdf', answer.rawPayload), '-']);
    expectations(text);
    expect(text).toContain('Page 1 of');
    const [audited] = await auditRows(t.database.db, tenant.id, 'export.statement');
    expect(audited).toMatchObject({
      actor_email: tenant.email('officer'),
      target_type: 'consultation-event',
      target_id: events.closed,
      summary:
        'Exported the consultation statement as PDF (Regulation 18 consultation - consultation statement.pdf)',
      details: { format: 'pdf' },
    });
  });

  it('refuses another format, an unknown event, and a resident', async () => {
    const txt = await call(officer, 'GET', `/consultations/events/${events.closed}/statement?format=txt`);
    expect(txt.statusCode).toBe(400);
    expect(txt.json().issues[0].message).toBe(analysisMessages.formatInvalid);
    const unknown = await call(officer, 'GET', `/consultations/events/${randomUUID()}/statement?format=pdf`);
    expect(unknown.statusCode).toBe(404);
    expect(
      (await call(resident, 'GET', `/consultations/events/${events.closed}/statement?format=pdf`)).statusCode,
    ).toBe(403);
    expect(
      (await call(otherOfficer, 'GET', `/consultations/events/${events.closed}/statement?format=pdf`))
        .statusCode,
    ).toBe(404);
  });
});

describe('GET /public/consultations/events/{id}/representations', () => {
  const published = (id: string, query = '', tenantName = tenant.name) =>
    call(null, 'GET', `/public/consultations/events/${id}/representations${query}`, undefined, tenantName);

  it("publishes a closed consultation's representations, redacted, without anyone's name or contact details", async () => {
    const answer = await published(events.closed);
    expect(answer.statusCode, answer.body).toBe(200);
    const body = publicRepresentationsSchema.parse(answer.json());
    expect(body).toMatchObject({
      count: 5,
      page: 1,
      pageSize: 20,
      event: { name: 'Regulation 18 consultation' },
    });
    expect(body.representations.map((item) => [item.reference, item.representee])).toEqual([
      ['R000001', 'Environment Agency'],
      ['R000002', 'Private individual'],
      ['R000003', 'Private individual'],
      ['R000004', 'Riverside Residents Association'],
      ['R000005', 'Acme Homes Ltd'],
    ]);
    const [first, second, third] = body.representations;
    expect(first).toMatchObject({
      representeeType: 'organisation',
      organisationType: 'Statutory authority',
      attitude: 'Oppose',
      topics: ['Green belt'],
      text: 'Please call me on [telephone number redacted] to discuss the green belt. The green belt boundary must stay where it is.',
      subRepresentations: [
        {
          reference: 'R000001/1',
          topic: 'Green belt',
          text: 'The green belt boundary must stay where it is.',
        },
      ],
      // Sent: the representation's response and its part's.
      responses: [
        {
          target: 'R000001',
          title: 'Green belt boundary retained',
          text: 'Green belt boundary retained: our answer.',
        },
        { target: 'R000001/1', title: 'Boundary review', text: 'Boundary review: our answer.' },
      ],
    });
    expect(second).toMatchObject({
      text: 'I support new homes near the station. Write to me at [email address redacted] please.',
      organisationType: null,
    });
    // Written but not sent: not published.
    expect(third!.responses).toEqual([]);
    // Personal data an officer has not redacted yet is withheld all the same.
    expect(third!.text).toBe(
      `${CAMPAIGN} Too many homes are planned for the valley.\n\nYours sincerely,\n[name redacted]`,
    );
    expect(body.representations[3]!.text).toContain('Write to [email address redacted] for more.');
    expect(third!.topics).toEqual(['Housing', 'Transport']);
    for (const secret of [
      ...SECRETS,
      'A deleted draft',
      // Written for a letter still in review: a draft, not the council's answer yet.
      'Traffic assessment updated',
      'A withdrawn letter',
      'A part split out',
      'info@org.test',
    ])
      expect(answer.body, secret).not.toContain(secret);
  });

  it('pages (at most 100 a page)', async () => {
    const page = publicRepresentationsSchema.parse(
      (await published(events.closed, '?page=2&pageSize=2')).json(),
    );
    expect(page.representations.map((item) => item.reference)).toEqual(['R000003', 'R000004']);
    expect(page.count).toBe(5);
    const past = publicRepresentationsSchema.parse(
      (await published(events.closed, '?page=9&pageSize=2')).json(),
    );
    expect(past).toMatchObject({ count: 5, representations: [] });
    expect((await published(events.closed, '?pageSize=101')).statusCode).toBe(400);
  });

  it('answers 404 while the consultation is open, once cancelled, and at another council', async () => {
    for (const id of [events.live, events.cancelled]) {
      const answer = await published(id);
      expect(answer.statusCode).toBe(404);
      expect(answer.json().message).toBe(analysisMessages.notPublishedYet);
    }
    const elsewhere = await published(events.closed, '', other.name);
    expect(elsewhere.statusCode).toBe(404);
    expect((await published(randomUUID())).statusCode).toBe(404);
  });
});

describe('topic summaries', () => {
  it('leaves out greetings, sign-offs and sentences with anything withheld', () => {
    expect(
      summaryOf([
        'To whom it may concern,\nThe plan is wrong about the roads.',
        'Please call me on [telephone number redacted]. Yours faithfully,',
        'Kind regards from the valley residents.',
      ]),
    ).toEqual(['“The plan is wrong about the roads.”']);
  });

  it('puts the sentences most letters share first, then the first sentence of the others', () => {
    expect(
      summaryOf([
        `${CAMPAIGN} Short.`,
        `Something else entirely is said here. ${CAMPAIGN}`,
        'The bus service should come first. More text.',
      ]),
    ).toEqual([
      `“${CAMPAIGN}” (in 2 representations)`,
      '“Something else entirely is said here.”',
      '“The bus service should come first.”',
    ]);
  });
});
