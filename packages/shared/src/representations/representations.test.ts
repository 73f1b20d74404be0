import { describe, expect, it } from 'vitest';
import { contactInputSchema, isUkPostcode, isValidUkPhone, organisationInputSchema } from './contacts';
import { customColumnInputSchema, customValueSchema } from './customColumns';
import {
  docFromPlainText,
  editorDocSchema,
  marksOf,
  plainTextOf,
  publicDocOf,
  publicTextOf,
  type EditorNode,
} from './editor';
import { representationMessages as m } from './messages';
import { htmlPlainText, responseInputSchema } from './responses';
import { correspondenceFormSchema, eventState, representationReference, representeeSchema } from './schemas';
import { representationStatuses, type RedactionType } from './statuses';

const messagesOf = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.success ? [] : (result.error?.issues.map((issue) => issue.message) ?? []);

describe('spec 02 §5 contacts and organisations', () => {
  it.each([
    ['SW1A 1AA', true],
    ['sw1a1aa', true],
    ['M1 1AE', true],
    ['EC1A 1BB', true],
    ['GIR 0AA', true],
    ['ME1 2AB', true],
    ['SW1A 1AAA', false],
    ['12345', false],
    ['1AA 1AA', false],
    ['SW1A 1AA; drop', false],
  ])('postcode %s is valid: %s', (postcode, valid) => {
    expect(isUkPostcode(postcode)).toBe(valid);
  });

  it.each([
    ['01732 844522', true],
    ['020 7946 0000', true],
    ['+44 20 7946 0000', true],
    ['07911 123456', true],
    ['0123', false],
    ['+1 202 555 0123', false],
    ['phone me', false],
  ])('phone %s is valid: %s', (phone, valid) => {
    expect(isValidUkPhone(phone)).toBe(valid);
  });

  it('says each contact rule in the spec words', () => {
    const bad = contactInputSchema.safeParse({
      firstName: ' ',
      lastName: '',
      email: 'not-an-email',
      contactNumber: '12',
      postcode: 'nowhere',
      town: 'x'.repeat(36),
      addressLine1: 'x'.repeat(256),
    });
    expect(messagesOf(bad)).toEqual(
      expect.arrayContaining([
        m.firstNameRequired,
        m.lastNameRequired,
        m.emailInvalid,
        m.phoneInvalid,
        m.postcodeInvalid,
        m.townTooLong,
        m.addressLineTooLong,
      ]),
    );
    expect(
      messagesOf(
        contactInputSchema.safeParse({ firstName: 'A', lastName: 'B', email: `${'a'.repeat(95)}@x.com` }),
      ),
    ).toContain(m.emailTooLong);
    expect(messagesOf(contactInputSchema.safeParse({ firstName: 'x'.repeat(129), lastName: 'B' }))).toContain(
      m.nameTooLong,
    );
  });

  it('needs an organisation and a job title for an agent, and keeps the number sent as contactNumber', () => {
    expect(
      messagesOf(contactInputSchema.safeParse({ contactType: 'agent', firstName: 'A', lastName: 'B' })),
    ).toEqual([m.organisationRequired, m.jobTitleRequired]);
    const parsed = contactInputSchema.parse({
      firstName: ' Jane ',
      lastName: 'Doe',
      contactNumber: '020 7946 0000',
      postcode: 'me12ab',
    });
    expect(parsed).toMatchObject({
      firstName: 'Jane',
      phoneNumber: '020 7946 0000',
      postcode: 'ME1 2AB',
      email: null,
    });
  });

  it('needs an organisation name and type, one of the spec types and countries', () => {
    expect(messagesOf(organisationInputSchema.safeParse({ organisationName: '' }))).toEqual([
      m.organisationNameRequired,
      m.organisationTypeRequired,
    ]);
    expect(
      organisationInputSchema.safeParse({ organisationName: 'Parish', organisationType: 'Charity' }).success,
    ).toBe(false);
    expect(
      organisationInputSchema.safeParse({
        organisationName: 'P',
        organisationType: 'Other',
        country: 'France',
      }).success,
    ).toBe(false);
    expect(
      organisationInputSchema.parse({
        organisationName: 'Kent Wildlife Trust',
        organisationType: 'Community group',
        country: 'England',
      }),
    ).toMatchObject({ organisationType: 'Community group', agentContactIds: [] });
  });

  it('asks for an organisation or a contact as representee', () => {
    expect(messagesOf(representeeSchema.safeParse({ type: 'organisation' }))).toEqual([
      m.representeeRequired,
    ]);
    expect(
      messagesOf(
        representeeSchema.safeParse({
          type: 'privateIndividual',
          organisationId: '6b27b3a0-4586-44bf-9b3c-a371e807bcde',
        }),
      ),
    ).toEqual([m.representeeRequired]);
  });
});

describe('spec 02 §5 consultation form', () => {
  it('spells its messages as the spec does', () => {
    expect(messagesOf(correspondenceFormSchema.safeParse({ event: '', correspondence: 'Email' }))).toEqual([
      m.eventRequired,
      m.receivedDateRequired,
      m.acknowledgeDateRequired,
    ]);
    expect(m.receivedDateRequired).toBe('Please enter the reveiced date');
    expect(m.acknowledgeDateRequired).toBe('Please enter the aknowledge date');
  });
});

describe('spec 02 §5 response', () => {
  it('counts 8000 plain characters, not HTML', () => {
    const long = `<p><strong>${'a'.repeat(8000)}</strong></p>`;
    expect(responseInputSchema.safeParse({ description: 'Title', text: long }).success).toBe(true);
    expect(
      messagesOf(responseInputSchema.safeParse({ description: 'Title', text: `<p>${'a'.repeat(8001)}</p>` })),
    ).toEqual([m.responseTooLong]);
    expect(
      messagesOf(responseInputSchema.safeParse({ description: 'x'.repeat(2001), text: '<p>ok</p>' })),
    ).toEqual([m.responseTitleTooLong]);
    expect(messagesOf(responseInputSchema.safeParse({ description: ' ', text: '<p></p>' }))).toEqual([
      m.responseTitleRequired,
      m.responseRequired,
    ]);
  });

  it('reads entities and breaks as a reader would', () => {
    expect(htmlPlainText('<p>Fish &amp; chips</p><p>&#163;5 &lt;each&gt;</p>')).toBe(
      'Fish & chips\n£5 <each>',
    );
  });
});

describe('spec 02 §5 custom columns', () => {
  it('needs a name of 3 to 50, a table, a type and option values', () => {
    expect(messagesOf(customColumnInputSchema.safeParse({ name: 'ab' }))).toEqual(
      expect.arrayContaining([m.columnNameLength, m.columnTableRequired, m.columnTypeRequired]),
    );
    expect(
      messagesOf(
        customColumnInputSchema.safeParse({ table: 'contacts', name: 'x'.repeat(51), dataType: 'text' }),
      ),
    ).toEqual([m.columnNameLength]);
    expect(
      messagesOf(
        customColumnInputSchema.safeParse({ table: 'contacts', name: 'Priority', dataType: 'singleSelect' }),
      ),
    ).toEqual([m.columnOptionRequired]);
  });

  it.each([
    ['checkbox', true, 'yes'],
    ['text', 'x'.repeat(200), 'x'.repeat(201)],
    ['paragraph', 'x'.repeat(3000), 'x'.repeat(3001)],
    ['number', -3.5, 'three'],
    ['percentage', 100, 101],
    ['date', '2026-11-25', '25/11/2026'],
    ['currency', 12.5, 12.345],
    ['singleSelect', 'High', 'Urgent'],
    ['multiSelect', ['High', 'Low'], ['High', 'Urgent']],
  ] as const)('a %s column checks its values', (dataType, good, bad) => {
    const schema = customValueSchema({ dataType, options: [{ value: 'High' }, { value: 'Low' }] });
    expect(schema.safeParse(good).success).toBe(true);
    expect(schema.safeParse(bad).success).toBe(false);
    expect(schema.safeParse(null).success).toBe(true);
  });
});

describe('redaction marks', () => {
  const redaction = (docId: string, redactionType: RedactionType = 'telephone number') => ({
    type: 'redaction' as const,
    attrs: { redactionType, docId, comment: 'resident asked' },
  });
  const letter: EditorNode = {
    type: 'doc',
    content: [
      {
        type: 'paragraph',
        content: [
          { type: 'text', text: 'Call me on ' },
          { type: 'text', text: '07700 ', marks: [redaction('r1')] },
          { type: 'text', text: '900123', marks: [redaction('r1'), { type: 'bold' }] },
          { type: 'text', text: ' about ' },
          { type: 'text', text: 'Site 4', marks: [{ type: 'tag', attrs: { tagIds: ['t1'] } }] },
        ],
      },
      { type: 'paragraph', content: [{ type: 'text', text: 'Jane Doe', marks: [redaction('r2', 'name')] }] },
    ],
  };

  it('is a valid editor document', () => {
    expect(editorDocSchema.safeParse(letter).success).toBe(true);
    expect(editorDocSchema.safeParse({ type: 'doc', content: [{ type: 'script', text: 'x' }] }).success).toBe(
      false,
    );
  });

  it('never lets redacted text into what the public reads', () => {
    const text = publicTextOf(letter);
    expect(text).toBe('Call me on [telephone number redacted] about Site 4\n\n[name redacted]');
    const json = JSON.stringify(publicDocOf(letter));
    for (const secret of ['07700', '900123', 'Jane', 'resident asked', 'tagIds'])
      expect(json).not.toContain(secret);
    expect(plainTextOf(letter)).toContain('07700 900123');
  });

  it('hides a line break inside one redaction with it', () => {
    const address: EditorNode = {
      type: 'doc',
      content: [
        {
          type: 'paragraph',
          content: [
            { type: 'text', text: '12 Acacia Avenue', marks: [redaction('a1', 'address')] },
            { type: 'hardBreak' },
            { type: 'text', text: 'ME1 2AB', marks: [redaction('a1', 'address')] },
            { type: 'hardBreak' },
            { type: 'text', text: 'Dear Sir' },
          ],
        },
      ],
    };
    expect(publicTextOf(address)).toBe('[address redacted]\nDear Sir');
  });

  it('joins a mark across text runs', () => {
    expect(marksOf(letter, 'redaction').map(({ text }) => text)).toEqual(['07700 900123', 'Jane Doe']);
  });

  it('makes paragraphs and line breaks of plain text', () => {
    expect(plainTextOf(docFromPlainText('Dear Sir,\n\nI object.\nStrongly.'))).toBe(
      'Dear Sir,\n\nI object.\nStrongly.',
    );
  });
});

describe('statuses and events', () => {
  it('has the eight statuses in the spec order', () => {
    expect(representationStatuses).toEqual([
      'Received',
      'Acknowledged',
      'Pending',
      'In review',
      'Reviewed',
      'Response drafted',
      'Response approved',
      'Response sent',
    ]);
  });

  it.each([
    ['2026-01-01', 'upcoming'],
    ['2026-02-01', 'live'],
    ['2026-02-28', 'live'],
    ['2026-03-01', 'expired'],
  ] as const)('on %s an event is %s', (today, state) => {
    expect(eventState({ startsOn: '2026-02-01', endsOn: '2026-02-28', cancelled: false }, today)).toBe(state);
  });

  it('cites representations as R and six digits', () => {
    expect(representationReference(42)).toBe('R000042');
  });
});
