import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  consultationMessages,
  correspondenceFormSchema,
  docFromPlainText,
  representationMessages,
  type Representation,
} from '@planning/shared';
import { apiCaller } from '../../../test/api-call';
import {
  buildContact,
  buildEvent,
  buildOrganisation,
  letterRedacting,
} from '../../../test/consultation-factories';
import { issueMessages } from '../../../test/consultation-setup';
import { buildTenantWithUsers } from '../../../test/factories';
import { signIn, type SignedIn } from '../../../test/sessions';
import { representationsTestBed } from './representations.testing';

const { t, tenant, officer, viewer, resident, otherOfficer, call, create, timeline, seeded } =
  representationsTestBed();
let eventId: string;
let contactId: string;
beforeAll(() => ({ eventId, contactId } = seeded));

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
