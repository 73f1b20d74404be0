import { describe, expect, it } from 'vitest';
import { adminEventInputSchema, eventStateAt } from './events';
import { adminContentMessages as M } from './messages';
import { applyRedactionSpans, normaliseSpans } from './redaction';

describe('spec 03 §4 event states', () => {
  const event = { startsAt: '2026-03-01T09:00:00Z', endsAt: '2026-03-02T09:00:00Z', cancelled: false };
  it.each([
    ['2026-03-01T08:59:59.999Z', 'upcoming'],
    ['2026-03-01T09:00:00.000Z', 'live'],
    ['2026-03-02T08:59:59.999Z', 'live'],
    ['2026-03-02T09:00:00.000Z', 'expired'],
  ] as const)('at %s it is %s', (now, state) => {
    expect(eventStateAt(event, new Date(now))).toBe(state);
    expect(eventStateAt({ ...event, cancelled: true }, new Date(now))).toBe('cancelled');
  });
});

describe('the event form', () => {
  const valid = { name: 'Reg 18', startsAt: '2026-03-01T09:00:00Z', endsAt: '2026-03-02T09:00:00Z' };
  it('needs the end after the start and each feature once', () => {
    expect(adminEventInputSchema.safeParse(valid).success).toBe(true);
    const same = adminEventInputSchema.safeParse({ ...valid, endsAt: valid.startsAt });
    expect(same.error?.issues.map((issue) => issue.message)).toEqual([M.endAfterStart]);
    const configId = '5d0f6b7e-4a55-4a4b-9c36-1f1d3c5b8a11';
    const twice = adminEventInputSchema.safeParse({
      ...valid,
      features: [
        { feature: 'suggestion-map', configId },
        { feature: 'suggestion-map', configId },
      ],
    });
    expect(twice.error?.issues.map((issue) => issue.message)).toEqual([M.featureTwice]);
  });
});

describe('redacted text', () => {
  const text = 'Call Ann on 07700 900123 or ann@example.com';
  it('puts each part in its place, joining overlaps', () => {
    expect(
      applyRedactionSpans(text, [
        { from: 12, to: 24, kind: 'telephone number' },
        { from: 28, to: 43 },
        { from: 30, to: 35 },
      ]),
    ).toBe('Call Ann on [telephone number redacted] or [redacted]');
    expect(applyRedactionSpans(text, [])).toBe(text);
  });
  it('refuses a part outside the text or empty', () => {
    expect(normaliseSpans(text, [{ from: 40, to: 60 }])).toEqual({ error: M.spansInvalid });
    expect(normaliseSpans(text, [{ from: 5, to: 5 }])).toEqual({ error: M.spansInvalid });
  });
});
