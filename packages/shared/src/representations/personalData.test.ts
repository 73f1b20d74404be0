import { describe, expect, it } from 'vitest';
import { detectPersonalData, type PersonalDataKind } from './personalData';
import { detectionTable, labelledRepresentations, measureDetection } from './personalData.corpus';

// shared compiles without Node's or the DOM's types; the test runner gives it a console all the same.
declare const console: { log: (message: string) => void };

/** What is proposed, as [kind, text] pairs in order. */
const found = (text: string, names?: string[]) =>
  detectPersonalData(text, names ? { names } : undefined).map((p) => [p.kind, p.text]);
const only = (kind: PersonalDataKind) => (text: string) =>
  detectPersonalData(text)
    .filter((p) => p.kind === kind)
    .map((p) => p.text);

describe('detectPersonalData: telephone numbers (issue 15 point 4)', () => {
  const phones = only('telephone number');

  it.each([
    ['Call 01632 960 123 today', '01632 960 123'],
    ['Call (01632) 960123 today', '(01632) 960123'],
    ['Call (01632)960123 today', '(01632)960123'],
    ['Call 020 7946 0000 today', '020 7946 0000'],
    ['Call 07700 900123 today', '07700 900123'],
    ['Call 07700900123.', '07700900123'],
    ['Call 07700-900-123', '07700-900-123'],
    ['Call 0117.496.0123', '0117.496.0123'],
    ['Call +44 (0)20 7946 0000 today', '+44 (0)20 7946 0000'],
    ['Call +44 (0) 1632 960123 today', '+44 (0) 1632 960123'],
    ['Call +447700900123 today', '+447700900123'],
    ['Call +44 7700 900123 today', '+44 7700 900123'],
    ['Call +44-20-7946-0000 today', '+44-20-7946-0000'],
    ['Call 0044 7700 900123 today', '0044 7700 900123'],
    ['Call 0044 (0)20 7946 0000 today', '0044 (0)20 7946 0000'],
    ['Tel:01632960123', '01632960123'],
    ['Tel: 0306 999 0123 (office)', '0306 999 0123'],
    ['Ring 0800 807060 free', '0800 807060'],
    ['01632 960123 24 hours a day', '01632 960123'],
    // Issue 26: a mobile in brackets after its owner, numbers from abroad.
    ['Ms Ada Obi, 3 Ferry Cottages, Ashby TN29 0FD (07700 900 277)', '07700 900 277'],
    ["+48 600 000 000 (I'm in Poland until May)", '+48 600 000 000'],
    ['Call +1 (415) 555-0134 any time', '+1 (415) 555-0134'],
  ])('finds %j', (text, number) => {
    expect(phones(text)).toEqual([number]);
  });

  it.each([
    ['a planning reference', 'See 23/01234/FUL and 21/00123/OUT.'],
    ['dates', 'On 12/03/2024, 01/04/2024 and 12.03.2024 and 01.03.2024.'],
    ['money', 'A cost of £250,000 or £1,000,000 or £0.5m.'],
    ['site references', 'Sites HELAA-0123, HELAA-01234567890 and SHLAA ref 045.'],
    ['years and counts', 'Since 2024, 1,200 homes and 0 objections in 2019-2020.'],
    ['long numbers', 'Claim 01234567890123456 and account 0123 4567 8901 2345.'],
    ['a grid reference', 'The site is at TQ 01234 56789.'],
    ['times and decimals', 'At 07:30 the queue was 0.75 km long; 08.15 was worse.'],
    ['a number inside a word', 'Form ABC01632960123 was sent.'],
    ['too few digits', 'Call 01632 9601 now.'],
    ['a wrong prefix', 'Call 04632 960123 or 09098 790123 or 06632 960123 now.'],
    ['a change in per cent', 'Prices rose +12 per cent in 2023 and 2024.'],
    ['a landline in brackets after premises', 'write to Eclipse House, Maidstone ME14 3EN (01622 776 226).'],
  ])('ignores %s', (_, text) => {
    expect(phones(text)).toEqual([]);
  });
});

describe('detectPersonalData: email addresses', () => {
  const emails = only('email address');

  it.each([
    ['Write to jane.doe@example.com.', 'jane.doe@example.com'],
    ['<j_doe+planning@mail.example.co.uk>', 'j_doe+planning@mail.example.co.uk'],
    ['Email: JANE.DOE@EXAMPLE.ORG, please', 'JANE.DOE@EXAMPLE.ORG'],
    ["mailto:o'brien-family@example.net", "o'brien-family@example.net"],
  ])('finds %j', (text, email) => {
    expect(emails(text)).toEqual([email]);
  });

  it.each([['see you @ the meeting'], ['user@localhost'], ['@example.com'], ['Policy H3@2024']])(
    'ignores %j',
    (text) => {
      expect(emails(text)).toEqual([]);
    },
  );
});

describe('detectPersonalData: postcodes and addresses', () => {
  const addresses = only('address');

  it.each([
    ['My postcode is SW1A 1AA.', 'SW1A 1AA'],
    ['my postcode is m1 1ae', 'm1 1ae'],
    ['Postcode EC1A1BB.', 'EC1A1BB'],
    ['(postcode W1D 3QF)', 'W1D 3QF'],
    [
      'I live at 12 Acacia Avenue, Newtown, Kent ME1 2AB and object.',
      '12 Acacia Avenue, Newtown, Kent ME1 2AB',
    ],
    ['12 Acacia Avenue Newtown ME1 2AB', '12 Acacia Avenue Newtown ME1 2AB'],
    ['Jane\n14 Mill Lane\nNewtown\nKent\nME1 2AB\n', '14 Mill Lane\nNewtown\nKent\nME1 2AB'],
    [
      'Apple Tree Cottage\n158 Willow Avenue\nBorough Green\nTN6 9LF',
      'Apple Tree Cottage\n158 Willow Avenue\nBorough Green\nTN6 9LF',
    ],
    ['Rose Cottage, Mill Lane, Headcorn, TN27 9XY', 'Rose Cottage, Mill Lane, Headcorn, TN27 9XY'],
    ['Flat 3, 22 High Street, Faversham ME13 7AA', 'Flat 3, 22 High Street, Faversham ME13 7AA'],
    [
      'I live at Apple Tree Cottage, Hazel Grove, Eastry, BR14 9DW.',
      'Apple Tree Cottage, Hazel Grove, Eastry, BR14 9DW',
    ],
    ['I have lived at 14 Mill Lane for years.', '14 Mill Lane'],
    ["We are at 3a St Mary's Road.", "3a St Mary's Road"],
    ['My neighbour at The Old Rectory, Church Lane agrees.', 'The Old Rectory, Church Lane'],
  ])('finds %j', (text, address) => {
    expect(addresses(text)).toEqual([address]);
  });

  it.each([
    ['road numbers', 'Queues on the A256, the M2 and the B2163 at junction 5.'],
    ['policies', 'Policy H3 and Policy ST5 conflict with paragraph 11 of the NPPF.'],
    ['a street without a number', 'Station Road is gridlocked and Mill Lane floods.'],
    ['a year before a street', 'In 2021 Station Road flooded twice.'],
    ['a count before a capitalised phrase', 'There are 15 Park and Ride spaces.'],
    ['an ordinal in lower case', 'Leave the M2 at the b4 2nd exit.'],
    ['a sentence before a postcode', 'This was sent on 12/03/2024 to our house near town, postcode unknown.'],
  ])('ignores %s', (_, text) => {
    expect(addresses(text)).toEqual([]);
  });

  // Issue 26: the lines of an address that no street pattern reads.
  it.each([
    [
      'a house name above the street',
      'Mrs Ada Lin\nThe Hayloft\nOrchard Lane\nNewtown\nME1 2AB',
      'The Hayloft\nOrchard Lane\nNewtown\nME1 2AB',
    ],
    [
      'a quoted house name',
      '"Windrush"\n4 Mill Lane\nNewtown\nME1 2AB\n',
      '"Windrush"\n4 Mill Lane\nNewtown\nME1 2AB',
    ],
    [
      'a flat and its block in capitals',
      'FLAT 2\nHARBOUR COURT\n9 QUAY STREET\nDOVER\nCT17 9AB',
      'FLAT 2\nHARBOUR COURT\n9 QUAY STREET\nDOVER\nCT17 9AB',
    ],
    [
      'the village below a street with no postcode',
      '8 Forge Lane\nPlaxtol\n\nMr K Obi',
      '8 Forge Lane\nPlaxtol',
    ],
    [
      'a flat on the line of a named house',
      'Flat 4, The Old Smithy, Bell Lane',
      'Flat 4, The Old Smithy, Bell Lane',
    ],
    [
      "a form's address fields",
      'House name/number: IVY COTTAGE\nTown/Village: IGHTHAM',
      'IVY COTTAGE',
      'IGHTHAM',
    ],
    ['small letters after "at"', 'my mum lives at 6 meadow view and cannot park', '6 meadow view'],
    [
      "a form's fields with a dash or a bar",
      'Address line 1 - Holly Bank\nAddress Line 2 | Bell Lane |',
      'Holly Bank',
      'Bell Lane',
    ],
    [
      "a field in a form's first column",
      'Address line 1      Hilltop Barn             Sallowfield',
      'Hilltop Barn',
    ],
    [
      'a field continued on the lines below',
      'Address .......... 12 Salt Row\n                   Ashby Marsh\nPost code ........ n/a',
      '12 Salt Row\n                   Ashby Marsh',
    ],
    [
      "a street on its own line in a letter's head",
      'Wyndham\nBrook Street\nOakhurst\n\nTo whom it may concern,',
      'Wyndham\nBrook Street\nOakhurst',
    ],
    [
      'a street address in capitals after "lived at"',
      'I HAVE LIVED AT 41 ORCHARD ROAD FOR 20 YEARS',
      '41 ORCHARD ROAD',
    ],
  ])('finds %s', (_, text, ...expected) => {
    expect(addresses(text)).toEqual(expected);
  });

  it('finds a home named again in the letter, once it is known as an address', () => {
    expect(addresses('Ivy Cottage\nBell Lane\nME1 2AB\n\nThe trees behind Ivy Cottage would go.')).toEqual([
      'Ivy Cottage\nBell Lane\nME1 2AB',
      'Ivy Cottage',
    ]);
  });

  it.each([
    ['a site in a capitals heading', 'RE: LAND AT 14 STATION ROAD, WEST MALLING'],
    ['a field with no answer', 'Address line 2: n/a'],
    ['a forename on the line above a street', 'Ifeoma\n4 Mill Lane'],
  ])('leaves %s', (_, text) => {
    expect(
      addresses(text).some(
        (address) => address.includes('Ifeoma') || address.includes('STATION') || address === 'n/a',
      ),
    ).toBe(false);
  });

  it('prefers the whole address to the postcode or the street inside it', () => {
    expect(found('Address: 12 Acacia Avenue, Newtown, ME1 2AB')).toEqual([
      ['address', '12 Acacia Avenue, Newtown, ME1 2AB'],
    ]);
  });

  it('does not reach back past a sentence or a blank line', () => {
    expect(addresses('I object to 14 new homes. Newtown ME1 2AB')).toEqual(['Newtown ME1 2AB'.slice(8)]);
    expect(addresses('14 Mill Lane\n\nME1 2AB')).toEqual(['14 Mill Lane', 'ME1 2AB']);
  });
});

describe('detectPersonalData: names', () => {
  const names = only('name');

  it.each([
    ['a title', 'I agree with Mrs Doe on this.', ['Mrs Doe']],
    ['a title and initials', 'As Mrs J. A. Smith-Jones said.', ['Mrs J. A. Smith-Jones']],
    ['a surname that is also a word', 'Ask Mrs Green or Dr Hill.', ['Mrs Green', 'Dr Hill']],
    ['a couple', 'Mr and Mrs Patel next door agree.', ['Mr and Mrs Patel']],
    ["O'Brien and McDonald", "Mr O'Brien and Ms McDonald object.", ["Mr O'Brien", 'Ms McDonald']],
    ['Yours sincerely', 'Yours sincerely,\nJane Doe', ['Jane Doe']],
    ['Yours faithfully with a blank line', 'Yours faithfully\n\nMrs J Doe\n', ['Mrs J Doe']],
    ['Kind regards', 'Kind regards,\nSiân Smith-Jones, Chair, Newtown Society', ['Siân Smith-Jones']],
    ['Regards in capitals', 'Regards\nJANE DOE', ['JANE DOE']],
    ['Thanks in lower case', 'Thanks\njane doe\n', ['jane doe']],
    ['Best wishes, a first name', 'Best wishes,\nPriya\n\nSent from my iPhone', ['Priya']],
    ['a couple signing', 'Many thanks\nJane and Peter Doe', ['Jane and Peter Doe']],
    ['My name is', 'My name is Priya Patel and I object.', ['Priya Patel']],
    ['I, name,', 'I, Tom Hill, wish to object.', ['Tom Hill']],
    ['a relative', 'My husband Peter and I walk here.', ['Peter']],
    ['an email header', 'From: Jane Doe <jane@example.com>\nSent: Monday', ['Jane Doe']],
    ['a form field', 'Name: Jane Doe\nAddress: somewhere', ['Jane Doe']],
    ["the sender's block", 'Jane Doe\n14 Mill Lane\nNewtown ME1 2AB', ['Jane Doe']],
    ['a house name under the sender', 'Jane Doe\nLittle Oaks\n14 Mill Lane\nME1 2AB', ['Jane Doe']],
  ])('finds %s', (_, text, expected) => {
    expect(names(text)).toEqual(expected);
  });

  it.each([
    ['organisations', 'Kent Wildlife Trust, Natural England and Kent County Council object.'],
    ['an organisation signing', 'Kind regards,\nKent Wildlife Trust'],
    ['a council team signing', 'Regards\nPlanning Policy Team'],
    ['the plan and the council', 'The Local Plan and the Council ignore Planning law.'],
    ['places and streets', 'Traffic from Faversham along Station Road to Herne Bay.'],
    ['sentence-initial words', 'Residents are angry. Traffic is worse. Flooding is common.'],
    ['the salutation', 'Dear Sir or Madam,\nDear Sir/Madam,\nDear Sirs,'],
    ['a phone trailer after a sign-off', 'Regards,\nSent from my iPhone'],
    // Issue 26: names need no cue now, so the sentence names no one.
    ['a sign-off phrase in a sentence', 'Thanks to the bypass, the shop moved away.'],
    // Issue 26: councillors and the Member of Parliament are named in their public role.
    ['a councillor or an MP', 'As Cllr J. A. Smith-Jones said, and Helena Marchbanks MP agreed.'],
    ['"I," without a closing comma', 'I, Personally object.'],
  ])('ignores %s', (_, text) => {
    expect(names(text)).toEqual([]);
  });

  it('finds every occurrence of a known name, whole words only, in any case', () => {
    expect(
      found('JANE DOE wrote; jane doe signed; Janet Doerr did not; Mrs Doe and Mrs J. Doe agree.', [
        'Jane Doe',
      ]),
    ).toEqual([
      ['name', 'JANE DOE'],
      ['name', 'jane doe'],
      // Not as Jane Doe: found by its forename (issue 26).
      ['name', 'Janet Doerr'],
      ['name', 'Mrs Doe'],
      ['name', 'Mrs J. Doe'],
    ]);
  });

  it('does not take a known surname alone without a title', () => {
    expect(names('Doe Lane and the doe in the wood')).toEqual([]);
    expect(found('Doe Lane and the doe in the wood', ['Jane Doe'])).toEqual([]);
  });

  it('ignores empty known names', () => {
    expect(found('Nothing here.', ['', '  '])).toEqual([]);
  });
});

describe('detectPersonalData: the proposals', () => {
  const letter = [
    'From: Jane Doe <jane.doe@example.com>',
    '',
    'Dear Sir or Madam,',
    '',
    'I object to Policy H3 (HELAA-0123, ref 23/01234/FUL) dated 12/03/2024: the A256 is full.',
    'My neighbour Mr Patel agrees. Call me on 07700 900123.',
    '',
    'Yours faithfully,',
    'Jane Doe',
    '12 Acacia Avenue, Newtown, Kent ME1 2AB',
  ].join('\n');

  it('are sorted, do not overlap, and their offsets give their text', () => {
    const proposals = detectPersonalData(letter);
    expect(proposals.map((p) => [p.kind, p.text])).toEqual([
      ['name', 'Jane Doe'],
      ['email address', 'jane.doe@example.com'],
      ['name', 'Mr Patel'],
      ['telephone number', '07700 900123'],
      ['name', 'Jane Doe'],
      ['address', '12 Acacia Avenue, Newtown, Kent ME1 2AB'],
    ]);
    for (const [i, p] of proposals.entries()) {
      expect(letter.slice(p.from, p.to)).toBe(p.text);
      if (i > 0) expect(p.from).toBeGreaterThanOrEqual(proposals[i - 1]!.to);
    }
  });

  it('prefer an email address to a known name inside it', () => {
    expect(found('jane@example.com', ['jane'])).toEqual([['email address', 'jane@example.com']]);
  });

  it('are none for empty or plain text', () => {
    expect(detectPersonalData('')).toEqual([]);
    expect(detectPersonalData('I support the Plan.')).toEqual([]);
  });
});

describe('detection over the labelled corpus of 220 representations', () => {
  const corpus = labelledRepresentations();

  it('is the same corpus on every run, and its labels are inside the text', () => {
    expect(labelledRepresentations(3, 9)).toEqual(labelledRepresentations(3, 9));
    expect(corpus).toHaveLength(220);
    for (const { text, spans } of corpus) {
      for (const span of spans) {
        expect(span.to).toBeGreaterThan(span.from);
        expect(text.slice(span.from, span.to).trim()).toBe(text.slice(span.from, span.to));
        if (span.postcode) expect(span.postcode.to).toBe(span.to);
      }
    }
  });

  // 220 letters, twice: since issue 26 the detector does about four times the work, and on a loaded
  // 2-core machine this passed the default 5 s.
  it('meets its precision and recall targets', { timeout: 30_000 }, () => {
    const scores = measureDetection(corpus);
    const withKnownNames = measureDetection(corpus, { knownNames: true }).find((s) => s.kind === 'name')!;
    // Printed for the closing note of issue 15, which quotes these figures.
    console.log(
      `${detectionTable(scores)}\n` +
        `names with the representee's name known: precision ${withKnownNames.precision.toFixed(3)}, recall ${withKnownNames.recall.toFixed(3)}`,
    );
    const score = (kind: string) => scores.find((s) => s.kind === kind)!;
    for (const kind of ['email address', 'telephone number', 'address with postcode']) {
      expect(score(kind).recall, `${kind} recall`).toBeGreaterThanOrEqual(0.95);
      expect(score(kind).precision, `${kind} precision`).toBeGreaterThanOrEqual(0.9);
    }
    expect(score('name').recall, 'name recall').toBeGreaterThanOrEqual(0.85);
    expect(score('name').precision, 'name precision').toBeGreaterThanOrEqual(0.8);
  });
});

// Issue 26 point 1: cues that generalise to letters the detector has never seen. Each rule has an
// example it missed before and a near miss it must leave alone.
