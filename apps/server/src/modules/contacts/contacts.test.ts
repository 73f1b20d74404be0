import { describe, expect, it } from 'vitest';
import {
  consultationMessages,
  idFilterMessages,
  representationMessages,
  type Contact,
  type ContactInput,
  type Organisation,
} from '@planning/shared';
import { apiCaller } from '../../../test/api-call';
import { buildContact, buildOrganisation, buildRepresentation } from '../../../test/consultation-factories';
import { consultationTestBed, issueMessages } from '../../../test/consultation-setup';
import { buildTenantWithUsers } from '../../../test/factories';
import { signIn } from '../../../test/sessions';

const { t, tenant, officer, viewer, resident, otherOfficer, call } = consultationTestBed();

const createContact = async (contact: ContactInput) => {
  const response = await call(officer, 'POST', '/consultations/contacts', { contacts: [contact] });
  expect(response.statusCode, response.body).toBe(201);
  return (response.json().contacts as Contact[])[0]!;
};
const createOrganisation = async (body: Record<string, unknown>) => {
  const response = await call(officer, 'POST', '/consultations/organisations', body);
  expect(response.statusCode, response.body).toBe(201);
  return response.json() as Organisation;
};

describe('contacts (spec 02 §3 Contact, §5, §7)', () => {
  it('creates contacts: names trimmed, number sent as contactNumber, postcode formatted, email lower case', async () => {
    const response = await call(officer, 'POST', '/consultations/contacts', {
      contacts: [
        {
          title: 'Dr',
          firstName: '  Jane ',
          lastName: ' Doe ',
          email: 'Jane.Doe@Example.org',
          contactNumber: '020 7946 0123',
          addressLine1: '1 High Street',
          town: 'Tonbridge',
          country: 'England',
          postcode: 'tn91aa',
        },
        { firstName: 'John', lastName: 'Roe' },
      ],
    });
    expect(response.statusCode, response.body).toBe(201);
    const [jane, john] = response.json().contacts as Contact[];
    expect(jane).toMatchObject({
      contactType: 'individual',
      title: 'Dr',
      firstName: 'Jane',
      lastName: 'Doe',
      name: 'Jane Doe',
      initials: 'JD',
      email: 'jane.doe@example.org',
      phoneNumber: '020 7946 0123',
      postcode: 'TN9 1AA',
      country: 'England',
      organisationName: null,
      representationCount: 0,
      custom: {},
    });
    expect(john).toMatchObject({ name: 'John Roe', email: null, phoneNumber: null });
    expect((await call(viewer, 'GET', `/consultations/contacts/${jane!.id}`)).json()).toEqual(jane);
  });

  it("refuses each field the spec checks, in the spec's words", async () => {
    const base = { firstName: 'Ann', lastName: 'Other' };
    const cases: [Record<string, unknown>, string][] = [
      [{ ...base, email: 'not-an-email' }, representationMessages.emailInvalid],
      [{ ...base, email: `${'a'.repeat(95)}@x.org` }, representationMessages.emailTooLong],
      [{ ...base, contactNumber: '12345' }, representationMessages.phoneInvalid],
      [{ ...base, contactNumber: '+1 202 555 0100' }, representationMessages.phoneInvalid],
      [{ ...base, postcode: 'ABC 123' }, representationMessages.postcodeInvalid],
      [{ ...base, firstName: 'x'.repeat(129) }, representationMessages.nameTooLong],
      [{ ...base, addressLine1: 'x'.repeat(256) }, representationMessages.addressLineTooLong],
      [{ ...base, addressLine2: 'x'.repeat(256) }, representationMessages.addressLineTooLong],
      [{ ...base, town: 'x'.repeat(36) }, representationMessages.townTooLong],
      [{ lastName: 'Other' }, representationMessages.firstNameRequired],
      [{ firstName: 'Ann', lastName: '  ' }, representationMessages.lastNameRequired],
      [{ ...base, contactType: 'agent', jobTitle: 'Planner' }, representationMessages.organisationRequired],
      [{ ...base, contactType: 'organisation' }, representationMessages.organisationRequired],
    ];
    for (const [contact, message] of cases) {
      const response = await call(officer, 'POST', '/consultations/contacts', { contacts: [contact] });
      expect(response.statusCode, JSON.stringify(contact)).toBe(400);
      expect(issueMessages(response), JSON.stringify(contact)).toContain(message);
    }
    const country = await call(officer, 'POST', '/consultations/contacts', {
      contacts: [{ ...base, country: 'France' }],
    });
    expect(country.statusCode).toBe(400);
    // At the limits: 128 characters of name, 255 of address, 35 of town, 99 of email.
    const longest = await createContact({
      firstName: 'x'.repeat(128),
      lastName: 'y',
      addressLine1: 'a'.repeat(255),
      town: 't'.repeat(35),
      email: `${'a'.repeat(92)}@x.org`,
    });
    expect(longest.firstName).toHaveLength(128);
  });

  it('needs an agent to have an organisation (their firm) and a job title', async () => {
    const firm = await buildOrganisation(t.database.db, tenant.id, { organisationType: 'Consultant' });
    const noJob = await call(officer, 'POST', '/consultations/contacts', {
      contacts: [{ contactType: 'agent', firstName: 'Alex', lastName: 'Agent', organisationId: firm.id }],
    });
    expect(issueMessages(noJob)).toEqual([representationMessages.jobTitleRequired]);
    const agent = await createContact({
      contactType: 'agent',
      firstName: 'Alex',
      lastName: 'Agent',
      organisationId: firm.id,
      jobTitle: 'Planning consultant',
    });
    expect(agent).toMatchObject({
      contactType: 'agent',
      organisationName: firm.name,
      jobTitle: 'Planning consultant',
    });
    const unknownFirm = await call(officer, 'POST', '/consultations/contacts', {
      contacts: [
        {
          contactType: 'organisation',
          firstName: 'A',
          lastName: 'B',
          organisationId: '00000000-0000-4000-8000-000000000000',
        },
      ],
    });
    expect(unknownFirm.statusCode).toBe(400);
    expect(unknownFirm.json().message).toBe(representationMessages.organisationNotFound);
  });

  it('changes a contact with PATCH by the same rules, keeping what is not sent', async () => {
    const contact = await createContact({
      firstName: 'Sam',
      lastName: 'Smith',
      email: 'sam@example.org',
      contactNumber: '0113 496 0000',
    });
    const changed = await call(officer, 'PATCH', `/consultations/contacts/${contact.id}`, {
      lastName: ' Smythe ',
      town: 'Leeds',
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json()).toMatchObject({
      name: 'Sam Smythe',
      email: 'sam@example.org',
      phoneNumber: '0113 496 0000',
      town: 'Leeds',
    });
    const cleared = await call(officer, 'PATCH', `/consultations/contacts/${contact.id}`, {
      contactNumber: null,
    });
    expect(cleared.json().phoneNumber).toBeNull();
    const bad = await call(officer, 'PATCH', `/consultations/contacts/${contact.id}`, { postcode: 'nope' });
    expect(bad.statusCode).toBe(400);
    expect(issueMessages(bad)).toContain(representationMessages.postcodeInvalid);
    // Becoming an agent needs what an agent needs.
    const agent = await call(officer, 'PATCH', `/consultations/contacts/${contact.id}`, {
      contactType: 'agent',
    });
    expect(issueMessages(agent)).toEqual(
      expect.arrayContaining([
        representationMessages.organisationRequired,
        representationMessages.jobTitleRequired,
      ]),
    );
    expect(
      (await call(viewer, 'PATCH', `/consultations/contacts/${contact.id}`, { town: 'York' })).statusCode,
    ).toBe(403);
  });

  it('deletes a contact unless a live representation names it (409), softly', async () => {
    const free = await buildContact(t.database.db, tenant.id);
    const used = await buildContact(t.database.db, tenant.id);
    const agent = await buildContact(t.database.db, tenant.id, {
      contactType: 'agent',
      organisationId: (await buildOrganisation(t.database.db, tenant.id)).id,
    });
    await buildRepresentation(t.database.db, tenant.id, { contactId: used.id, agentContactId: agent.id });
    expect((await call(viewer, 'DELETE', `/consultations/contacts/${free.id}`)).statusCode).toBe(403);
    expect((await call(officer, 'DELETE', `/consultations/contacts/${free.id}`)).statusCode).toBe(204);
    expect((await call(officer, 'GET', `/consultations/contacts/${free.id}`)).statusCode).toBe(404);
    for (const id of [used.id, agent.id]) {
      const refused = await call(officer, 'DELETE', `/consultations/contacts/${id}`);
      expect(refused.statusCode).toBe(409);
      expect(refused.json().message).toBe(representationMessages.contactInUse);
    }
    expect(
      (await call(officer, 'GET', `/consultations/contacts/${used.id}`)).json().representationCount,
    ).toBe(1);
    expect(
      (await call(officer, 'GET', `/consultations/contacts/${agent.id}`)).json().representationCount,
    ).toBe(1);
  });

  it('keeps councils apart: another council’s contact is 404 everywhere', async () => {
    const contact = await buildContact(t.database.db, tenant.id);
    for (const [method, url, body] of [
      ['GET', `/consultations/contacts/${contact.id}`, undefined],
      ['PATCH', `/consultations/contacts/${contact.id}`, { town: 'York' }],
      ['DELETE', `/consultations/contacts/${contact.id}`, undefined],
    ] as const) {
      const response = await call(otherOfficer, method, url, body);
      expect(response.statusCode, `${method} ${url}`).toBe(404);
      expect(response.json().message).toBe(representationMessages.contactNotFound);
    }
  });
});

describe('organisations (spec 02 §3 Organisation, §5)', () => {
  it('creates an organisation with its address and agents; reads and lists it', async () => {
    const firm = await buildOrganisation(t.database.db, tenant.id, {
      name: 'Acme Planning',
      organisationType: 'Consultant',
    });
    const agent = await buildContact(t.database.db, tenant.id, {
      contactType: 'agent',
      organisationId: firm.id,
      lastName: 'Agentson',
    });
    const created = await createOrganisation({
      organisationName: ' Hadlow Parish Council ',
      organisationType: 'Statutory authority',
      email: 'clerk@hadlow.example',
      phoneNumber: '020 7946 0999',
      addressLine1: 'Village Hall',
      town: 'Hadlow',
      country: 'England',
      postcode: 'TN11 0EE',
      agentContactIds: [agent.id],
    });
    expect(created).toMatchObject({
      name: 'Hadlow Parish Council',
      organisationType: 'Statutory authority',
      postcode: 'TN11 0EE',
      agents: [{ id: agent.id, name: agent.name, organisationName: 'Acme Planning' }],
      contactCount: 0,
      representationCount: 0,
    });
    expect((await call(viewer, 'GET', `/consultations/organisations/${created.id}`)).json()).toEqual(created);
  });

  it("refuses a bad organisation in the spec's words", async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ organisationType: 'Business' }, representationMessages.organisationNameRequired],
      [{ organisationName: 'Acme' }, representationMessages.organisationTypeRequired],
      [{ organisationName: 'Acme', organisationType: 'Charity' }, 'Choose one of the organisation types'],
      [
        { organisationName: 'x'.repeat(129), organisationType: 'Business' },
        representationMessages.nameTooLong,
      ],
      [
        { organisationName: 'Acme', organisationType: 'Business', postcode: 'XX' },
        representationMessages.postcodeInvalid,
      ],
      [
        { organisationName: 'Acme', organisationType: 'Business', phoneNumber: '999' },
        representationMessages.phoneInvalid,
      ],
      [
        { organisationName: 'Acme', organisationType: 'Business', email: 'acme' },
        representationMessages.emailInvalid,
      ],
      [
        { organisationName: 'Acme', organisationType: 'Business', town: 'x'.repeat(36) },
        representationMessages.townTooLong,
      ],
    ];
    for (const [body, message] of cases) {
      const response = await call(officer, 'POST', '/consultations/organisations', body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(issueMessages(response).join(' | '), JSON.stringify(body)).toContain(message);
    }
    for (const type of [
      'Consultant',
      'Statutory authority',
      'Community group',
      'Residents association',
      'Business',
      'Other',
    ])
      await createOrganisation({ organisationName: `Type ${type}`, organisationType: type });
  });

  it('takes only contacts of type agent as agents', async () => {
    const person = await buildContact(t.database.db, tenant.id);
    const refused = await call(officer, 'POST', '/consultations/organisations', {
      organisationName: 'Client',
      organisationType: 'Business',
      agentContactIds: [person.id],
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe(consultationMessages.agentsMustBeAgents);
    const organisation = await createOrganisation({
      organisationName: 'Client',
      organisationType: 'Business',
    });
    const agent = await buildContact(t.database.db, tenant.id, {
      contactType: 'agent',
      organisationId: organisation.id,
    });
    const changed = await call(officer, 'PATCH', `/consultations/organisations/${organisation.id}`, {
      agentContactIds: [agent.id],
    });
    expect(changed.json().agents.map((item: { id: string }) => item.id)).toEqual([agent.id]);
    // A change that does not name the agents keeps them.
    const renamed = await call(officer, 'PATCH', `/consultations/organisations/${organisation.id}`, {
      organisationName: 'Client Ltd',
    });
    expect(renamed.json()).toMatchObject({ name: 'Client Ltd', contactCount: 1, agents: [{ id: agent.id }] });
    const cleared = await call(officer, 'PATCH', `/consultations/organisations/${organisation.id}`, {
      agentContactIds: [],
    });
    expect(cleared.json().agents).toEqual([]);
  });

  it('deletes an organisation unless a live representation has it as representee (409)', async () => {
    const used = await buildOrganisation(t.database.db, tenant.id);
    const representation = await buildRepresentation(t.database.db, tenant.id, { organisationId: used.id });
    const refused = await call(officer, 'DELETE', `/consultations/organisations/${used.id}`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(representationMessages.organisationInUse);
    // Once the representation is deleted, so may the organisation be.
    expect(
      (await call(officer, 'POST', '/consultations/representations/delete', { ids: [representation.id] }))
        .statusCode,
    ).toBe(204);
    expect((await call(officer, 'DELETE', `/consultations/organisations/${used.id}`)).statusCode).toBe(204);
    expect((await call(officer, 'GET', `/consultations/organisations/${used.id}`)).statusCode).toBe(404);
    expect(
      (await call(otherOfficer, 'GET', `/consultations/organisations/${representation.id}`)).statusCode,
    ).toBe(404);
  });
});

describe('contacts and organisations tables', () => {
  it('searches name, email, phone, address and postcode (with or without its space)', async () => {
    const council = await buildTenantWithUsers(t.database.db);
    const who = await signIn(t.app, council.name, council.email('officer'));
    const calls = apiCaller(
      () => t.app,
      () => council.name,
    );
    const created = await calls(who, 'POST', '/consultations/contacts', {
      contacts: [
        {
          firstName: 'Mary',
          lastName: 'Lamb',
          email: 'mary@farm.example',
          contactNumber: '07700 123456',
          postcode: 'ME19 4LZ',
        },
        { firstName: 'Tom', lastName: 'Thumb', addressLine1: '12 Orchard Lane', town: 'West Malling' },
        { firstName: 'Ann', lastName: 'Smith', email: 'ann@smith.example' },
      ],
    });
    expect(created.statusCode, created.body).toBe(201);
    const search = async (text: string) =>
      (
        (await calls(who, 'POST', '/consultations/contacts/search', { search: text })).json().result
          .rows as Contact[]
      )
        .map((row) => row.lastName)
        .join(',');
    expect(await search('mary')).toBe('Lamb');
    expect(await search('farm.example')).toBe('Lamb');
    expect(await search('07700123456')).toBe('Lamb');
    expect(await search('+44 7700 123456')).toBe('Lamb');
    expect(await search('me194lz')).toBe('Lamb');
    expect(await search('ME19 4LZ')).toBe('Lamb');
    expect(await search('orchard')).toBe('Thumb');
    expect(await search('west malling')).toBe('Thumb');
    expect(await search('')).toBe('Lamb,Smith,Thumb');
    expect(await search('100%')).toBe('');
    const sorted = await calls(who, 'POST', '/consultations/contacts/search', {
      sort: [{ field: 'name', order: 'desc' }],
      limit: 2,
    });
    expect(sorted.json().result).toMatchObject({ count: 3, groupedByDistinctValue: [] });
    expect(sorted.json().result.rows.map((row: Contact) => row.firstName)).toEqual(['Tom', 'Mary']);
    const injected = await calls(who, 'POST', '/consultations/contacts/search', {
      sort: [
        { field: 'email', order: 'asc' },
        { field: 'password_hash', order: 'asc' },
      ],
    });
    expect(injected.statusCode).toBe(400);
    expect(injected.json().message).toBe(representationMessages.unknownSortField('password_hash'));

    const organisations = await calls(who, 'POST', '/consultations/organisations', {
      organisationName: 'Kent Wildlife Trust',
      organisationType: 'Community group',
      postcode: 'ME14 3DZ',
      town: 'Maidstone',
    });
    expect(organisations.statusCode).toBe(201);
    const found = await calls(who, 'POST', '/consultations/organisations/search', {
      search: 'me143dz',
      groupBy: 'organisation_type',
    });
    expect(found.json().result).toMatchObject({
      count: 1,
      rows: [{ name: 'Kent Wildlife Trust' }],
      groupedByDistinctValue: [{ value: 'Community group', label: 'Community group', count: 1 }],
    });
  });

  it('sets custom values by the column type and its limits, and filters by them', async () => {
    const column = async (body: Record<string, unknown>) => {
      const response = await call(officer, 'POST', '/consultations/columns', { table: 'contacts', ...body });
      expect(response.statusCode, response.body).toBe(201);
      return response.json() as { id: string; field: string };
    };
    const text = await column({ name: 'Note line', dataType: 'text' });
    const paragraph = await column({ name: 'Long note', dataType: 'paragraph' });
    const percentage = await column({ name: 'Share', dataType: 'percentage' });
    const currency = await column({ name: 'Fee', dataType: 'currency' });
    const number = await column({ name: 'Count', dataType: 'number' });
    const checkbox = await column({ name: 'Vip', dataType: 'checkbox' });
    const date = await column({ name: 'Met on', dataType: 'date' });
    const single = await column({
      name: 'Ward',
      dataType: 'singleSelect',
      options: [{ value: 'North' }, { value: 'South' }],
    });
    const multi = await column({
      name: 'Interests',
      dataType: 'multiSelect',
      options: [{ value: 'Roads' }, { value: 'Parks' }],
    });
    const contact = await buildContact(t.database.db, tenant.id, { lastName: 'Custom' });
    const set = (columnId: string, value: unknown) =>
      call(officer, 'PUT', `/consultations/contacts/${contact.id}/custom`, { columnId, value });
    const refusals: [string, unknown, string][] = [
      [text.id, 'x'.repeat(201), 'At most 200 characters'],
      [text.id, 'two\nlines', 'One line only'],
      [paragraph.id, 'x'.repeat(3001), 'At most 3000 characters'],
      [percentage.id, 101, 'A percentage is 0 to 100'],
      [percentage.id, -1, 'A percentage is 0 to 100'],
      [currency.id, 1.005, 'At most 2 decimal places'],
      [single.id, 'East', 'Choose one of the options'],
      [multi.id, ['Roads', 'Beaches'], 'Choose one of the options'],
      [number.id, 'seven', representationMessages.customFieldFailed],
      [date.id, '31/01/2026', representationMessages.customFieldFailed],
    ];
    for (const [columnId, value, message] of refusals) {
      const response = await set(columnId, value);
      expect(response.statusCode, JSON.stringify(value)).toBe(400);
      expect(response.json().message, JSON.stringify(value)).toBe(message);
    }
    for (const [columnId, value] of [
      [text.id, 'x'.repeat(200)],
      [paragraph.id, 'x'.repeat(3000)],
      [percentage.id, 100],
      [currency.id, 12.5],
      [number.id, -3.25],
      [checkbox.id, true],
      [date.id, '2026-01-31'],
      [single.id, 'North'],
      [multi.id, ['Roads', 'Parks']],
    ] as const) {
      const response = await set(columnId, value);
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json().custom[columnId]).toEqual(value);
    }
    expect((await set(number.id, null)).json().custom).not.toHaveProperty(number.id);
    // Another table's column, or a column that does not exist: 404.
    const organisationColumn = await call(officer, 'POST', '/consultations/columns', {
      table: 'organisations',
      name: 'Size band',
      dataType: 'text',
    });
    expect((await set(organisationColumn.json().id, 'x')).statusCode).toBe(404);
    expect(
      (
        await call(viewer, 'PUT', `/consultations/contacts/${contact.id}/custom`, {
          columnId: text.id,
          value: 'x',
        })
      ).statusCode,
    ).toBe(403);

    const search = async (filter: unknown) =>
      (
        (await call(viewer, 'POST', '/consultations/contacts/search', { filter: [filter] })).json().result
          .rows as Contact[]
      ).map((row) => row.id);
    expect(await search({ type: 'range', dbPropertyName: percentage.field, value: { min: 50 } })).toEqual([
      contact.id,
    ]);
    expect(await search({ type: 'checkbox', dbPropertyName: checkbox.field, value: true })).toEqual([
      contact.id,
    ]);
    expect(await search({ type: 'inArray', dbPropertyName: multi.field, value: ['Parks'] })).toEqual([
      contact.id,
    ]);
    expect(await search({ type: 'select', dbPropertyName: single.field, value: 'South' })).toEqual([]);
    expect(
      await search({ type: 'dateRange', dbPropertyName: date.field, value: { from: '2026-01-01' } }),
    ).toEqual([contact.id]);
    const grouped = await call(viewer, 'POST', '/consultations/contacts/search', { groupBy: single.field });
    expect(grouped.json().result.groupedByDistinctValue).toContainEqual({
      value: 'North',
      label: 'North',
      count: 1,
    });
  });
});

describe('access', () => {
  it('needs the grant (403) and the contact-management flag (404)', async () => {
    expect((await call(resident, 'POST', '/consultations/contacts/search', {})).statusCode).toBe(403);
    expect(
      (
        await call(viewer, 'POST', '/consultations/contacts', {
          contacts: [{ firstName: 'A', lastName: 'B' }],
        })
      ).statusCode,
    ).toBe(403);
    const off = await buildTenantWithUsers(t.database.db, { flags: { contactManagement: false } });
    const offOfficer = await signIn(t.app, off.name, off.email('officer'));
    const offCall = apiCaller(
      () => t.app,
      () => off.name,
    );
    const contacts = await offCall(offOfficer, 'POST', '/consultations/contacts/search', {});
    expect(contacts.statusCode).toBe(404);
    expect(contacts.json().message).toBe(consultationMessages.contactsOff);
    expect((await offCall(offOfficer, 'POST', '/consultations/organisations/search', {})).statusCode).toBe(
      404,
    );
    // The rest of the consultations pages stay.
    expect((await offCall(offOfficer, 'GET', '/consultations/topics')).statusCode).toBe(200);
  });
});

describe("an organisation's contacts by its id (organisation_id)", () => {
  it('lists the contacts of one organisation, even beside another of the same name, paged', async () => {
    const council = await buildTenantWithUsers(t.database.db);
    const who = await signIn(t.app, council.name, council.email('officer'));
    const calls = apiCaller(
      () => t.app,
      () => council.name,
    );
    const db = t.database.db;
    const trust = await buildOrganisation(db, council.id, { name: 'Parish Council' });
    const namesake = await buildOrganisation(db, council.id, { name: 'Parish Council' });
    for (const lastName of ['Adams', 'Brown', 'Clark'])
      await buildContact(db, council.id, { lastName, contactType: 'organisation', organisationId: trust.id });
    await buildContact(db, council.id, {
      lastName: 'Dale',
      contactType: 'organisation',
      organisationId: namesake.id,
    });
    await buildContact(db, council.id, { lastName: 'Evans' });
    const search = async (body: Record<string, unknown>) => {
      const response = await calls(who, 'POST', '/consultations/contacts/search', body);
      expect(response.statusCode, response.body).toBe(200);
      const { count, rows } = response.json().result as { count: number; rows: Contact[] };
      return { count, names: rows.map((row) => row.lastName) };
    };
    const ofTrust = [{ type: 'select', dbPropertyName: 'organisation_id', value: trust.id }];
    expect(await search({ filter: ofTrust, sort: [{ field: 'last_name', order: 'asc' }] })).toEqual({
      count: 3,
      names: ['Adams', 'Brown', 'Clark'],
    });
    expect(await search({ filter: ofTrust, limit: 2, offset: 2 })).toEqual({ count: 3, names: ['Clark'] });
    expect(
      await search({ filter: [{ type: 'select', dbPropertyName: 'organisation_id', value: namesake.id }] }),
    ).toEqual({ count: 1, names: ['Dale'] });
    // Not theirs: those of no organisation, or of another.
    expect(
      await search({
        filter: [{ type: 'select', dbPropertyName: 'organisation_id', equality: 'NE', value: trust.id }],
        sort: [{ field: 'last_name', order: 'asc' }],
      }),
    ).toEqual({ count: 2, names: ['Dale', 'Evans'] });

    for (const value of ['Parish Council', 7]) {
      const refused = await calls(who, 'POST', '/consultations/contacts/search', {
        filter: [{ type: 'select', dbPropertyName: 'organisation_id', value }],
      });
      expect(refused.statusCode).toBe(400);
      expect(refused.json().message).toBe(idFilterMessages.notAnId('organisation_id', value));
    }
    const sorted = await calls(who, 'POST', '/consultations/contacts/search', {
      sort: [{ field: 'organisation_id', order: 'asc' }],
    });
    expect(sorted.statusCode).toBe(400);
  });
});
