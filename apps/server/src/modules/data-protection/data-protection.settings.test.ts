import { beforeAll, describe, expect, it } from 'vitest';
import {
  allowListMessages,
  consentMessages,
  privacyNoticeMessages,
  publicRepresentationsSchema,
  type AllowList,
  type PrivacyNoticeVersions,
} from '@planning/shared';
import { withTenant } from '../../db/tenant-transaction';
import { auditRows } from '../audit/audit.testing';
import { issueMessages } from '../../../test/consultation-setup';
import { buildContact, buildEvent, buildRepresentation } from '../../../test/consultation-factories';
import { signIn, type SignedIn } from '../../../test/sessions';
import { documentsTestBed } from '../documents/documents.testing';

const { t, tenant, other, officer, viewer, resident, call, publishedDocument, answer } = documentsTestBed();
let admin: SignedIn;
let otherAdmin: SignedIn;

const COUNCIL_PHONE = '01632 960000';
const RESIDENT_PHONE = '07700 900123';
const COUNCILLOR = 'Ann Lee';
const letter = `Please ring ${COUNCIL_PHONE} as the notice says, or email ann.lee@council.gov.uk. My councillor, ${COUNCILLOR}, agreed. Ring me on ${RESIDENT_PHONE}.`;
const allowList = {
  entries: [
    { kind: 'telephone number', value: '+44 1632 960000', note: 'Switchboard' },
    { kind: 'email address', value: 'Ann.Lee@council.gov.uk' },
    { kind: 'name', value: `Cllr ${COUNCILLOR}`, note: 'Councillor, Central ward' },
  ],
};

beforeAll(async () => {
  [admin, otherAdmin] = await Promise.all([
    signIn(t.app, tenant.name, tenant.email('admin')),
    signIn(t.app, other.name, other.email('admin')),
  ]);
});

describe('the allow list (issue 26 point 2)', () => {
  it('is saved whole by the data protection officer, audited, and read by its council only', async () => {
    const saved = await call(admin, 'PUT', '/data-protection/allow-list', allowList);
    expect(saved.statusCode, saved.body).toBe(200);
    const list = saved.json() as AllowList;
    expect(list.entries).toEqual([
      { kind: 'telephone number', value: '+44 1632 960000', note: 'Switchboard' },
      { kind: 'email address', value: 'Ann.Lee@council.gov.uk', note: null },
      { kind: 'name', value: 'Cllr Ann Lee', note: 'Councillor, Central ward' },
    ]);
    expect(list.updatedBy).not.toBeNull();
    const audit = await auditRows(t.database.db, tenant.id, 'data-protection.allow-list');
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({
      summary: 'Allow list changed: 3 entries',
      details: { added: expect.arrayContaining(['name: Cllr Ann Lee']), removed: [] },
    });
    // The officers who redact read the values, without notes; the other council has none.
    const values = await call(officer, 'GET', '/data-protection/allow-list/values');
    expect(values.statusCode, values.body).toBe(200);
    expect(values.json()).toEqual({
      entries: allowList.entries.map(({ kind, value }) => ({ kind, value })),
    });
    const theirs = await call(otherAdmin, 'GET', '/data-protection/allow-list', undefined, other.name);
    expect((theirs.json() as AllowList).entries).toEqual([]);
  });

  it('is refused without the data-protection grant, and bad entries are 400 with the form’s words', async () => {
    for (const who of [officer, viewer, resident]) {
      const put = await call(who, 'PUT', '/data-protection/allow-list', allowList);
      expect(put.statusCode).toBe(403);
      expect((await call(who, 'GET', '/data-protection/allow-list')).statusCode).toBe(403);
    }
    expect((await call(resident, 'GET', '/data-protection/allow-list/values')).statusCode).toBe(403);
    const bad = await call(admin, 'PUT', '/data-protection/allow-list', {
      entries: [
        { kind: 'email address', value: 'planning at council' },
        { kind: 'telephone number', value: '12' },
        { kind: 'postcode', value: 'ME19 4LZ' },
      ],
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ message: 'Payload data is invalid' });
    expect(issueMessages(bad)).toEqual(
      expect.arrayContaining([allowListMessages.emailInvalid, allowListMessages.phoneInvalid]),
    );
    expect((await call(admin, 'PUT', '/data-protection/allow-list', { entries: 'x' })).statusCode).toBe(400);
  });

  it('keeps allow-listed contacts in the published text and withholds the resident’s', async () => {
    const event = await buildEvent(t.database.db, tenant.id, {
      startsOn: '2020-01-01',
      endsOn: '2020-02-01',
    });
    await buildRepresentation(t.database.db, tenant.id, { eventId: event.id, text: letter });
    const published = await call(null, 'GET', `/public/consultations/events/${event.id}/representations`);
    expect(published.statusCode, published.body).toBe(200);
    const [item] = publicRepresentationsSchema.parse(published.json()).representations;
    expect(item!.text).toContain(COUNCIL_PHONE);
    expect(item!.text).toContain('ann.lee@council.gov.uk');
    expect(item!.text).toContain(COUNCILLOR);
    expect(item!.text).not.toContain(RESIDENT_PHONE);
  });
});

describe('privacy notices and consent (issue 26 point 6)', () => {
  let version: number;

  it('publishes versions, keeping the old ones; the public reads the current one and any earlier', async () => {
    expect((await call(null, 'GET', '/public/privacy-notice', undefined, other.name)).json()).toEqual({
      notice: null,
    });
    const first = await call(admin, 'POST', '/data-protection/privacy-notices', { text: 'First notice.' });
    expect(first.statusCode, first.body).toBe(201);
    const same = await call(admin, 'POST', '/data-protection/privacy-notices', { text: ' First notice. ' });
    expect(same.statusCode).toBe(400);
    expect(same.json()).toEqual({ message: privacyNoticeMessages.unchanged });
    const second = await call(admin, 'POST', '/data-protection/privacy-notices', { text: 'Second notice.' });
    const versions = (second.json() as PrivacyNoticeVersions).versions;
    expect(versions.map((notice) => [notice.version, notice.text])).toEqual([
      [versions[0]!.version, 'Second notice.'],
      [versions[1]!.version, 'First notice.'],
    ]);
    version = versions[0]!.version;
    expect(versions[0]!.publishedBy).toBeTruthy();
    const current = await call(null, 'GET', '/public/privacy-notice');
    expect(current.json()).toMatchObject({ notice: { version, text: 'Second notice.' } });
    expect(current.json().notice).not.toHaveProperty('publishedBy');
    const earlier = await call(null, 'GET', `/public/privacy-notice/${version - 1}`);
    expect(earlier.json()).toMatchObject({ version: version - 1, text: 'First notice.' });
    expect((await call(null, 'GET', '/public/privacy-notice/999')).statusCode).toBe(404);
    expect((await call(null, 'GET', '/public/privacy-notice/nine')).statusCode).toBe(400);
    const audit = await auditRows(t.database.db, tenant.id, 'data-protection.privacy-notice');
    expect(audit.map((row) => row.summary)).toContain(privacyNoticeMessages.published(version));
  });

  it('is refused without the data-protection write grant; an empty notice is 400', async () => {
    for (const who of [officer, viewer, resident])
      expect(
        (await call(who, 'POST', '/data-protection/privacy-notices', { text: 'Mine.' })).statusCode,
      ).toBe(403);
    const empty = await call(admin, 'POST', '/data-protection/privacy-notices', { text: '  ' });
    expect(empty.statusCode).toBe(400);
    expect(issueMessages(empty)).toEqual([privacyNoticeMessages.textMissing]);
  });

  it('records with an answer the notice version seen and the choices made, which the resident can change', async () => {
    const document = await publishedDocument('Consent plan');
    const given = await answer(resident, document.id, {
      questionId: 'q-vision',
      value: 'Yes',
      consent: { noticeVersion: version, publishName: true, contactForUpdates: true },
    });
    expect(given.statusCode, given.body).toBe(200);
    const mine = await call(resident, 'GET', `/public/documents/${document.id}/answers`);
    expect(mine.json().consent).toMatchObject({
      noticeVersion: version,
      publishName: true,
      contactForUpdates: true,
      consentedAt: expect.any(String),
    });
    // The officers' list of answers says whom they may email about updates.
    const listed = await call(officer, 'GET', `/documents/${document.id}/responses`);
    expect(listed.json().rows[0].respondent).toMatchObject({ contactForUpdates: true, publishName: true });
    const withdrawn = await call(resident, 'PUT', `/public/documents/${document.id}/consent`, {
      noticeVersion: version,
      publishName: false,
      contactForUpdates: false,
    });
    expect(withdrawn.json()).toMatchObject({ publishName: false, contactForUpdates: false });
    const stored = await withTenant(t.database.db, tenant.id, (trx) =>
      trx
        .selectFrom('document_responses')
        .select(['notice_version', 'publish_name', 'contact_for_updates'])
        .where('document_id', '=', document.id)
        .executeTakeFirstOrThrow(),
    );
    expect(stored).toEqual({ notice_version: version, publish_name: false, contact_for_updates: false });
    // A version this council never published is refused, and nothing is recorded.
    const unknown = await answer(resident, document.id, {
      questionId: 'q-vision',
      value: 'No',
      consent: { noticeVersion: 999, publishName: true, contactForUpdates: false },
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toEqual({ message: consentMessages.noticeUnknown });
    const notBoolean = await call(resident, 'PUT', `/public/documents/${document.id}/consent`, {
      noticeVersion: version,
      publishName: 'yes',
    });
    expect(notBoolean.statusCode).toBe(400);
  });

  it('publishes a private individual’s name only with their consent, recorded by the officer', async () => {
    const event = await buildEvent(t.database.db, tenant.id, {
      startsOn: '2020-01-01',
      endsOn: '2020-02-01',
    });
    const contact = await buildContact(t.database.db, tenant.id, {
      firstName: 'Jane',
      lastName: 'Consenting',
    });
    const representation = await buildRepresentation(t.database.db, tenant.id, {
      eventId: event.id,
      contactId: contact.id,
      text: 'I object to the plan.\n\nYours sincerely,\nJane Consenting',
    });
    const publicBody = async () => {
      const answered = await call(null, 'GET', `/public/consultations/events/${event.id}/representations`);
      expect(answered.statusCode, answered.body).toBe(200);
      return answered.body;
    };
    const before = await publicBody();
    expect(before).not.toContain('Consenting');
    expect(before).toContain('Private individual');

    const path = `/consultations/representations/${representation.id}`;
    const recorded = await call(officer, 'PATCH', path, {
      consent: { noticeVersion: version, publishName: true, contactForUpdates: false },
    });
    expect(recorded.statusCode, recorded.body).toBe(200);
    expect((await call(officer, 'GET', path)).json().consent).toMatchObject({
      noticeVersion: version,
      publishName: true,
    });
    const after = JSON.parse(await publicBody()) as {
      representations: { representee: string; text: string }[];
    };
    expect(after.representations[0]).toMatchObject({ representee: 'Jane Consenting' });
    expect(after.representations[0]!.text).toContain('Jane Consenting');

    const badVersion = await call(officer, 'PATCH', path, {
      consent: { noticeVersion: 999, publishName: true, contactForUpdates: false },
    });
    expect(badVersion.statusCode).toBe(400);
    expect((await call(viewer, 'PATCH', path, { consent: { noticeVersion: null } })).statusCode).toBe(403);
  });
});
