import { beforeAll, describe, expect, it } from 'vitest';
import { representationMessages, type EditorNode, type RedactionType } from '@planning/shared';
import { buildContact, buildEvent } from '../../../test/consultation-factories';
import { consultationTestBed } from '../../../test/consultation-setup';
import { addStaffWithRole } from '../../../test/factories';
import { signIn, type SignedIn } from '../../../test/sessions';

/**
 * Issue 25 point 3: the text as received (names, email addresses, telephone numbers, addresses
 * an officer redacted) is for holders of the personal-data grant (officers, administrators).
 * A viewer, or any role without it, reads the redacted text in the detail, its sub-representations,
 * the table's excerpt and search.
 */
const SECRETS: [RedactionType, string][] = [
  ['name', 'Zebedee Quarrington'],
  ['email address', 'zq@example.org'],
  ['telephone number', '07700 900461'],
  ['address', '12 Wharf Lane'],
];
const LETTER = `I am ${SECRETS.map(([, text]) => text).join(' and ')}; the meadows flood.`;

function marked(prefix: string): EditorNode {
  const content: EditorNode[] = [{ type: 'text', text: 'I am ' }];
  SECRETS.forEach(([redactionType, text], index) => {
    if (index > 0) content.push({ type: 'text', text: ' and ' });
    content.push({
      type: 'text',
      text,
      marks: [{ type: 'redaction', attrs: { redactionType, docId: `${prefix}-${index}` } }],
    });
  });
  content.push({ type: 'text', text: '; the meadows flood.' });
  return { type: 'doc', content: [{ type: 'paragraph', content }] };
}

const { t, tenant, officer, viewer, call } = consultationTestBed();
let writer: SignedIn;
let id: string;
let subId: string;

beforeAll(async () => {
  // A role that writes consultations but lacks personal-data: it too reads the redacted text.
  const added = await addStaffWithRole(t.database.db, tenant, 'writer', [
    { unit: 'placemaker', action: 'read' },
    { unit: 'consultations', action: 'read' },
    { unit: 'consultations', action: 'write' },
  ]);
  writer = await signIn(t.app, tenant.name, added.email);
  const event = await buildEvent(t.database.db, tenant.id);
  const contact = await buildContact(t.database.db, tenant.id);
  const created = await call(officer, 'POST', '/consultations/representations', {
    correspondenceType: 'Email',
    consultationEventId: event.id,
    receivedDate: '2026-01-10',
    representee: { type: 'privateIndividual', contactId: contact.id },
    originalText: LETTER,
  });
  expect(created.statusCode, created.body).toBe(201);
  id = created.json().id;
  const patched = await call(officer, 'PATCH', `/consultations/representations/${id}`, {
    content: marked('r'),
  });
  expect(patched.statusCode, patched.body).toBe(200);
  const sub = await call(officer, 'POST', `/consultations/representations/${id}/sub-representations`, {
    content: marked('s'),
  });
  expect(sub.statusCode, sub.body).toBe(201);
  subId = sub.json().id;
});

const leaks = (body: string) => SECRETS.filter(([, text]) => body.includes(text)).map(([type]) => type);
const search = (who: SignedIn, text?: string) =>
  call(who, 'POST', '/consultations/representations/search', text ? { search: text } : {});

describe('the text as received', () => {
  it('is read in full by an officer, who holds the personal-data grant', async () => {
    const detail = await call(officer, 'GET', `/consultations/representations/${id}`);
    expect(detail.json().originalText).toBe(LETTER);
    expect(detail.json().policy.canSeeOriginal).toBe(true);
    expect(leaks(JSON.stringify(detail.json().subRepresentations))).toHaveLength(4);
    const found = await search(officer, 'Quarrington');
    expect(found.json().result.rows.map((r: { id: string }) => r.id)).toEqual([id]);
    expect(found.json().result.rows[0].excerpt).toContain('Zebedee Quarrington');
  });

  it.each([
    ['a viewer', () => viewer],
    ['a writer without personal-data', () => writer],
  ])('is redacted everywhere for %s', async (_, who) => {
    const detail = await call(who(), 'GET', `/consultations/representations/${id}`);
    expect(detail.statusCode).toBe(200);
    expect(leaks(detail.body)).toEqual([]);
    expect(detail.json().policy.canSeeOriginal).toBe(false);
    expect(detail.json().originalText).toBe(detail.json().publicText);
    expect(detail.json().originalText).toContain('[telephone number redacted]');
    // The marks stay, so the editor still shows where the redactions are.
    expect(JSON.stringify(detail.json().content)).toContain('"redactionType":"address"');
    const sub = await call(who(), 'GET', `/consultations/sub-representations/${subId}`);
    expect(sub.statusCode).toBe(200);
    expect(leaks(sub.body)).toEqual([]);
    expect(sub.json().plainText).toContain('[name redacted]');
    const list = await search(who());
    expect(list.statusCode).toBe(200);
    expect(leaks(list.body)).toEqual([]);
    // A search cannot tell whether a hidden name is in a letter; the redacted words still find it.
    expect((await search(who(), 'Quarrington')).json().result.count).toBe(0);
    expect((await search(who(), 'meadows')).json().result.count).toBe(1);
  });

  it('cannot be overwritten from the redacted view: changing the text needs the grant (403)', async () => {
    const detail = await call(writer, 'GET', `/consultations/representations/${id}`);
    for (const [method, url] of [
      ['PATCH', `/consultations/representations/${id}`],
      ['POST', `/consultations/representations/${id}/sub-representations`],
      ['PATCH', `/consultations/sub-representations/${subId}`],
    ] as const) {
      const refused = await call(writer, method, url, { content: detail.json().content });
      expect(refused.statusCode, `${method} ${url}`).toBe(403);
      expect(refused.json()).toEqual({ message: representationMessages.textRedactedForYou });
    }
    const status = await call(writer, 'PATCH', `/consultations/representations/${id}`, { status: 'Pending' });
    expect(status.statusCode, status.body).toBe(200);
    expect(leaks(status.body)).toEqual([]);
    expect((await call(officer, 'GET', `/consultations/representations/${id}`)).json().originalText).toBe(
      LETTER,
    );
  });
});
