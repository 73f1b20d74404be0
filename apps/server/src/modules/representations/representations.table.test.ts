import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { idFilterMessages, representationMessages, type RepresentationRow } from '@planning/shared';
import { apiCaller } from '../../../test/api-call';
import {
  buildContact,
  buildEvent,
  buildOrganisation,
  buildRepresentation,
} from '../../../test/consultation-factories';
import { consultationTestBed, type Tenant } from '../../../test/consultation-setup';
import { buildTenantWithUsers } from '../../../test/factories';
import { signIn, type SignedIn } from '../../../test/sessions';
import { withTenant } from '../../db/tenant-transaction';

const { t } = consultationTestBed();

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
