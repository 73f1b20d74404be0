import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  REPRESENTATION_LIMITS,
  consultationMessages,
  representationMessages as m,
  responseManagerMessages,
  type ConsultationResponse,
  type RepresentationStatus,
} from '@planning/shared';
import { withTenant } from '../../db/tenant-transaction';
import { buildRepresentation, buildSubRepresentation } from '../../../test/consultation-factories';
import { consultationTestBed, issueMessages } from '../../../test/consultation-setup';
import { buildTenantWithUsers } from '../../../test/factories';
import { signIn, type SignedIn } from '../../../test/sessions';

const { t, tenant, other, officer, viewer, resident, otherOfficer, call } = consultationTestBed();

/** A representation (with its own event and representee) and, when asked, its part number 3. */
async function representation(
  council: { id: string } = tenant,
  options: { status?: RepresentationStatus; withPart?: boolean } = {},
) {
  const rep = await buildRepresentation(t.database.db, council.id, {
    text: 'I object to the new homes on the green.',
    ...(options.status ? { status: options.status } : {}),
  });
  const part = options.withPart
    ? await buildSubRepresentation(t.database.db, council.id, rep.id, { sequentialId: 3, text: 'The green.' })
    : null;
  return { id: rep.id, reference: rep.reference, partId: part?.id ?? null };
}

const statusOf = (id: string) =>
  withTenant(t.database.db, tenant.id, async (trx) => {
    const row = await trx
      .selectFrom('representations')
      .select('status')
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    return row.status;
  });
const partStatusOf = (id: string) =>
  withTenant(t.database.db, tenant.id, async (trx) => {
    const row = await trx
      .selectFrom('sub_representations')
      .select('status')
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    return row.status;
  });
const eventsOf = (representationId: string, council: { id: string } = tenant) =>
  withTenant(t.database.db, council.id, (trx) =>
    trx
      .selectFrom('representation_events')
      .select(['action', 'detail', 'user_name'])
      .where('representation_id', '=', representationId)
      .orderBy('id')
      .execute(),
  );

const save = (who: SignedIn, body: Record<string, unknown>) =>
  call(who, 'PUT', '/consultations/responses', body);
const saved = async (body: Record<string, unknown>, who: SignedIn = officer) => {
  const answer = await save(who, body);
  expect(answer.statusCode, answer.body).toBe(200);
  return answer.json().responses as ConsultationResponse[];
};
const list = async (query: string, who: SignedIn = officer) => {
  const answer = await call(who, 'GET', `/consultations/responses?${query}`);
  expect(answer.statusCode, answer.body).toBe(200);
  return answer.json().responses as ConsultationResponse[];
};

describe('responses (spec 02 §3 Response, §5, §7)', () => {
  it('adds responses to a representation, lists them in the order written, and changes one by its id', async () => {
    const rep = await representation();
    const [first, second] = await saved({
      representationId: rep.id,
      responses: [
        { description: 'Thank you', text: '<p>Thank you for your <strong>letter</strong>.</p>' },
        { description: 'Green belt', text: '<p>The green stays green.</p><ul><li>one</li><li>two</li></ul>' },
      ],
    });
    expect(first).toMatchObject({
      description: 'Thank you',
      text: '<p>Thank you for your <strong>letter</strong>.</p>',
      useAsTemplate: false,
      representationId: rep.id,
      subRepresentationId: null,
      target: `R${String(rep.reference).padStart(6, '0')}`,
      createdByName: 'Olu Officer',
      deleted: false,
    });
    expect((await list(`representationId=${rep.id}`)).map((row) => row.description)).toEqual([
      'Thank you',
      'Green belt',
    ]);

    const [changed] = await saved({
      representationId: rep.id,
      responses: [{ id: first!.id, description: 'Thank you again', text: '<p>Thanks <em>again</em>.</p>' }],
    });
    expect(changed).toMatchObject({
      id: first!.id,
      description: 'Thank you again',
      text: '<p>Thanks <em>again</em>.</p>',
    });
    const after = await list(`representationId=${rep.id}`);
    expect(after.map((row) => [row.id, row.description])).toEqual([
      [first!.id, 'Thank you again'],
      [second!.id, 'Green belt'],
    ]);
    // A viewer reads them too.
    expect(await list(`representationId=${rep.id}`, viewer)).toHaveLength(2);
  });

  it('keeps the plain text and sanitises the HTML to simple formatting', async () => {
    const rep = await representation();
    const [row] = await saved({
      representationId: rep.id,
      responses: [
        {
          description: 'Cleaned',
          text:
            '<h2>Heading</h2><p onclick="x()">Hi <script>alert(1)</script><a href="javascript:alert(1)">bad</a> ' +
            '<a href="https://example.org">good</a></p><img src="https://example.org/a.png"><table><tr><td>cell</td></tr></table>',
        },
      ],
    });
    expect(row!.text).toBe(
      '<p>Heading</p><p>Hi <a target="_blank" rel="noopener noreferrer nofollow">bad</a> ' +
        '<a href="https://example.org" target="_blank" rel="noopener noreferrer nofollow">good</a></p>cell',
    );
    const stored = await withTenant(t.database.db, tenant.id, (trx) =>
      trx
        .selectFrom('consultation_responses')
        .select('plain_text')
        .where('id', '=', row!.id)
        .executeTakeFirstOrThrow(),
    );
    expect(stored.plain_text).toBe('Heading\nHi bad good\ncell');
    // Searches find the plain text, not the markup.
    expect((await list('search=bad%20good')).map((found) => found.id)).toEqual([row!.id]);
    expect((await list('search=strong')).map((found) => found.id)).not.toContain(row!.id);
  });

  it('refuses a title over 2000 characters and content over 8000 plain characters, in the spec’s words', async () => {
    const rep = await representation();
    const longTitle = await save(officer, {
      representationId: rep.id,
      responses: [
        { description: 'x'.repeat(REPRESENTATION_LIMITS.responseTitleMax + 1), text: '<p>Fine</p>' },
      ],
    });
    expect(longTitle.statusCode).toBe(400);
    expect(issueMessages(longTitle)).toContain(m.responseTitleTooLong);
    expect(m.responseTitleTooLong).toBe('Response title cannot be longer than 2000 characters');

    const longText = await save(officer, {
      representationId: rep.id,
      responses: [
        { description: 'Long', text: `<p>${'a'.repeat(REPRESENTATION_LIMITS.responseContentMax + 1)}</p>` },
      ],
    });
    expect(longText.statusCode).toBe(400);
    expect(issueMessages(longText)).toContain(m.responseTooLong);
    expect(m.responseTooLong).toBe('Response cannot be longer than 8000 characters');

    // 8000 plain characters are fine however much markup wraps them.
    const [atLimit] = await saved({
      representationId: rep.id,
      responses: [
        {
          description: 'x'.repeat(REPRESENTATION_LIMITS.responseTitleMax),
          text: `<p><strong>${'a'.repeat(4000)}</strong></p><p><em>${'b'.repeat(3999)}</em></p>`,
        },
      ],
    });
    expect(atLimit!.description).toHaveLength(2000);

    const empty = await save(officer, {
      representationId: rep.id,
      responses: [{ description: '  ', text: '<p></p>' }],
    });
    expect(empty.statusCode).toBe(400);
    expect(issueMessages(empty)).toEqual(
      expect.arrayContaining([m.responseTitleRequired, m.responseRequired]),
    );
    // Only markup that the allow-list removes is no response either.
    const onlyScript = await save(officer, {
      representationId: rep.id,
      responses: [{ description: 'Script', text: '<script>alert("hello")</script>' }],
    });
    expect(onlyScript.statusCode).toBe(400);
    expect(onlyScript.json().message).toBe(m.responseRequired);
    // Nothing of a refused list was kept.
    expect((await list(`representationId=${rep.id}`)).map((row) => row.description)).toEqual([
      'x'.repeat(2000),
    ]);
  });

  it('needs a live representation or sub-representation of the council (404 otherwise), and not both', async () => {
    const rep = await representation(tenant, { withPart: true });
    const response = { description: 'Hello', text: '<p>Hello</p>' };
    const unknown = await save(officer, { representationId: randomUUID(), responses: [response] });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe(m.notFound);
    const unknownPart = await save(officer, { subRepresentationId: randomUUID(), responses: [response] });
    expect(unknownPart.statusCode).toBe(404);
    expect(unknownPart.json().message).toBe(m.subRepresentationNotFound);
    const both = await save(officer, {
      representationId: rep.id,
      subRepresentationId: rep.partId,
      responses: [response],
    });
    expect(both.statusCode).toBe(400);
    expect(issueMessages(both)).toContain(m.responseTarget);
    const neither = await save(officer, { responses: [response] });
    expect(neither.statusCode).toBe(400);
    expect(neither.json().message).toBe(responseManagerMessages.targetRequired);
    expect(
      (await call(officer, 'GET', `/consultations/responses?representationId=${randomUUID()}`)).statusCode,
    ).toBe(404);

    // A deleted representation or part takes no more responses.
    await withTenant(t.database.db, tenant.id, async (trx) => {
      await trx
        .updateTable('sub_representations')
        .set({ is_deleted: true })
        .where('id', '=', rep.partId!)
        .execute();
      await trx
        .updateTable('representations')
        .set({ deleted_at: new Date() })
        .where('id', '=', rep.id)
        .execute();
    });
    expect((await save(officer, { representationId: rep.id, responses: [response] })).statusCode).toBe(404);
    expect((await save(officer, { subRepresentationId: rep.partId, responses: [response] })).statusCode).toBe(
      404,
    );
  });

  it('changes by id only a live response of the same target', async () => {
    const a = await representation();
    const b = await representation();
    const [onA] = await saved({
      representationId: a.id,
      responses: [{ description: 'On A', text: '<p>A</p>' }],
    });
    const moved = await save(officer, {
      representationId: b.id,
      responses: [{ id: onA!.id, description: 'Stolen', text: '<p>B</p>' }],
    });
    expect(moved.statusCode).toBe(404);
    expect(moved.json().message).toBe(m.responseNotFound);
    const ghost = await save(officer, {
      representationId: a.id,
      responses: [{ id: randomUUID(), description: 'Ghost', text: '<p>B</p>' }],
    });
    expect(ghost.statusCode).toBe(404);
    expect((await list(`representationId=${a.id}`))[0]).toMatchObject({
      description: 'On A',
      text: '<p>A</p>',
    });
  });

  it('lists templates apart, searches them, and keeps a template without a representation', async () => {
    const rep = await representation();
    const marker = randomUUID().slice(0, 8);
    const [template, plain] = await saved({
      representationId: rep.id,
      responses: [
        {
          description: `Standard reply ${marker}`,
          text: '<p>We will consider your views.</p>',
          useAsTemplate: true,
        },
        { description: `One-off ${marker}`, text: '<p>Only for this letter.</p>' },
      ],
    });
    const [standalone] = await saved({
      responses: [
        { description: `Loose template ${marker}`, text: '<p>For any letter.</p>', useAsTemplate: true },
      ],
    });
    expect(standalone).toMatchObject({
      representationId: null,
      subRepresentationId: null,
      target: null,
      useAsTemplate: true,
    });

    const templates = await list('templates=true');
    const ids = templates.map((row) => row.id);
    expect(ids).toEqual(expect.arrayContaining([template!.id, standalone!.id]));
    expect(ids).not.toContain(plain!.id);
    expect(templates.every((row) => row.useAsTemplate)).toBe(true);
    // The latest first.
    expect(ids.indexOf(standalone!.id)).toBeLessThan(ids.indexOf(template!.id));

    expect((await list(`templates=true&search=${marker}`)).map((row) => row.id).sort()).toEqual(
      [template!.id, standalone!.id].sort(),
    );
    expect(
      (await list(`templates=true&search=${encodeURIComponent('consider your')}`)).map((row) => row.id),
    ).toContain(template!.id);
    // The representation's own list has both of its responses, template or not.
    expect((await list(`representationId=${rep.id}`)).map((row) => row.id)).toEqual([
      template!.id,
      plain!.id,
    ]);
    // LIKE's wildcards are searched for as themselves.
    expect(await list(`search=${encodeURIComponent('%')}${marker}`)).toEqual([]);
  });

  it("moves a representation before 'Response drafted' there, with its timeline, and leaves one further on", async () => {
    const received = await representation();
    const [first] = await saved({
      representationId: received.id,
      responses: [{ description: 'Reply', text: '<p>Secret words</p>' }],
    });
    expect(await statusOf(received.id)).toBe('Response drafted');
    const events = await eventsOf(received.id);
    expect(events).toEqual([
      {
        action: 'response saved',
        detail: { responseId: first!.id, title: 'Reply' },
        user_name: 'Olu Officer',
      },
      {
        action: 'status changed',
        detail: { from: 'Received', to: 'Response drafted' },
        user_name: 'Olu Officer',
      },
    ]);
    // Never the text.
    expect(JSON.stringify(events)).not.toContain('Secret');

    // A second save records the response, and moves nothing.
    await saved({
      representationId: received.id,
      responses: [{ id: first!.id, description: 'Reply 2', text: '<p>Words</p>' }],
    });
    expect((await eventsOf(received.id)).map((event) => event.action)).toEqual([
      'response saved',
      'status changed',
      'response saved',
    ]);

    const approved = await representation(tenant, { status: 'Response approved' });
    await saved({ representationId: approved.id, responses: [{ description: 'Late', text: '<p>Late</p>' }] });
    expect(await statusOf(approved.id)).toBe('Response approved');
    expect((await eventsOf(approved.id)).map((event) => event.action)).toEqual(['response saved']);
  });

  it('does the same for a sub-representation: its status moves and its representation’s timeline says so', async () => {
    const rep = await representation(tenant, { status: 'In review', withPart: true });
    const [part] = await saved({
      subRepresentationId: rep.partId,
      responses: [{ description: 'On part 3', text: '<p>Part</p>' }],
    });
    expect(part).toMatchObject({
      subRepresentationId: rep.partId,
      representationId: null,
      target: `R${String(rep.reference).padStart(6, '0')}/3`,
    });
    expect(await partStatusOf(rep.partId!)).toBe('Response drafted');
    // The representation itself is untouched.
    expect(await statusOf(rep.id)).toBe('In review');
    expect(await eventsOf(rep.id)).toEqual([
      {
        action: 'response saved',
        detail: { responseId: part!.id, title: 'On part 3', subRepresentationId: rep.partId },
        user_name: 'Olu Officer',
      },
      {
        action: 'status changed',
        detail: { from: 'Received', to: 'Response drafted', subRepresentationId: rep.partId },
        user_name: 'Olu Officer',
      },
    ]);
    expect((await list(`subRepresentationId=${rep.partId}`)).map((row) => row.id)).toEqual([part!.id]);
    expect(await list(`representationId=${rep.id}`)).toEqual([]);
  });

  it('lists responses written in the same millisecond in the order they were written', async () => {
    // The embedded database's clock moves in whole milliseconds, so responses saved together
    // can share a timestamp: they came back in their random ids' order (one such pair swapped
    // places in a full run). One insert of eight rows with one timestamp is that case for sure.
    const rep = await representation();
    const descriptions = ['First', 'Second', 'Third', 'Fourth', 'Fifth', 'Sixth', 'Seventh', 'Eighth'];
    const at = new Date();
    await withTenant(t.database.db, tenant.id, (trx) =>
      trx
        .insertInto('consultation_responses')
        .values(
          descriptions.map((description) => ({
            tenant_id: tenant.id,
            representation_id: rep.id,
            description,
            text: `<p>${description}</p>`,
            plain_text: description,
            created_at: at,
          })),
        )
        .execute(),
    );
    expect((await list(`representationId=${rep.id}`)).map((row) => row.description)).toEqual(descriptions);
  });

  it('soft-deletes and restores a response: gone from lists, shown on request, recorded in the timeline', async () => {
    const rep = await representation();
    const [kept, removed] = await saved({
      representationId: rep.id,
      responses: [
        { description: 'Kept', text: '<p>Kept</p>' },
        { description: 'Removed', text: '<p>Removed</p>', useAsTemplate: true },
      ],
    });
    expect((await call(viewer, 'DELETE', `/consultations/responses/${removed!.id}`)).statusCode).toBe(403);
    expect((await call(officer, 'DELETE', `/consultations/responses/${removed!.id}`)).statusCode).toBe(204);
    expect((await list(`representationId=${rep.id}`)).map((row) => row.id)).toEqual([kept!.id]);
    expect((await list('templates=true')).map((row) => row.id)).not.toContain(removed!.id);
    const withDeleted = await list(`representationId=${rep.id}&includeDeleted=true`);
    expect(withDeleted.map((row) => [row.id, row.deleted])).toEqual([
      [kept!.id, false],
      [removed!.id, true],
    ]);
    // A deleted response is not changed by a save, nor deleted twice.
    expect(
      (
        await save(officer, {
          representationId: rep.id,
          responses: [{ id: removed!.id, description: 'X', text: '<p>X</p>' }],
        })
      ).statusCode,
    ).toBe(404);
    const twice = await call(officer, 'DELETE', `/consultations/responses/${removed!.id}`);
    expect(twice.statusCode).toBe(404);
    expect(twice.json().message).toBe(m.responseNotFound);

    expect((await call(viewer, 'POST', `/consultations/responses/${removed!.id}/restore`)).statusCode).toBe(
      403,
    );
    const restored = await call(officer, 'POST', `/consultations/responses/${removed!.id}/restore`);
    expect(restored.statusCode, restored.body).toBe(200);
    expect(restored.json()).toMatchObject({ id: removed!.id, deleted: false, description: 'Removed' });
    expect((await list(`representationId=${rep.id}`)).map((row) => row.id)).toEqual([kept!.id, removed!.id]);
    expect((await list('templates=true')).map((row) => row.id)).toContain(removed!.id);
    const again = await call(officer, 'POST', `/consultations/responses/${removed!.id}/restore`);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(responseManagerMessages.notDeleted);
    expect((await call(officer, 'POST', `/consultations/responses/${randomUUID()}/restore`)).statusCode).toBe(
      404,
    );

    expect((await eventsOf(rep.id)).slice(-2)).toEqual([
      {
        action: 'response deleted',
        detail: { responseId: removed!.id, title: 'Removed' },
        user_name: 'Olu Officer',
      },
      {
        action: 'response restored',
        detail: { responseId: removed!.id, title: 'Removed' },
        user_name: 'Olu Officer',
      },
    ]);
  });

  it('keeps councils apart: another council’s representation and responses are not found', async () => {
    const mine = await representation();
    const theirs = await representation(other);
    const [response] = await saved({
      representationId: mine.id,
      responses: [{ description: 'Mine', text: '<p>Mine</p>' }],
    });
    await saved(
      {
        representationId: theirs.id,
        responses: [{ description: 'Theirs', text: '<p>T</p>', useAsTemplate: true }],
      },
      otherOfficer,
    );

    const otherCall = (method: 'GET' | 'PUT' | 'DELETE' | 'POST', url: string, body?: unknown) =>
      call(otherOfficer, method, url, body, other.name);
    expect((await otherCall('GET', `/consultations/responses?representationId=${mine.id}`)).statusCode).toBe(
      404,
    );
    const write = await otherCall('PUT', '/consultations/responses', {
      representationId: mine.id,
      responses: [{ description: 'Nope', text: '<p>No</p>' }],
    });
    expect(write.statusCode).toBe(404);
    expect(
      (
        await otherCall('PUT', '/consultations/responses', {
          representationId: theirs.id,
          responses: [{ id: response!.id, description: 'Nope', text: '<p>No</p>' }],
        })
      ).statusCode,
    ).toBe(404);
    expect((await otherCall('DELETE', `/consultations/responses/${response!.id}`)).statusCode).toBe(404);
    const theirTemplates = (await otherCall('GET', '/consultations/responses?templates=true')).json()
      .responses as ConsultationResponse[];
    expect(theirTemplates.map((row) => row.description)).toEqual(['Theirs']);
    expect((await list('templates=true')).map((row) => row.description)).not.toContain('Theirs');
    expect((await list(`representationId=${mine.id}`)).map((row) => row.description)).toEqual(['Mine']);
  });

  it('needs the consultations grants: a viewer reads only, a resident nothing; the pages flag off hides them', async () => {
    const rep = await representation();
    const body = { representationId: rep.id, responses: [{ description: 'Hi', text: '<p>Hi</p>' }] };
    const viewerWrite = await save(viewer, body);
    expect(viewerWrite.statusCode).toBe(403);
    expect(viewerWrite.json()).toEqual({ message: 'Not authorized' });
    expect(
      (await call(resident, 'GET', `/consultations/responses?representationId=${rep.id}`)).statusCode,
    ).toBe(403);
    expect((await save(resident, body)).statusCode).toBe(403);
    expect((await call(null, 'GET', '/consultations/responses?templates=true')).statusCode).toBe(401);
    expect(await list(`representationId=${rep.id}`)).toEqual([]);

    const off = await buildTenantWithUsers(t.database.db, { flags: { consultationsPages: false } });
    const offOfficer = await signIn(t.app, off.name, off.email('officer'));
    const hidden = await call(
      offOfficer,
      'GET',
      '/consultations/responses?templates=true',
      undefined,
      off.name,
    );
    expect(hidden.statusCode).toBe(404);
    expect(hidden.json().message).toBe(consultationMessages.pagesOff);
  });

  it('answers bad input with 400, never 500', async () => {
    for (const query of ['representationId=nope', 'templates=maybe', `search=${'s'.repeat(201)}`]) {
      expect((await call(officer, 'GET', `/consultations/responses?${query}`)).statusCode, query).toBe(400);
    }
    const rep = await representation();
    for (const body of [
      {},
      { representationId: rep.id },
      { representationId: rep.id, responses: [{ description: 'x' }] },
      { representationId: rep.id, responses: [{ description: 'x', text: 5 }] },
      { representationId: rep.id, responses: [{ id: 'nope', description: 'x', text: '<p>x</p>' }] },
      {
        representationId: rep.id,
        responses: Array.from({ length: 51 }, () => ({ description: 'x', text: '<p>x</p>' })),
      },
    ]) {
      expect((await save(officer, body)).statusCode, JSON.stringify(body).slice(0, 80)).toBe(400);
    }
    expect((await call(officer, 'DELETE', '/consultations/responses/nope')).statusCode).toBe(400);
  });
});
