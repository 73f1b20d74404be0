import { describe, expect, it } from 'vitest';
import { adminCallInputSchema, cfsMessages, type AdminCall } from '@planning/shared';
import { callFormValues, callInputOf, fieldOfIssue, placeIssues } from './callForm';

const call: AdminCall = {
  id: '9a1f7a4e-4f7e-4b5c-9a51-6f2f1e0a2b3c',
  name: 'Call for sites 2031',
  description: null,
  startsAt: '2031-03-02T09:00:00.000Z',
  endsAt: '2031-04-13T17:00:00.000Z',
  cancelled: false,
  state: 'upcoming',
  questionnaire: { configId: '3b0c7c1e-2f6d-4d7a-8f3e-1c2b3a4d5e6f', label: 'Call for sites questions' },
  guidance: '<p>Send us land for homes.</p>',
  layers: [{ id: '5d6e7f80-1a2b-4c3d-8e9f-0a1b2c3d4e5f', title: 'Green Belt' }],
  updatedAt: '2031-01-01T10:00:00.000Z',
};

describe('the call form', () => {
  it("sends a call's values back as they were", () => {
    const body = callInputOf(callFormValues(call));
    expect(body).toEqual({
      name: call.name,
      description: null,
      startsAt: call.startsAt,
      endsAt: call.endsAt,
      questionnaireConfigId: call.questionnaire.configId,
      guidance: call.guidance,
      layerIds: [call.layers[0]!.id],
    });
    expect(adminCallInputSchema.safeParse(body).success).toBe(true);
  });

  it('leaves an empty form to the schema, which names every missing field', () => {
    const parsed = adminCallInputSchema.safeParse(callInputOf(callFormValues(undefined)));
    expect(parsed.success).toBe(false);
    const { fields, other } = placeIssues(parsed.error!.issues);
    expect(other).toEqual([]);
    expect(fields).toEqual([
      { name: 'name', errors: [cfsMessages.nameRequired] },
      { name: 'startsAt', errors: [cfsMessages.startRequired] },
      { name: 'endsAt', errors: [cfsMessages.endRequired] },
      { name: 'questionnaireConfigId', errors: [cfsMessages.questionnaireRequired] },
    ]);
  });

  it('sends a blank description as none', () => {
    expect(callInputOf({ ...callFormValues(call), description: '   ' }).description).toBeNull();
  });

  it("finds the field of a server issue's path and of a zod path", () => {
    expect(fieldOfIssue('body.endsAt')).toBe('endsAt');
    expect(fieldOfIssue('body.layerIds.2')).toBe('layerIds');
    expect(fieldOfIssue(['questionnaireConfigId'])).toBe('questionnaireConfigId');
    expect(fieldOfIssue(['layerIds', 0])).toBe('layerIds');
    expect(fieldOfIssue('body')).toBeUndefined();
    expect(fieldOfIssue('params.id')).toBeUndefined();
    expect(fieldOfIssue('')).toBeUndefined();
  });

  it("puts the server's issues on their fields, the first of each, and keeps the rest apart", () => {
    expect(
      placeIssues([
        { path: 'body.layerIds.0', message: cfsMessages.layerNotPublic },
        { path: 'body.layerIds', message: cfsMessages.layerTwice },
        { path: 'body.endsAt', message: cfsMessages.endAfterStart },
        { path: 'body', message: 'Something else' },
        { path: 'query', message: 'Something else' },
      ]),
    ).toEqual({
      fields: [
        { name: 'layerIds', errors: [cfsMessages.layerNotPublic] },
        { name: 'endsAt', errors: [cfsMessages.endAfterStart] },
      ],
      other: ['Something else'],
    });
  });
});
