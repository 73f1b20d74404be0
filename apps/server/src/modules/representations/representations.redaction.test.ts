import { describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import type { EditorNode } from '@planning/shared';
import { withTenant } from '../../db/tenant-transaction';
import { buildContact, buildEvent } from '../../../test/consultation-factories';
import { consultationTestBed } from '../../../test/consultation-setup';

/**
 * Redaction never leaks: a telephone number under a redaction mark is in no public text (the
 * representation's or a part's), in no timeline entry, and nobody without the consultations
 * grant, or at another council, reaches the representation at all.
 */
const PHONE = '07700 900123';
const LETTER = `Please ring me on ${PHONE} about the flooding.`;
const marked = (docId: string): EditorNode => ({
  type: 'doc',
  content: [
    {
      type: 'paragraph',
      content: [
        { type: 'text', text: 'Please ring me on ' },
        {
          type: 'text',
          text: '07700 ',
          marks: [{ type: 'redaction', attrs: { redactionType: 'telephone number', docId } }],
        },
        {
          type: 'text',
          text: '900123',
          marks: [
            { type: 'bold' },
            {
              type: 'redaction',
              attrs: { redactionType: 'telephone number', docId, comment: `was ${PHONE}` },
            },
          ],
        },
        { type: 'text', text: ' about the flooding.' },
      ],
    },
  ],
});

const { t, tenant, officer, resident, otherOfficer, call } = consultationTestBed();

describe('redaction never leaks', () => {
  it('keeps a redacted telephone number out of every public text, the timeline, and every other reader', async () => {
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
    const id = created.json().id as string;
    const patched = await call(officer, 'PATCH', `/consultations/representations/${id}`, {
      content: marked('r-phone'),
    });
    expect(patched.statusCode, patched.body).toBe(200);
    expect(patched.json().publicText).toBe(
      'Please ring me on [telephone number redacted] about the flooding.',
    );
    const sub = await call(officer, 'POST', `/consultations/representations/${id}/sub-representations`, {
      content: marked('r-phone-sub'),
    });
    expect(sub.statusCode, sub.body).toBe(201);

    // What the public may ever be shown is worked out on the server, and holds no trace of it.
    const stored = await withTenant(t.database.db, tenant.id, async (trx) => ({
      representation: (
        await sql<{ public_text: string }>`select public_text from representations where id = ${id}`.execute(
          trx,
        )
      ).rows[0]!.public_text,
      sub: (
        await sql<{
          public_text: string;
        }>`select public_text from sub_representations where id = ${sub.json().id}`.execute(trx)
      ).rows[0]!.public_text,
      timeline: (
        await sql<{
          detail: unknown;
        }>`select detail from representation_events where representation_id = ${id}`.execute(trx)
      ).rows,
    }));
    for (const text of [stored.representation, stored.sub, JSON.stringify(stored.timeline)]) {
      expect(text).not.toContain('07700');
      expect(text).not.toContain('900123');
    }
    expect(stored.sub).toBe('Please ring me on [telephone number redacted] about the flooding.');
    const timeline = await call(officer, 'GET', `/consultations/representations/${id}/timeline`);
    expect(timeline.body).not.toContain('900123');
    expect(timeline.json().timeline.map((entry: { action: string }) => entry.action)).toContain(
      'redaction added',
    );

    // A resident (no consultations grant) reaches none of it; another council's officer finds nothing.
    for (const [method, url, body] of [
      ['GET', `/consultations/representations/${id}`, undefined],
      ['GET', `/consultations/representations/${id}/timeline`, undefined],
      ['GET', `/consultations/sub-representations/${sub.json().id}`, undefined],
      ['POST', '/consultations/representations/search', { search: 'flooding' }],
      ['GET', `/consultations/representations/campaigns?eventId=${event.id}`, undefined],
    ] as const) {
      const asResident = await call(resident, method, url, body);
      expect(asResident.statusCode, url).toBe(403);
      expect(asResident.body).not.toContain('900123');
      const elsewhere = await call(otherOfficer, method, url, body);
      expect([404, 200], url).toContain(elsewhere.statusCode);
      expect(elsewhere.body, url).not.toContain('900123');
      expect(elsewhere.body, url).not.toContain('flooding');
    }
  });
});
