import { beforeAll, expect } from 'vitest';
import type { Representation } from '@planning/shared';
import { buildContact, buildEvent } from '../../../test/consultation-factories';
import { consultationTestBed, madeBeforeAll } from '../../../test/consultation-setup';

/**
 * The consultation test bed with an event (Regulation 19) and a contact (Jane Doe) to file
 * representations under, and the calls the representation tests make most. Call it once at the
 * top of the file, in place of consultationTestBed.
 */
export function representationsTestBed() {
  const bed = consultationTestBed();
  const seeded = madeBeforeAll<{ eventId: string; contactId: string }>('the event and the contact');

  beforeAll(async () => {
    const db = bed.t.database.db;
    seeded.make({
      eventId: (await buildEvent(db, bed.tenant.id, { name: 'Regulation 19' })).id,
      contactId: (await buildContact(db, bed.tenant.id, { firstName: 'Jane', lastName: 'Doe' })).id,
    });
  });

  const create = async (overrides: Record<string, unknown> = {}) => {
    const response = await bed.call(bed.officer, 'POST', '/consultations/representations', {
      correspondenceType: 'Email',
      consultationEventId: seeded.handle.eventId,
      receivedDate: '2026-01-10',
      representee: { type: 'privateIndividual', contactId: seeded.handle.contactId },
      originalText: 'I object to the housing numbers.\n\nRegards,\nJane Doe',
      ...overrides,
    });
    expect(response.statusCode, response.body).toBe(201);
    return response.json() as Representation;
  };
  const timeline = async (id: string) =>
    (await bed.call(bed.viewer, 'GET', `/consultations/representations/${id}/timeline`)).json().timeline as {
      action: string;
      detail: Record<string, unknown>;
      userName: string;
    }[];

  return { ...bed, seeded: seeded.handle, create, timeline };
}
