import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  consultationMessages,
  correspondenceFormSchema,
  docFromPlainText,
  idFilterMessages,
  representationMessages,
  type Representation,
  type RepresentationRow,
} from '@planning/shared';
import { apiCaller } from '../../../test/api-call';
import {
  buildContact,
  buildEvent,
  buildOrganisation,
  buildRepresentation,
  letterRedacting,
} from '../../../test/consultation-factories';
import { consultationTestBed, issueMessages, type Tenant } from '../../../test/consultation-setup';
import { buildTenantWithUsers } from '../../../test/factories';
import { signIn, type SignedIn } from '../../../test/sessions';
import { withTenant } from '../../db/tenant-transaction';

const { t, tenant, officer, viewer, resident, otherOfficer, call } = consultationTestBed();
let eventId: string;
let contactId: string;

beforeAll(async () => {
  eventId = (await buildEvent(t.database.db, tenant.id, { name: 'Regulation 19' })).id;
  contactId = (await buildContact(t.database.db, tenant.id, { firstName: 'Jane', lastName: 'Doe' })).id;
});

const create = async (overrides: Record<string, unknown> = {}) => {
  const response = await call(officer, 'POST', '/consultations/representations', {
    correspondenceType: 'Email',
    consultationEventId: eventId,
    receivedDate: '2026-01-10',
    representee: { type: 'privateIndividual', contactId },
    originalText: 'I object to the housing numbers.\n\nRegards,\nJane Doe',
    ...overrides,
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json() as Representation;
};
const timeline = async (id: string) =>
  (await call(viewer, 'GET', `/consultations/representations/${id}/timeline`)).json().timeline as {
    action: string;
    detail: Record<string, unknown>;
    userName: string;
  }[];

describe('creating a representation (spec 02 §7)', () => {
  it('gives the next reference of the council, keeps the text as received and makes the document from it', async () => {
    const first = await create();
    const second = await create();
    expect(Number(second.reference.slice(1))).toBe(Number(first.reference.slice(1)) + 1);
    expect(first.reference).toMatch(/^R\d{6}$/);
    expect(first).toMatchObject({
      consultationEventId: eventId,
      eventName: 'Regulation 19',
      status: 'Received',
      representeeType: 'privateIndividual',
      representeeName: 'Jane Doe',
      originalText: 'I object to the housing numbers.\n\nRegards,\nJane Doe',
      publicText: 'I object to the housing numbers.\n\nRegards,\nJane Doe',
      excerpt: 'I object to the housing numbers.\n\nRegards,\nJane Doe',
      content: docFromPlainText('I object to the housing numbers.\n\nRegards,\nJane Doe'),
      subRepresentations: [],
      campaign: null,
      policy: { canWrite: true, canDelete: true },
    });
    expect(await timeline(first.id)).toEqual([
      expect.objectContaining({
        action: 'created',
        detail: { reference: first.reference },
        userName: 'Olu Officer',
      }),
    ]);
    // The viewer reads the same, without the right to change it.
    const read = await call(viewer, 'GET', `/consultations/representations/${first.id}`);
    expect(read.json()).toMatchObject({ id: first.id, policy: { canWrite: false, canDelete: false } });
  });

  it('takes references in turn when officers save at once', async () => {
    const made = await Promise.all(Array.from({ length: 6 }, () => create()));
    const numbers = made.map((item) => Number(item.reference.slice(1)));
    expect(new Set(numbers).size).toBe(6);
  });

  it('numbers each council on its own', async () => {
    const council = await buildTenantWithUsers(t.database.db);
    const event = await buildEvent(t.database.db, council.id);
    const person = await buildContact(t.database.db, council.id);
    const who = await signIn(t.app, council.name, council.email('officer'));
    const answer = await apiCaller(
      () => t.app,
      () => council.name,
    )(who, 'POST', '/consultations/representations', {
      correspondenceType: 'Letter',
      consultationEventId: event.id,
      receivedDate: '2026-01-10',
      representee: { type: 'privateIndividual', contactId: person.id },
    });
    expect(answer.statusCode, answer.body).toBe(201);
    expect(answer.json().reference).toBe('R000001');
  });

  it("refuses a representation without a representee, event or known people, in the spec's words", async () => {
    const noRepresentee = await call(officer, 'POST', '/consultations/representations', {
      correspondenceType: 'Email',
      consultationEventId: eventId,
      receivedDate: '2026-01-10',
      representee: { type: 'organisation' },
    });
    expect(noRepresentee.statusCode).toBe(400);
    expect(issueMessages(noRepresentee)).toContain(representationMessages.representeeRequired);
    const noEvent = await call(officer, 'POST', '/consultations/representations', {
      correspondenceType: 'Email',
      receivedDate: '2026-01-10',
      representee: { type: 'privateIndividual', contactId },
    });
    expect(issueMessages(noEvent)).toContain(representationMessages.eventRequired);
    const refusals: [Record<string, unknown>, string][] = [
      [{ consultationEventId: randomUUID() }, representationMessages.eventNotFound],
      [
        { representee: { type: 'privateIndividual', contactId: randomUUID() } },
        representationMessages.contactNotFound,
      ],
      [
        { representee: { type: 'organisation', organisationId: randomUUID() } },
        representationMessages.organisationNotFound,
      ],
      [{ agentContactId: contactId }, consultationMessages.agentMustBeAgent],
      [{ topicIds: [randomUUID()] }, consultationMessages.topicNotFound],
      [{ siteIds: ['999999999'] }, consultationMessages.siteNotFound],
    ];
    for (const [body, message] of refusals) {
      const response = await call(officer, 'POST', '/consultations/representations', {
        correspondenceType: 'Email',
        consultationEventId: eventId,
        receivedDate: '2026-01-10',
        representee: { type: 'privateIndividual', contactId },
        ...body,
      });
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.json().message, JSON.stringify(body)).toBe(message);
    }
    const organisation = await buildOrganisation(t.database.db, tenant.id);
    const stranger = await call(officer, 'POST', '/consultations/representations', {
      correspondenceType: 'Email',
      consultationEventId: eventId,
      receivedDate: '2026-01-10',
      representee: { type: 'organisation', organisationId: organisation.id, contactId },
    });
    expect(stranger.json().message).toBe(consultationMessages.contactNotInOrganisation);
  });

  it("checks the correspondence form in the spec's words (misspellings included)", () => {
    const result = correspondenceFormSchema.safeParse({ event: '', receivedDate: '', aknowledgeDate: '' });
    expect(result.success).toBe(false);
    const messages = result.error!.issues.map((issue) => issue.message);
    expect(messages).toEqual(
      expect.arrayContaining([
        'Please select the event',
        'Please enter the reveiced date',
        'Please enter the aknowledge date',
      ]),
    );
  });

  it('creates for an organisation through its agent', async () => {
    const organisation = await buildOrganisation(t.database.db, tenant.id, { name: 'Hadlow Parish Council' });
    const firm = await buildOrganisation(t.database.db, tenant.id, { organisationType: 'Consultant' });
    const agent = await buildContact(t.database.db, tenant.id, {
      contactType: 'agent',
      organisationId: firm.id,
      firstName: 'Alex',
      lastName: 'Agent',
    });
    const made = await create({
      representee: { type: 'organisation', organisationId: organisation.id },
      agentContactId: agent.id,
    });
    expect(made).toMatchObject({
      representeeType: 'organisation',
      representeeName: 'Hadlow Parish Council',
      organisationId: organisation.id,
      contactId: null,
      agentContactId: agent.id,
      agentName: 'Alex Agent',
    });
  });
});

describe('changing a representation', () => {
  it('stamps new redactions with the officer and now, keeps old stamps, and records types only', async () => {
    const made = await create({ originalText: 'Call Jane on 0113 496 0000 today.' });
    const forged = {
      redactionType: 'telephone number',
      docId: 'r-1',
      by: 'Somebody Else',
      at: '1999-01-01T00:00:00Z',
    };
    const patched = await call(officer, 'PATCH', `/consultations/representations/${made.id}`, {
      content: letterRedacting('Call Jane on ', '0113 496 0000', ' today.', forged),
    });
    expect(patched.statusCode, patched.body).toBe(200);
    const body = patched.json() as Representation;
    const mark = JSON.stringify(body.content);
    expect(mark).toContain('"by":"Olu Officer"');
    expect(mark).not.toContain('Somebody Else');
    expect(body.publicText).toBe('Call Jane on [telephone number redacted] today.');
    expect(body.originalText).toBe('Call Jane on 0113 496 0000 today.');
    const stampedAt = /"at":"([^"]+)"/.exec(mark)![1]!;
    expect(Date.now() - new Date(stampedAt).getTime()).toBeLessThan(60_000);

    // Saved again by the viewer's colleague: the first stamp stays whatever the editor sends.
    const again = await call(officer, 'PATCH', `/consultations/representations/${made.id}`, {
      content: letterRedacting('Call Jane on ', '0113 496 0000', ' today!', {
        ...forged,
        by: 'Tamper',
        at: '2000-01-01T00:00:00Z',
      }),
    });
    expect(JSON.stringify(again.json().content)).toContain(`"at":"${stampedAt}"`);
    const removed = await call(officer, 'PATCH', `/consultations/representations/${made.id}`, {
      content: docFromPlainText('Call Jane today.'),
    });
    expect(removed.json().publicText).toBe('Call Jane today.');
    const entries = await timeline(made.id);
    expect(entries.map((entry) => entry.action)).toEqual(
      expect.arrayContaining(['redaction added', 'redaction removed', 'updated', 'created']),
    );
    expect(entries.find((entry) => entry.action === 'redaction added')?.detail).toEqual({
      redactionType: 'telephone number',
    });
    expect(JSON.stringify(entries)).not.toContain('0113');
  });

  it('refuses the text as received, a document that is not one, and changes status with a timeline entry', async () => {
    const made = await create();
    const original = await call(officer, 'PATCH', `/consultations/representations/${made.id}`, {
      originalText: 'new',
    });
    expect(original.statusCode).toBe(400);
    expect(original.json().message).toBe(representationMessages.originalTextReadOnly);
    const notADoc = await call(officer, 'PATCH', `/consultations/representations/${made.id}`, {
      content: { type: 'paragraph', content: [{ type: 'text', text: 'x' }] },
    });
    expect(notADoc.statusCode).toBe(400);
    const badMark = await call(officer, 'PATCH', `/consultations/representations/${made.id}`, {
      content: letterRedacting('a', 'b', 'c', { redactionType: 'secret', docId: 'r' }),
    });
    expect(badMark.statusCode).toBe(400);
    const script = await call(officer, 'PATCH', `/consultations/representations/${made.id}`, {
      content: {
        type: 'doc',
        content: [
          {
            type: 'paragraph',
            content: [
              { type: 'text', text: 'x', marks: [{ type: 'link', attrs: { href: 'javascript:alert(1)' } }] },
            ],
          },
        ],
      },
    });
    expect(script.statusCode).toBe(400);

    const status = await call(officer, 'PATCH', `/consultations/representations/${made.id}`, {
      status: 'In review',
      attitude: 'Support',
      letterDate: '2026-01-02',
    });
    expect(status.json()).toMatchObject({
      status: 'In review',
      attitude: 'Support',
      letterDate: '2026-01-02',
    });
    const entries = await timeline(made.id);
    expect(entries[0]).toMatchObject({
      action: 'status changed',
      detail: { from: 'Received', to: 'In review' },
    });
    expect(entries[1]).toMatchObject({ action: 'updated', detail: { fields: ['letterDate', 'attitude'] } });
    expect(
      (await call(viewer, 'PATCH', `/consultations/representations/${made.id}`, { status: 'Reviewed' }))
        .statusCode,
    ).toBe(403);
  });

  it('sets topics, duplicates, changes status in bulk and deletes', async () => {
    const topic = await call(officer, 'POST', '/consultations/topics', {
      name: `Green Belt ${randomUUID()}`,
    });
    const made = await create({ topicIds: [topic.json().id] });
    expect(made.topics).toEqual([{ id: topic.json().id, name: topic.json().name }]);

    const copies = await call(officer, 'POST', '/consultations/representations/duplicate', {
      ids: [made.id],
    });
    expect(copies.statusCode, copies.body).toBe(201);
    const [copy] = copies.json().representations as { id: string; reference: string; duplicateOf: string }[];
    expect(copy!.duplicateOf).toBe(made.reference);
    expect(copy!.reference).not.toBe(made.reference);
    const copied = (
      await call(viewer, 'GET', `/consultations/representations/${copy!.id}`)
    ).json() as Representation;
    expect(copied).toMatchObject({
      status: 'Received',
      topics: made.topics,
      originalText: made.originalText,
      receivedDate: '2026-01-10',
    });
    expect((await timeline(made.id))[0]).toMatchObject({
      action: 'duplicated',
      detail: { copy: copy!.reference },
    });
    expect((await timeline(copy!.id))[0]).toMatchObject({
      action: 'created',
      detail: { duplicateOf: made.reference },
    });

    const status = await call(officer, 'POST', '/consultations/representations/status', {
      ids: [made.id, copy!.id],
      status: 'Acknowledged',
    });
    expect(status.statusCode).toBe(204);
    expect((await timeline(copy!.id))[0]).toMatchObject({
      action: 'status changed',
      detail: { from: 'Received', to: 'Acknowledged' },
    });
    expect(
      (
        await call(viewer, 'POST', '/consultations/representations/status', {
          ids: [made.id],
          status: 'Pending',
        })
      ).statusCode,
    ).toBe(403);

    expect(
      (await call(viewer, 'POST', '/consultations/representations/delete', { ids: [copy!.id] })).statusCode,
    ).toBe(403);
    expect(
      (await call(officer, 'POST', '/consultations/representations/delete', { ids: [copy!.id] })).statusCode,
    ).toBe(204);
    expect((await call(officer, 'GET', `/consultations/representations/${copy!.id}`)).statusCode).toBe(404);
    // Deleted: gone from the table, and any later bulk action naming it is 404 as a whole.
    const again = await call(officer, 'POST', '/consultations/representations/status', {
      ids: [made.id, copy!.id],
      status: 'Pending',
    });
    expect(again.statusCode).toBe(404);
    expect((await call(viewer, 'GET', `/consultations/representations/${made.id}`)).json().status).toBe(
      'Acknowledged',
    );
  });
});

describe('sub-representations', () => {
  it('numbers parts in turn and never reuses a deleted one’s number', async () => {
    const made = await create();
    const part = async () => {
      const response = await call(
        officer,
        'POST',
        `/consultations/representations/${made.id}/sub-representations`,
        {
          content: docFromPlainText('A part about the Green Belt.'),
          comment: 'Green Belt',
        },
      );
      expect(response.statusCode, response.body).toBe(201);
      return response.json() as { id: string; sequentialId: number; reference: string };
    };
    const one = await part();
    const two = await part();
    expect([one.sequentialId, two.sequentialId]).toEqual([1, 2]);
    expect(two.reference).toBe(`${made.reference}/2`);
    const deleted = await call(officer, 'PATCH', `/consultations/sub-representations/${two.id}`, {
      isDeleted: true,
    });
    expect(deleted.statusCode).toBe(200);
    expect(deleted.json()).toMatchObject({
      representationId: made.id,
      subRepresentation: { isDeleted: true, sequentialId: 2 },
    });
    const three = await part();
    expect(three.sequentialId).toBe(3);
    const status = await call(officer, 'PATCH', `/consultations/sub-representations/${three.id}`, {
      status: 'Reviewed',
      attitude: 'Neutral',
    });
    expect(status.json().subRepresentation).toMatchObject({ status: 'Reviewed', attitude: 'Neutral' });
    const read = (
      await call(viewer, 'GET', `/consultations/representations/${made.id}`)
    ).json() as Representation;
    expect(read.subRepresentations.map((sub) => [sub.sequentialId, sub.isDeleted])).toEqual([
      [1, false],
      [2, true],
      [3, false],
    ]);
    expect(read.subRepresentationCount).toBe(2);
    expect((await call(viewer, 'GET', `/consultations/sub-representations/${one.id}`)).json()).toMatchObject({
      plainText: 'A part about the Green Belt.',
      comment: 'Green Belt',
    });
    const actions = (await timeline(made.id)).map((entry) => entry.action);
    expect(actions).toEqual(
      expect.arrayContaining(['sub-representation created', 'sub-representation deleted']),
    );
    const bad = await call(officer, 'POST', `/consultations/representations/${made.id}/sub-representations`, {
      content: { type: 'text' },
    });
    expect(bad.statusCode).toBe(400);
    expect(
      (await call(viewer, 'PATCH', `/consultations/sub-representations/${one.id}`, { isDeleted: true }))
        .statusCode,
    ).toBe(403);
  });
});

describe('the representations table (spec 02 §3 Table query)', () => {
  let council: Tenant;
  let who: SignedIn;
  let search: (
    body: Record<string, unknown>,
  ) => Promise<{ count: number; rows: RepresentationRow[]; groupedByDistinctValue: unknown[] }>;
  let references: Map<string, string>;
  beforeAll(async () => {
    council = await buildTenantWithUsers(t.database.db);
    who = await signIn(t.app, council.name, council.email('officer'));
    const calls = apiCaller(
      () => t.app,
      () => council.name,
    );
    search = async (body) => {
      const response = await calls(who, 'POST', '/consultations/representations/search', body);
      expect(response.statusCode, response.body).toBe(200);
      return response.json().result;
    };
    const event = await buildEvent(t.database.db, council.id, { name: 'Local Plan' });
    const alice = await buildContact(t.database.db, council.id, { firstName: 'Alice', lastName: 'Archer' });
    const bob = await buildContact(t.database.db, council.id, { firstName: 'Bob', lastName: 'Baker' });
    const trust = await buildOrganisation(t.database.db, council.id, { name: 'Kent Wildlife Trust' });
    const made = [
      await buildRepresentation(t.database.db, council.id, {
        eventId: event.id,
        contactId: alice.id,
        status: 'Received',
        attitude: 'Oppose',
        receivedDate: '2026-01-01',
        text: 'Flooding on the river meadows is getting worse every winter.',
      }),
      await buildRepresentation(t.database.db, council.id, {
        eventId: event.id,
        contactId: bob.id,
        status: 'Pending',
        attitude: 'Support',
        receivedDate: '2026-01-02',
        text: 'I support the new school and the transport improvements.',
      }),
      await buildRepresentation(t.database.db, council.id, {
        eventId: event.id,
        organisationId: trust.id,
        status: 'Received',
        attitude: 'Oppose',
        receivedDate: '2026-01-03',
        text: 'The Green Belt must be protected for wildlife.',
      }),
      await buildRepresentation(t.database.db, council.id, {
        eventId: event.id,
        contactId: alice.id,
        status: 'Reviewed',
        attitude: null,
        receivedDate: '2026-01-04',
        text: 'Housing numbers are too high.',
      }),
      await buildRepresentation(t.database.db, council.id, {
        eventId: event.id,
        contactId: bob.id,
        status: 'Received',
        attitude: 'Neutral',
        receivedDate: '2026-01-05',
        text: 'No comment on flooding.',
      }),
    ];
    references = new Map(made.map((row) => [row.id, `R${String(row.reference).padStart(6, '0')}`]));
  });
  const refs = (rows: RepresentationRow[]) => rows.map((row) => row.reference).join(',');

  it('filters, with groups of _or, and sorts by allowed fields only', async () => {
    const oppose = await search({
      filter: [
        { type: 'checkboxesList', dbPropertyName: 'status', value: ['Received', 'Pending'] },
        { type: 'select', dbPropertyName: 'attitude', value: 'Oppose' },
      ],
      sort: [{ field: 'received_date', order: 'desc' }],
    });
    expect(refs(oppose.rows)).toBe('R000003,R000001');
    expect(oppose.count).toBe(2);
    const either = await search({
      filter: [
        {
          type: 'group',
          operator: '_or',
          filters: [
            { type: 'select', dbPropertyName: 'status', value: 'Reviewed' },
            { type: 'select', dbPropertyName: 'attitude', value: 'Support' },
          ],
        },
      ],
      sort: [{ field: 'reference', order: 'asc' }],
    });
    expect(refs(either.rows)).toBe('R000002,R000004');
    const byName = await search({
      sort: [
        { field: 'representee_name', order: 'asc' },
        { field: 'reference', order: 'asc' },
      ],
    });
    expect(byName.rows.map((row) => row.representeeName)).toEqual([
      'Alice Archer',
      'Alice Archer',
      'Bob Baker',
      'Bob Baker',
      'Kent Wildlife Trust',
    ]);
    const dates = await search({
      filter: [
        {
          type: 'dateRange',
          dbPropertyName: 'received_date',
          value: { from: '2026-01-02', to: '2026-01-03' },
        },
      ],
    });
    expect(dates.count).toBe(2);
    for (const field of ['plain_text', 'original_text', 'r.reference; drop table users', 'topics']) {
      const body = { sort: [{ field, order: 'asc' }] };
      const response = await apiCaller(
        () => t.app,
        () => council.name,
      )(who, 'POST', '/consultations/representations/search', body);
      expect(response.statusCode, field).toBe(400);
    }
    const refused = await apiCaller(
      () => t.app,
      () => council.name,
    )(who, 'POST', '/consultations/representations/search', {
      sort: [{ field: 'original_text', order: 'asc' }],
    });
    expect(refused.json().message).toBe(representationMessages.unknownSortField('original_text'));
    const filterSecret = await apiCaller(
      () => t.app,
      () => council.name,
    )(who, 'POST', '/consultations/representations/search', {
      filter: [{ type: 'text', dbPropertyName: 'original_text', value: 'x' }],
    });
    expect(filterSecret.statusCode).toBe(400);
  });

  it('searches references, names and words of the text (as prefixes)', async () => {
    expect(refs((await search({ search: 'R000002' })).rows)).toBe('R000002');
    expect(refs((await search({ search: '4' })).rows)).toBe('R000004');
    expect(
      refs((await search({ search: 'wildlife trust', sort: [{ field: 'reference', order: 'asc' }] })).rows),
    ).toBe('R000003');
    expect(refs((await search({ search: 'baker', sort: [{ field: 'reference', order: 'asc' }] })).rows)).toBe(
      'R000002,R000005',
    );
    expect(refs((await search({ search: 'flood', sort: [{ field: 'reference', order: 'asc' }] })).rows)).toBe(
      'R000001,R000005',
    );
    expect(refs((await search({ search: 'river floods' })).rows)).toBe('R000001');
    expect((await search({ search: "'&|!:*()" })).count).toBe(0);
  });

  it('groups over every filtered row and reads one group, paged', async () => {
    const grouped = await search({ groupBy: 'status', limit: 2 });
    expect(grouped.count).toBe(5);
    expect(grouped.rows).toHaveLength(2);
    expect(grouped.groupedByDistinctValue).toEqual([
      { value: 'Received', label: 'Received', count: 3 },
      { value: 'Pending', label: 'Pending', count: 1 },
      { value: 'Reviewed', label: 'Reviewed', count: 1 },
    ]);
    const received = await search({
      groupBy: 'status',
      groupValue: 'Received',
      limit: 2,
      offset: 2,
      sort: [{ field: 'reference', order: 'asc' }],
    });
    expect(received.count).toBe(3);
    expect(refs(received.rows)).toBe('R000005');
    const attitudes = await search({ groupBy: 'attitude' });
    expect(attitudes.groupedByDistinctValue).toContainEqual({ value: null, label: 'None', count: 1 });
    const refused = await apiCaller(
      () => t.app,
      () => council.name,
    )(who, 'POST', '/consultations/representations/search', { groupBy: 'reference' });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe(representationMessages.unknownGroupField('reference'));
    const page = await search({ limit: 2, offset: 4 });
    expect(page).toMatchObject({ count: 5 });
    expect(page.rows).toHaveLength(1);
    expect(references.size).toBe(5);
  });

  it('shows the row as the table needs it: excerpt of 200 characters, counts, no full texts', async () => {
    const long = await buildRepresentation(t.database.db, council.id, { text: 'x'.repeat(500) });
    const [row] = (await search({ search: String(long.reference) })).rows;
    expect(row!.excerpt).toHaveLength(200);
    expect(row).not.toHaveProperty('originalText');
    expect(row).not.toHaveProperty('content');
    expect(row).toMatchObject({
      subRepresentationCount: 0,
      responseCount: 0,
      campaign: null,
      topics: [],
      siteIds: [],
    });
  });
});

describe('campaign letters', () => {
  it('groups near-duplicate letters of an event and keeps the rows’ campaign up to date', async () => {
    const council = await buildTenantWithUsers(t.database.db);
    const who = await signIn(t.app, council.name, council.email('officer'));
    const calls = apiCaller(
      () => t.app,
      () => council.name,
    );
    const event = await buildEvent(t.database.db, council.id);
    const letter =
      'Dear Sir or Madam, I write to object in the strongest terms to the allocation of the land north of ' +
      'Hadlow Road for four hundred homes. The roads are already at capacity at peak times, the primary ' +
      'school is full, and the fields flood every winter. Please remove this site from the plan.';
    const ids: string[] = [];
    for (const [index, name] of ['Ann', 'Ben', 'Cat', 'Dan'].entries()) {
      const person = await buildContact(t.database.db, council.id, {
        firstName: name,
        lastName: 'Campaigner',
      });
      const response = await calls(who, 'POST', '/consultations/representations', {
        correspondenceType: 'Email',
        consultationEventId: event.id,
        receivedDate: '2026-01-10',
        representee: { type: 'privateIndividual', contactId: person.id },
        originalText: `${letter}${index === 2 ? ' I walk my dog there every day.' : ''}\n\nYours faithfully, ${name} Campaigner`,
      });
      expect(response.statusCode, response.body).toBe(201);
      ids.push(response.json().id);
    }
    const other = await buildContact(t.database.db, council.id);
    await calls(who, 'POST', '/consultations/representations', {
      correspondenceType: 'Letter',
      consultationEventId: event.id,
      receivedDate: '2026-01-11',
      representee: { type: 'privateIndividual', contactId: other.id },
      originalText: 'I support the plan because it brings new homes for young families and a new bus route.',
    });

    const groups = await calls(who, 'GET', `/consultations/representations/campaigns?eventId=${event.id}`);
    expect(groups.statusCode, groups.body).toBe(200);
    expect(groups.json().groups).toHaveLength(1);
    expect(groups.json().groups[0]).toMatchObject({
      id: ids[0],
      size: 4,
      exemplar: { id: ids[0], reference: 'R000001' },
    });
    expect(
      groups
        .json()
        .groups[0].representations.map((item: { representeeName: string }) => item.representeeName),
    ).toEqual(['Ann Campaigner', 'Ben Campaigner', 'Cat Campaigner', 'Dan Campaigner']);
    const inCampaign = await calls(who, 'POST', '/consultations/representations/search', {
      filter: [{ type: 'checkbox', dbPropertyName: 'campaign', value: true }],
    });
    expect(inCampaign.json().result.count).toBe(4);
    expect(inCampaign.json().result.rows[0].campaign).toEqual({ id: ids[0], size: 4 });

    await calls(who, 'POST', '/consultations/representations/delete', { ids: [ids[3]] });
    const after = (await calls(who, 'GET', `/consultations/representations/${ids[1]}`)).json();
    expect(after.campaign).toEqual({ id: ids[0], size: 3 });
    const unknown = await calls(
      who,
      'GET',
      `/consultations/representations/campaigns?eventId=${randomUUID()}`,
    );
    expect(unknown.statusCode).toBe(404);
  });
});

describe('attachments', () => {
  const PNG = Buffer.from(
    'iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAYAAABytg0kAAAAEUlEQVR4AWM8AQQMQMDEAAUAMKYDJOk+9mYAAAAASUVORK5CYII=',
    'base64',
  );
  const upload = (who: SignedIn, id: string) => {
    const boundary = '----test-boundary';
    const payload = Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="fileCollection"; filename="plan.png"\r\nContent-Type: image/png\r\n\r\n`,
      ),
      PNG,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    return t.app.inject({
      method: 'POST',
      url: `/api/v1/consultations/representations/${id}/attachments`,
      headers: who.headers({ 'content-type': `multipart/form-data; boundary=${boundary}` }),
      payload,
    });
  };

  it('uploads, lists, downloads and deletes an attachment', async () => {
    const made = await create();
    expect((await upload(viewer, made.id)).statusCode).toBe(403);
    const uploaded = await upload(officer, made.id);
    expect(uploaded.statusCode, uploaded.body).toBe(201);
    const [file] = uploaded.json().attachments as { id: string; name: string; downloadPath: string }[];
    expect(file).toMatchObject({ name: 'plan.png', contentType: 'image/png', scanStatus: 'unscanned' });
    const list = await call(officer, 'GET', `/consultations/representations/${made.id}/attachments`);
    expect(list.json().attachments).toHaveLength(1);
    // Not scanned: the viewer may not download it yet; a writer may.
    expect(
      (await call(viewer, 'GET', `/consultations/representations/${made.id}/attachments`)).json()
        .attachments[0].downloadPath,
    ).toBeNull();
    const download = await t.app.inject({
      method: 'GET',
      url: file!.downloadPath,
      headers: officer.headers(),
    });
    expect(download.statusCode).toBe(200);
    expect(download.rawPayload.equals(PNG)).toBe(true);
    expect((await upload(otherOfficer, made.id)).statusCode).toBe(404);
    expect(
      (await call(officer, 'DELETE', `/consultations/representations/${made.id}/attachments/${file!.id}`))
        .statusCode,
    ).toBe(204);
    expect(
      (await call(officer, 'GET', `/consultations/representations/${made.id}/attachments`)).json()
        .attachments,
    ).toEqual([]);
  });
});

describe('councils and permissions', () => {
  it("answers another council's representation with 404 everywhere", async () => {
    const made = await create();
    const sub = (
      await call(officer, 'POST', `/consultations/representations/${made.id}/sub-representations`, {
        content: docFromPlainText('A part.'),
      })
    ).json();
    const calls: [string, string, unknown][] = [
      ['GET', `/consultations/representations/${made.id}`, undefined],
      ['PATCH', `/consultations/representations/${made.id}`, { status: 'Pending' }],
      ['GET', `/consultations/representations/${made.id}/timeline`, undefined],
      ['PUT', `/consultations/representations/${made.id}/custom`, { columnId: randomUUID(), value: null }],
      ['POST', `/consultations/representations/${made.id}/sub-representations`, {}],
      ['GET', `/consultations/sub-representations/${sub.id}`, undefined],
      ['PATCH', `/consultations/sub-representations/${sub.id}`, { isDeleted: true }],
      ['POST', '/consultations/representations/duplicate', { ids: [made.id] }],
      ['POST', '/consultations/representations/delete', { ids: [made.id] }],
      ['POST', '/consultations/representations/status', { ids: [made.id], status: 'Pending' }],
      ['GET', `/consultations/representations/${made.id}/attachments`, undefined],
    ];
    for (const [method, url, body] of calls) {
      const response = await call(otherOfficer, method as 'GET', url, body);
      expect(response.statusCode, `${method} ${url}`).toBe(404);
    }
    const search = await call(otherOfficer, 'POST', '/consultations/representations/search', {
      search: made.reference,
    });
    expect(search.json().result.count).toBe(0);
    expect((await call(viewer, 'GET', `/consultations/representations/${made.id}`)).json().status).toBe(
      'Received',
    );
  });

  it('needs the grant (403) and the consultations pages (404)', async () => {
    const made = await create();
    for (const [method, url, body] of [
      ['GET', `/consultations/representations/${made.id}`, undefined],
      ['POST', '/consultations/representations/search', {}],
      ['POST', '/consultations/representations', {}],
    ] as const) {
      expect((await call(resident, method, url, body)).statusCode, url).toBe(403);
    }
    expect((await call(viewer, 'POST', '/consultations/representations', {})).statusCode).toBe(403);
    const off = await buildTenantWithUsers(t.database.db, { flags: { consultationsPages: false } });
    const offOfficer = await signIn(t.app, off.name, off.email('officer'));
    const offCall = apiCaller(
      () => t.app,
      () => off.name,
    );
    const response = await offCall(offOfficer, 'POST', '/consultations/representations/search', {});
    expect(response.statusCode).toBe(404);
    expect(response.json().message).toBe(consultationMessages.pagesOff);
  });
});

describe('filtering by record ids (campaign_id, contact_id, organisation_id, agent_contact_id)', () => {
  let council: Tenant;
  let who: SignedIn;
  let calls: ReturnType<typeof apiCaller>;
  const made: Record<'alice' | 'bob' | 'trust' | 'agent', string> = {
    alice: '',
    bob: '',
    trust: '',
    agent: '',
  };
  const letters: string[] = [];
  beforeAll(async () => {
    council = await buildTenantWithUsers(t.database.db);
    who = await signIn(t.app, council.name, council.email('officer'));
    calls = apiCaller(
      () => t.app,
      () => council.name,
    );
    const db = t.database.db;
    const event = await buildEvent(db, council.id);
    // Two people of one name: the ids, not the names, tell their letters apart.
    made.alice = (await buildContact(db, council.id, { firstName: 'Alex', lastName: 'Smith' })).id;
    made.bob = (await buildContact(db, council.id, { firstName: 'Alex', lastName: 'Smith' })).id;
    made.trust = (await buildOrganisation(db, council.id, { name: 'Weald Trust' })).id;
    made.agent = (await buildContact(db, council.id, { contactType: 'agent', lastName: 'Agent' })).id;
    for (const overrides of [
      { contactId: made.alice },
      { contactId: made.alice, agentContactId: made.agent },
      { contactId: made.bob },
      { organisationId: made.trust, agentContactId: made.agent },
      { organisationId: made.trust },
    ]) {
      letters.push((await buildRepresentation(db, council.id, { eventId: event.id, ...overrides })).id);
    }
    // Letters 1, 3 and 5 are one campaign (worked out elsewhere: set here as its columns).
    await withTenant(db, council.id, (trx) =>
      trx
        .updateTable('representations')
        .set({ campaign_id: letters[0]!, campaign_size: 3 })
        .where('id', 'in', [letters[0]!, letters[2]!, letters[4]!])
        .execute(),
    );
  });
  const idsOf = async (filter: unknown[]) => {
    const response = await calls(who, 'POST', '/consultations/representations/search', {
      filter,
      sort: [{ field: 'reference', order: 'asc' }],
    });
    expect(response.statusCode, response.body).toBe(200);
    const { count, rows } = response.json().result as { count: number; rows: RepresentationRow[] };
    expect(count).toBe(rows.length);
    return rows.map((row) => letters.indexOf(row.id) + 1);
  };

  it("finds a campaign's, a contact's, an organisation's and an agent's letters by id", async () => {
    expect(await idsOf([{ type: 'select', dbPropertyName: 'campaign_id', value: letters[0] }])).toEqual([
      1, 3, 5,
    ]);
    expect(await idsOf([{ type: 'select', dbPropertyName: 'contact_id', value: made.alice }])).toEqual([
      1, 2,
    ]);
    expect(await idsOf([{ type: 'select', dbPropertyName: 'contact_id', value: made.bob }])).toEqual([3]);
    expect(await idsOf([{ type: 'select', dbPropertyName: 'organisation_id', value: made.trust }])).toEqual([
      4, 5,
    ]);
    expect(await idsOf([{ type: 'select', dbPropertyName: 'agent_contact_id', value: made.agent }])).toEqual([
      2, 4,
    ]);
    // A contact's letters, as representee or as agent; several ids; all but one campaign.
    expect(
      await idsOf([
        {
          type: 'group',
          operator: '_or',
          filters: [
            { type: 'select', dbPropertyName: 'contact_id', value: made.agent },
            { type: 'select', dbPropertyName: 'agent_contact_id', value: made.agent },
          ],
        },
      ]),
    ).toEqual([2, 4]);
    expect(
      await idsOf([{ type: 'checkboxesList', dbPropertyName: 'contact_id', value: [made.alice, made.bob] }]),
    ).toEqual([1, 2, 3]);
    expect(
      await idsOf([{ type: 'select', dbPropertyName: 'campaign_id', equality: 'NE', value: letters[0] }]),
    ).toEqual([2, 4]);
    // An id of nothing here (or another council's) finds nothing.
    expect(await idsOf([{ type: 'select', dbPropertyName: 'contact_id', value: randomUUID() }])).toEqual([]);
  });

  it('refuses a value that is not an id (400, saying which), and sorting or grouping by an id', async () => {
    for (const [field, value] of [
      ['campaign_id', 'campaign-1'],
      ['contact_id', 'Alex Smith'],
      ['organisation_id', 42],
      ['agent_contact_id', `${randomUUID()}x`],
    ] as const) {
      const response = await calls(who, 'POST', '/consultations/representations/search', {
        filter: [
          {
            type: 'group',
            operator: '_or',
            filters: [{ type: 'checkboxesList', dbPropertyName: field, value: [randomUUID(), value] }],
          },
        ],
      });
      expect(response.statusCode, field).toBe(400);
      expect(response.json().message).toBe(idFilterMessages.notAnId(field, value));
    }
    const sorted = await calls(who, 'POST', '/consultations/representations/search', {
      sort: [{ field: 'contact_id', order: 'asc' }],
    });
    expect(sorted.statusCode).toBe(400);
    expect(sorted.json().message).toBe(representationMessages.unknownSortField('contact_id'));
    const grouped = await calls(who, 'POST', '/consultations/representations/search', {
      groupBy: 'campaign_id',
    });
    expect(grouped.statusCode).toBe(400);
    expect(grouped.json().message).toBe(representationMessages.unknownGroupField('campaign_id'));
  });
});
