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
describe('detectPersonalData: issue 26 name cues', () => {
  const names = only('name');

  it.each([
    [
      'post-nominals after a bracket',
      'Yours faithfully\n\nMarta Lindgren BA (Hons) MSc MRTPI\nAssociate Director',
      ['Marta Lindgren'],
    ],
    ['"Dip TP"', 'Yours faithfully,\n\nOrla Brennan Dip TP MRTPI\nBrennan Rural Planning', ['Orla Brennan']],
    ['a numbered form field', 'Q1 Your name: Ada\nQ2 Your surname: Mensah-Ward\n', ['Ada', 'Mensah-Ward']],
    [
      'form fields with dashes, small letters',
      "first name - jade\nlast name - o'connor\n",
      ['jade', "o'connor"],
    ],
    ["a table's field", '| Title | Mr |\n| First Name | Arvind |\n', ['Arvind']],
    ['an underscored blank', 'Name ______Radu Popa______\n', ['Radu Popa']],
    ['dotted leaders in capitals', 'Surname ............ ÓGÁIN\n', ['ÓGÁIN']],
    ['a signature with no sign-off', 'Nobody has told the residents.\nCiarán', ['Ciarán']],
    ['a dashed signature under an address', 'sort the road first. 14 mill rd tn15 7rs\n-mick', ['mick']],
    ['a sign-off and the name on one line', 'Regards, Paddy Nolan', ['Paddy Nolan']],
    ['a sign-off in small letters', 'my kids will love it\n\nthanks jen', ['jen']],
    ['a couple in small letters', 'or the school will close.\n\nsue and pete', ['sue and pete']],
    ['a particle', 'Weavers Court, Newtown.\n\nAnneliese van den Berg', ['Anneliese van den Berg']],
    ['a couple after a sign-off', 'Thanks\nWei Chen and Li Na Zhou', ['Wei Chen and Li Na Zhou']],
    ['children listed', 'Our children Evie and Tom share the back bedroom.', ['Evie', 'Tom']],
    ['ages in brackets', 'our two girls, Aoife (8) and Niamh (5).', ['Aoife', 'Niamh']],
    ['sons after a comma', 'Both our sons, Callum and Fraser, moved away.', ['Callum', 'Fraser']],
    ['a role holder', 'Our footpath secretary, Huw ap Rhys, walks them monthly.', ['Huw ap Rhys']],
    ["a group's own officer", 'Please contact our Planning Officer, Esme Kaye.', ['Esme Kaye']],
    ['"mum of"', 'Signed:\nAmara Nwosu (mum of Chidi)', ['Amara Nwosu', 'Chidi']],
    ['a family', 'Our neighbours the Hendersons (no. 4) agree with us.', ['Hendersons']],
    ['"the X family"', 'on behalf of the landowners (the Fanshawe family).', ['Fanshawe']],
    ['a family signing', 'Please add cycle lanes.\nThe Fairweather-Okoros', ['Fairweather-Okoros']],
    ['a family signing with their address', 'From the Greens, 2 Pound Close, Ightham', ['Greens']],
    [
      "an email's display name",
      'On Wed, 11 Mar 2026 at 19:22, Shirin Farahani <shirin.farahani@example.net> wrote:',
      ['Shirin Farahani'],
    ],
    [
      'the name a mailbox spells',
      'contact me — stephen “steve” o’reilly, steve.oreilly @ outlook . com',
      ['stephen “steve” o’reilly'],
    ],
    [
      'a small-letter title',
      'mr and mrs Kofi and Adjoa Asamoah at no 3',
      ['mr and mrs Kofi and Adjoa Asamoah'],
    ],
    ['a title in capitals', 'MR AND MRS G TREVELYAN\nTHE OLD FORGE', ['MR AND MRS G TREVELYAN']],
    ['a signature in capitals', 'REGARDS\nD. K. ASANTE-MENSAH (MR)', ['D. K. ASANTE-MENSAH']],
    ['a couple in capitals', 'Plot 6 – DEEPAK & SEEMA JOSHI – 40 CHAPMAN WAY', ['DEEPAK', 'SEEMA JOSHI']],
    ["an initial before O'", "B. Sayers\nC. O'Neill 22 Willow Walk", ['B. Sayers', "C. O'Neill"]],
    ["a table's row", '| Gareth Pugh | 6 Beacon Rise, Hartsmere |', ['Gareth Pugh']],
    ["a quoted email's writer", 'Sent from my iPhone\n\nOn 3 May, Gurpreet Bains wrote:', ['Gurpreet Bains']],
    ['one word in small letters under a sign-off', 'kind regards\n\nnaveed', ['naveed']],
    ['"sent by" and where they live', 'sent by lee n michelle @ 41 bramley rd snodland', ['lee n michelle']],
    ["a family's display name", 'From: The Hollands <hollandfamily@example.net>', ['Hollands']],
    ['a month that is a forename, with a surname', '9) June Appleby – 4 The Green', ['June Appleby']],
    [
      'a bare number and a wide gap',
      '4 Ellen & Frank Marsh  "Marshlands", Quarry Road',
      ['Ellen & Frank Marsh'],
    ],
  ])('finds %s', (_, text, expected) => {
    expect(names(text)).toEqual(expected);
  });

  it.each([
    ['"anon" in a name field', 'Q1 Your name: anon\nQ2 Your postcode: TN2'],
    ["a table's headings", '| Name | Address | Signature |\n|------|---------|-----------|'],
    ["a form's title column", 'Title               Mrs                      Mr\n'],
    ['a title before a form word', 'Title Miss First'],
    ['a town at the foot', 'I object to the plan.\n\nWest Malling'],
    ['"Anon" at the foot', 'I object.\n\nAnon'],
    ['children unnamed', 'Our children and grandchildren play here.'],
    ['a council after a role', 'Contact our Planning Officer, Newtown District Council.'],
    ['places in the plural', "The view from the Policies Map and from the Pilgrims' Way."],
    ["a family's firm", 'The Lane family trust owns half of the village.'],
    ['places after "from"', 'The views from the Downs are loved. We moved from the Netherlands.'],
    ["a place at a line's end", 'I object to the traffic from the Midlands\nand the noise.'],
    ['streets named after people', 'Charlotte Street, Elizabeth Way and Edward Close all flood.'],
    ["a saint's or a king's name", "The closure of St Edith's Way and King George Avenue."],
    ['a possessive place', "Martin's Field should stay as playing fields."],
    ['a firm', 'Hollis Grant Architects\nThe Studio, 4 Bank Street'],
    ['a building', 'Newtown District Council\nCivic Centre, Mill Lane\nNewtown ME1 2AB'],
    ['a forename and a lane after "on"', 'I live on Bell Lane (not saying which house).'],
    ['the Inspector', 'To: Ms C. Jennings BA (Hons) MA MRTPI, the Inspector'],
    ["a councillor's form", 'Title: Cllr\nFirst name: Andrew\nLast name: Pocock\nOrganisation: Newtown PC'],
    ['an MP addressed again', 'Dear Ms Marchbanks,\n\nAs Helena Marchbanks MP said, the road floods.'],
    ['post-nominals in capitals', 'Regards\n\nJane Doe BSc (Hons) MA MRTPI\nDirector'],
    ["a team's quoted email", 'On Wed, 11 Mar 2026 at 19:22, Planning Policy Team wrote:'],
    [
      'a word in small letters after "cheers" mid-letter',
      'Cheers mate, the plan is good.\nI object to the road.',
    ],
    ['months', 'On May Day the road floods; in May Parliament rose; August Bank Holiday traffic.'],
    ["the council's officer at work", 'The planning officer, Jane Holloway, said the site was suitable.'],
    ["the council's case officer", 'I met the case officer Mr Patel at the drop-in.'],
  ])('ignores %s', (_, text) => {
    expect(names(text).filter((n) => !/Jane Doe/.test(n))).toEqual([]);
  });
});

describe('detectPersonalData: issue 26 address, telephone and email cues', () => {
  const addresses = only('address');
  const phones = only('telephone number');
  const emails = only('email address');

  it.each([
    [
      'a caravan on a farm',
      'Caravan 2, Lower Yard, Blackthorn Farm, Ashby Marsh\n\nI work here.',
      'Caravan 2, Lower Yard, Blackthorn Farm, Ashby Marsh',
    ],
    ['a PO box', 'my postal address is PO Box 7712, Sevenoaks TN13 9ZZ.', 'PO Box 7712, Sevenoaks TN13 9ZZ'],
    [
      'a basement flat',
      'Basement flat, 9 Regency Terrace, Newtown (no postcode)',
      'Basement flat, 9 Regency Terrace, Newtown',
    ],
    [
      'a block in small letters',
      'the granary\nchurch lane\nbrayford\ntn27 9jd\n\nhi',
      'the granary\nchurch lane\nbrayford\ntn27 9jd',
    ],
    [
      'town lines after a comma',
      '2, Primrose Cottages,\nHigh Street,\nWrotham,\nSevenoaks.\nTN15 7AE.',
      '2, Primrose Cottages,\nHigh Street,\nWrotham,\nSevenoaks.\nTN15 7AE',
    ],
    ['a home after its owner', 'my neighbour Mrs Okonjo at Lavender Cottage agrees.', 'Lavender Cottage'],
    [
      'a home after "lives at"',
      'Our granddaughter still lives at Cherry Garth on the corner.',
      'Cherry Garth',
    ],
    ['a home in a list line', '6) Harry Fenwick – Pippins, Teston Road\n', 'Pippins, Teston Road'],
    [
      'a block of flats one lives in',
      'I live in one of the new flats at Kingsdown House by the station.',
      'Kingsdown House',
    ],
    ['the neighbouring house', 'the neighbouring property, Swallows, which is owned by Ms Tudor', 'Swallows'],
    [
      'an address after "I live at"',
      'I live at 14 Cobbles Row, Newtown, TN29 3EL, and I support the new GP surgery.',
      '14 Cobbles Row, Newtown, TN29 3EL',
    ],
  ])('finds %s', (_, text, expected) => {
    expect(addresses(text)).toEqual([expected]);
  });

  it.each([
    ['a development plot', 'Plot 12 of site H3 would front onto it.'],
    ['a town one lives in', 'We live in Newtown at the moment.'],
    ['a firm after a name', 'Our president, Sanjay Kapadia of Kapadia Motors, agrees.'],
    ['a role after a list name', '1. Jane Doe, Chair, Newtown Society'],
    ['a registered office', 'Registered office: 3 Colmore Row, Birmingham B3 2BJ.'],
    [
      'a civic centre',
      'I attended the exhibition at the Civic Centre, Mill Lane, Newtown ME1 2AB on 3 March.',
    ],
    ['a site line', 'Site: The Paddock, rear of 22–28 Church Lane, Brayford\nProposal: 4 homes'],
    ['a village hall', 'OCLT, c/o Oakhurst Village Hall, The Green, Oakhurst TN28 7GN'],
  ])('ignores %s', (_, text) => {
    expect(addresses(text)).toEqual([]);
  });

  it('finds numbers and mailboxes in underscored blanks', () => {
    const form = 'Email ___radu.popa88@example.com___\nPhone ___+44 7700 900 590___';
    expect(emails(form)).toEqual(['radu.popa88@example.com']);
    expect(phones(form)).toEqual(['+44 7700 900 590']);
  });

  it("tells a person's line from a firm's by what is written beside it", () => {
    const block = 'Jo Bloggs\nBloggs Planning Ltd\nT: 020 7946 0552 (direct) / 020 7946 0500 (main)';
    expect(phones(block)).toEqual(['020 7946 0552']);
    expect(phones('Bloggs Planning Ltd\nDD: 020 7946 0381\nSwitchboard: 020 7946 0300')).toEqual([
      '020 7946 0381',
    ]);
  });

  it.each([
    [
      'a house, its street and town on a line',
      'Hawkswood, Stonebridge Lane, Oakhurst\n\nSirs — I object.',
      ['Hawkswood, Stonebridge Lane, Oakhurst'],
    ],
    [
      'a house in capitals named again',
      'MR AND MRS G TREVELYAN\nTHE OLD FORGE\nFORGE HILL\n\nDear Sirs\n\nThe Old Forge is Grade II listed.',
      ['THE OLD FORGE\nFORGE HILL', 'The Old Forge'],
    ],
    ['a house after a list separator', '10) Major (retd) C. D. Armitage – Offham Lodge\n', ['Offham Lodge']],
    [
      "an officer's own home in a society's block",
      'Newtown Society\nSecretary: Rosalind Ekpo, 2 Allotment Cottages, Brayford TN27 9AD',
      ['2 Allotment Cottages, Brayford TN27 9AD'],
    ],
  ])('finds %s', (_, text, expected) => {
    expect(addresses(text)).toEqual(expected);
  });

  it("leaves a firm's premises named on its line", () => {
    expect(
      addresses('Hollis Grant Architects\nThe Studio, 4 Bank Street, Tonbridge TN9 1BL\nt. 01732 555 771'),
    ).toEqual([]);
  });

  it.each([
    ['beside a role mailbox', 'Sevenoaks TN13 1HG. planning.policy@sevenoaks.gov.uk, 01732 227000.'],
    ['beside a website', 'The Downs team (kentdowns.org.uk, 01303 815170) should be consulted.'],
    ['a number the writer had to ring', 'The map is unreadable and I had to ring 01732 844522 twice.'],
  ])("leaves a body's number %s", (_, text) => {
    expect(phones(text)).toEqual([]);
  });

  it("takes a councillor's official mailbox as public", () => {
    expect(emails("Cc: 'Cllr Rob Stainer' <rob.stainer@councillors.newtown.gov.uk>")).toEqual([]);
  });

  it('takes no-reply and strategy mailboxes as roles', () => {
    expect(
      emails('From: no-reply@portal.example.com\nContact: transport.strategy@kent.example.gov.uk'),
    ).toEqual([]);
  });
});
