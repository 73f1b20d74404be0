import { describe, expect, it } from 'vitest';
import {
  consultationMessages,
  customColumnTypes,
  representationMessages,
  representationStatuses,
  salutations,
  statusColours,
} from '@planning/shared';
import { buildEvent, buildRepresentation } from '../../../test/consultation-factories';
import { consultationTestBed, issueMessages } from '../../../test/consultation-setup';
import { buildTenantWithUsers } from '../../../test/factories';
import { signIn } from '../../../test/sessions';

const { t, tenant, officer, viewer, resident, otherOfficer, call } = consultationTestBed();

describe('consultation events', () => {
  it('creates, lists and reads events with their state and representation count', async () => {
    const today = new Date().toISOString().slice(0, 10);
    const created = await call(officer, 'POST', '/consultations/events', {
      name: ' Regulation 19 ',
      startsOn: '2020-01-01',
      endsOn: '2999-12-31',
    });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json()).toMatchObject({
      name: 'Regulation 19',
      state: 'live',
      representationCount: 0,
      documentId: null,
    });
    const id = created.json().id as string;
    await buildRepresentation(t.database.db, tenant.id, { eventId: id });
    await buildRepresentation(t.database.db, tenant.id, { eventId: id });
    const past = await buildEvent(t.database.db, tenant.id, { startsOn: '2019-01-01', endsOn: '2019-02-01' });
    const soon = await buildEvent(t.database.db, tenant.id, { startsOn: '2998-01-01', endsOn: '2998-02-01' });
    const cancelled = await buildEvent(t.database.db, tenant.id, { cancelled: true });

    const list = await call(viewer, 'GET', '/consultations/events');
    expect(list.statusCode).toBe(200);
    const states = Object.fromEntries(
      (list.json().events as { id: string; state: string; representationCount: number }[]).map((event) => [
        event.id,
        [event.state, event.representationCount],
      ]),
    );
    expect(states).toMatchObject({
      [id]: ['live', 2],
      [past.id]: ['expired', 0],
      [soon.id]: ['upcoming', 0],
      [cancelled.id]: ['cancelled', 0],
    });
    expect((await call(viewer, 'GET', `/consultations/events/${id}`)).json()).toMatchObject({
      id,
      representationCount: 2,
    });
    // An event ending today is still live (to the end of its last day).
    const endsToday = await call(officer, 'POST', '/consultations/events', {
      name: 'Ends today',
      startsOn: '2020-01-01',
      endsOn: today,
    });
    expect(endsToday.json().state).toBe('live');
  });

  it('refuses a bad event: dates the wrong way round, an unknown document; 404 for another council', async () => {
    const inverted = await call(officer, 'POST', '/consultations/events', {
      name: 'X',
      startsOn: '2026-02-01',
      endsOn: '2026-01-01',
    });
    expect(inverted.statusCode).toBe(400);
    expect(issueMessages(inverted)).toContain('The end date must not be before the start date');
    const noName = await call(officer, 'POST', '/consultations/events', {
      name: ' ',
      startsOn: '2026-02-01',
      endsOn: '2026-03-01',
    });
    expect(issueMessages(noName)).toContain('Event name is required');
    const document = await call(officer, 'POST', '/consultations/events', {
      name: 'With a document',
      startsOn: '2026-02-01',
      endsOn: '2026-03-01',
      documentId: '00000000-0000-4000-8000-000000000000',
    });
    expect(document.statusCode).toBe(400);
    expect(document.json().message).toBe(consultationMessages.documentNotFound);
    const event = await buildEvent(t.database.db, tenant.id);
    const foreign = await call(otherOfficer, 'GET', `/consultations/events/${event.id}`);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().message).toBe(representationMessages.eventNotFound);
  });
});

describe('topics, settings and salutations', () => {
  it('adds topics (unique ignoring case) and counts their representations', async () => {
    const housing = await call(officer, 'POST', '/consultations/topics', { name: 'Housing numbers' });
    expect(housing.statusCode).toBe(201);
    const again = await call(officer, 'POST', '/consultations/topics', { name: ' housing NUMBERS ' });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(consultationMessages.topicNameTaken);
    expect(issueMessages(await call(officer, 'POST', '/consultations/topics', { name: '' }))).toContain(
      'Topic name is required',
    );
    await buildRepresentation(t.database.db, tenant.id, { topicIds: [housing.json().id] });
    const topics = (await call(viewer, 'GET', '/consultations/topics')).json().topics as {
      name: string;
      representationCount: number;
    }[];
    expect(topics.find((topic) => topic.name === 'Housing numbers')?.representationCount).toBe(1);
  });

  it('gives the statuses in order with their colours, the attitudes, correspondence types and salutations', async () => {
    const settings = (await call(viewer, 'GET', '/consultations/settings')).json();
    expect(settings.statuses.map((status: { name: string }) => status.name)).toEqual([
      ...representationStatuses,
    ]);
    expect(settings.statuses[0]).toEqual({ name: 'Received', colour: statusColours.Received });
    expect(settings.attitudes).toEqual(['Support', 'Neutral', 'Oppose']);
    expect(settings.correspondenceTypes).toContain('Email');
    expect((await call(viewer, 'GET', '/consultations/salutations')).json()).toEqual({
      salutations: [...salutations],
    });
  });
});

describe('custom columns (spec 02 §3 Column metadata, §5)', () => {
  it('creates one of each of the nine types and lists them by table', async () => {
    for (const dataType of customColumnTypes) {
      const options = dataType.endsWith('Select') ? [{ value: 'Yes' }, { value: 'No' }] : [];
      const created = await call(officer, 'POST', '/consultations/columns', {
        table: 'contacts',
        name: `Column ${dataType}`,
        dataType,
        options,
      });
      expect(created.statusCode, created.body).toBe(201);
      expect(created.json()).toMatchObject({ table: 'contacts', dataType, renderType: dataType });
      expect(created.json().field).toBe(`custom_${(created.json().id as string).replace(/-/g, '')}`);
    }
    const list = (await call(viewer, 'GET', '/consultations/columns?table=contacts')).json().columns;
    expect(list.map((column: { dataType: string }) => column.dataType)).toEqual([...customColumnTypes]);
    expect((await call(viewer, 'GET', '/consultations/columns?table=organisations')).json().columns).toEqual(
      [],
    );
  });

  it("says the spec's messages for a bad column", async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ table: 'contacts', dataType: 'text' }, representationMessages.columnNameRequired],
      [{ table: 'contacts', name: 'ab', dataType: 'text' }, representationMessages.columnNameLength],
      [
        { table: 'contacts', name: 'x'.repeat(51), dataType: 'text' },
        representationMessages.columnNameLength,
      ],
      [{ name: 'No table', dataType: 'text' }, representationMessages.columnTableRequired],
      [{ table: 'contacts', name: 'No type' }, representationMessages.columnTypeRequired],
      [
        { table: 'contacts', name: 'No options', dataType: 'singleSelect' },
        representationMessages.columnOptionRequired,
      ],
      [
        { table: 'contacts', name: 'Blank option', dataType: 'multiSelect', options: [{ value: ' ' }] },
        representationMessages.columnOptionRequired,
      ],
    ];
    for (const [body, message] of cases) {
      const response = await call(officer, 'POST', '/consultations/columns', body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(issueMessages(response), JSON.stringify(body)).toContain(message);
    }
  });

  it('keeps names unique per table ignoring case (409), renames, and refuses a change of type', async () => {
    const first = await call(officer, 'POST', '/consultations/columns', {
      table: 'organisations',
      name: 'Ward',
      dataType: 'text',
    });
    expect(first.statusCode).toBe(201);
    const clash = await call(officer, 'POST', '/consultations/columns', {
      table: 'organisations',
      name: ' WARD ',
      dataType: 'number',
    });
    expect(clash.statusCode).toBe(409);
    expect(clash.json().message).toBe(representationMessages.columnNameTaken);
    // Another table may use the name.
    expect(
      (
        await call(officer, 'POST', '/consultations/columns', {
          table: 'representations',
          name: 'Ward',
          dataType: 'text',
        })
      ).statusCode,
    ).toBe(201);
    const other = await call(officer, 'POST', '/consultations/columns', {
      table: 'organisations',
      name: 'Parish',
      dataType: 'text',
    });
    const renameClash = await call(officer, 'PATCH', `/consultations/columns/${other.json().id}`, {
      name: 'ward',
    });
    expect(renameClash.statusCode).toBe(409);
    const renamed = await call(officer, 'PATCH', `/consultations/columns/${other.json().id}`, {
      name: 'Parish council',
    });
    expect(renamed.json()).toMatchObject({ name: 'Parish council', dataType: 'text' });
    const retype = await call(officer, 'PATCH', `/consultations/columns/${other.json().id}`, {
      dataType: 'number',
    });
    expect(retype.statusCode).toBe(400);
    expect(retype.json().message).toBe(consultationMessages.columnFixed);
    const short = await call(officer, 'PATCH', `/consultations/columns/${other.json().id}`, { name: 'P' });
    expect(issueMessages(short)).toContain(representationMessages.columnNameLength);
  });

  it('deletes a column with its values; removed options leave the rows', async () => {
    const select = (
      await call(officer, 'POST', '/consultations/columns', {
        table: 'representations',
        name: 'Priority',
        dataType: 'singleSelect',
        options: [{ value: 'High' }, { value: 'Low' }],
      })
    ).json();
    const multi = (
      await call(officer, 'POST', '/consultations/columns', {
        table: 'representations',
        name: 'Themes',
        dataType: 'multiSelect',
        options: [{ value: 'A' }, { value: 'B' }, { value: 'C' }],
      })
    ).json();
    const representation = await buildRepresentation(t.database.db, tenant.id);
    expect(
      (
        await call(officer, 'PUT', `/consultations/representations/${representation.id}/custom`, {
          columnId: select.id,
          value: 'High',
        })
      ).statusCode,
    ).toBe(200);
    const set = await call(officer, 'PUT', `/consultations/representations/${representation.id}/custom`, {
      columnId: multi.id,
      value: ['A', 'C'],
    });
    expect(set.json().custom).toEqual({ [select.id]: 'High', [multi.id]: ['A', 'C'] });

    await call(officer, 'PATCH', `/consultations/columns/${select.id}`, { options: [{ value: 'Low' }] });
    await call(officer, 'PATCH', `/consultations/columns/${multi.id}`, {
      options: [{ value: 'A' }, { value: 'B' }],
    });
    let read = await call(viewer, 'GET', `/consultations/representations/${representation.id}`);
    expect(read.json().custom).toEqual({ [multi.id]: ['A'] });

    expect((await call(viewer, 'DELETE', `/consultations/columns/${multi.id}`)).statusCode).toBe(403);
    expect((await call(officer, 'DELETE', `/consultations/columns/${multi.id}`)).statusCode).toBe(204);
    read = await call(viewer, 'GET', `/consultations/representations/${representation.id}`);
    expect(read.json().custom).toEqual({});
    expect((await call(officer, 'DELETE', `/consultations/columns/${multi.id}`)).statusCode).toBe(404);
  });
});

describe('access', () => {
  it('reads with read, refuses writes without write (403), everything without the grant (403)', async () => {
    expect((await call(viewer, 'GET', '/consultations/topics')).statusCode).toBe(200);
    expect((await call(viewer, 'POST', '/consultations/topics', { name: 'Viewer topic' })).statusCode).toBe(
      403,
    );
    expect(
      (
        await call(viewer, 'POST', '/consultations/events', {
          name: 'E',
          startsOn: '2026-01-01',
          endsOn: '2026-01-02',
        })
      ).statusCode,
    ).toBe(403);
    expect((await call(resident, 'GET', '/consultations/events')).statusCode).toBe(403);
    expect((await call(null, 'GET', '/consultations/settings')).statusCode).toBe(401);
  });

  it('answers 404 while the consultations pages are off', async () => {
    const off = await buildTenantWithUsers(t.database.db, { flags: { consultationsPages: false } });
    const offOfficer = await signIn(t.app, off.name, off.email('officer'));
    for (const url of [
      '/consultations/events',
      '/consultations/topics',
      '/consultations/settings',
      '/consultations/columns?table=contacts',
    ]) {
      const response = await call(offOfficer, 'GET', url);
      expect(response.statusCode, url).toBe(404);
      expect(response.json().message).toBe(consultationMessages.pagesOff);
    }
  });
});
