import { describe, expect, it } from 'vitest';
import { detectPersonalData } from '../representations/personalData';
import { allowListInputSchema, allowListMessages } from './allowList';

const letter = [
  'Dear Sir,',
  '',
  'The notice said to ring 01632 960000 or email ann.lee@riverside.gov.uk. My councillor, Ann Lee,',
  'agreed with me, as Ms Lee said.',
  'I live opposite 1 High Street, Riverside RV1 1AA.',
  'Please ring me on 07700 900123 or email jo.bloggs@example.com, or write to 12 Mill Lane, Riverside RV2 3CD.',
  '',
  'Yours sincerely,',
  'Jo Bloggs',
].join('\n');

const allow = [
  { kind: 'telephone number', value: '+44 (0)1632 960 000' },
  { kind: 'email address', value: 'Ann.Lee@Riverside.gov.uk' },
  { kind: 'address', value: '1 High Street,  Riverside, RV1 1AA' },
  { kind: 'name', value: 'Councillor ann  LEE' },
];

const found = (known?: Parameters<typeof detectPersonalData>[1]) =>
  detectPersonalData(letter, known).map((proposal) => `${proposal.kind}: ${proposal.text}`);

describe('the allow list (issue 26 point 2)', () => {
  it('drops what matches an entry, ignoring case, spaces and punctuation, and keeps the resident’s', () => {
    const without = found();
    expect(without).toContain('telephone number: 01632 960000');
    expect(without).toContain('email address: ann.lee@riverside.gov.uk');
    expect(without).toContain('name: Ann Lee');
    expect(
      without.some((item) => item.includes('RV1 1AA')),
      without.join('; '),
    ).toBe(true);

    const withList = found({ allow });
    expect(withList).not.toContain('telephone number: 01632 960000');
    expect(withList).not.toContain('email address: ann.lee@riverside.gov.uk');
    expect(withList.filter((item) => item.includes('RV1 1AA'))).toEqual([]);
    expect(withList.filter((item) => item.startsWith('name:') && item.includes('Lee'))).toEqual([]);
    // The resident's own details are still proposed.
    expect(withList).toEqual(
      expect.arrayContaining([
        'telephone number: 07700 900123',
        'email address: jo.bloggs@example.com',
        'name: Jo Bloggs',
      ]),
    );
    expect(withList.some((item) => item.startsWith('address:') && item.includes('RV2 3CD'))).toBe(true);
  });

  it('matches an entry of the same kind only, and the whole number', () => {
    const text = 'Call me on 01632 960001, not the council on 01632 960000.';
    const proposals = detectPersonalData(text, {
      allow: [
        { kind: 'name', value: '01632 960001' },
        { kind: 'telephone number', value: '01632 960000' },
      ],
    });
    expect(proposals.map((proposal) => proposal.text)).toEqual(['01632 960001']);
  });

  it('still proposes a resident who shares only the council’s postcode', () => {
    const text = 'Please reply to Flat 2, 9 Oak Road, Riverside RV1 1AA. My postcode is RV1 1AA.';
    const kept = detectPersonalData(text, { allow: [allow[2]!] }).map((p) => p.text);
    expect(kept).toEqual(detectPersonalData(text).map((p) => p.text));
    expect(kept.some((found) => found.includes('RV1 1AA'))).toBe(true);
  });

  it('still proposes a resident who shares only a councillor’s surname', () => {
    const text = 'Yours faithfully,\nMr Lee\n';
    expect(
      detectPersonalData(text, { allow: [{ kind: 'name', value: 'Ann Lee' }] }).map((p) => p.text),
    ).toEqual(detectPersonalData(text).map((p) => p.text));
  });

  it('validates entries with the shared messages', () => {
    const problems = (entries: unknown[]) => {
      const parsed = allowListInputSchema.safeParse({ entries });
      return parsed.success ? [] : parsed.error.issues.map((issue) => issue.message);
    };
    expect(problems([{ kind: 'email address', value: 'planning at council' }])).toEqual([
      allowListMessages.emailInvalid,
    ]);
    expect(problems([{ kind: 'telephone number', value: '123' }])).toEqual([allowListMessages.phoneInvalid]);
    expect(problems([{ kind: 'name', value: ' ' }])).toContain(allowListMessages.valueMissing);
    expect(
      problems([
        { kind: 'telephone number', value: '01632 960000' },
        { kind: 'telephone number', value: '+44 1632 960000' },
      ]),
    ).toEqual([allowListMessages.duplicate]);
    expect(problems([{ kind: 'name', value: 'Cllr Ann Lee', note: 'Riverside ward' }])).toEqual([]);
  });
});
