import { describe, expect, it } from 'vitest';
import { detectPersonalData, type PersonalDataKind } from './personalData';

// The cues of issue 26 (what real letters hold), apart from personalData.test.ts's first rules.

const only = (kind: PersonalDataKind) => (text: string) =>
  detectPersonalData(text)
    .filter((p) => p.kind === kind)
    .map((p) => p.text);

describe("detectPersonalData: a person's line beside their firm's (issue 26)", () => {
  it("proposes the DD line of a signature and not the firm's number beside it", () => {
    const signature =
      'Harriet Okonkwo MRTPI\nPlanning Director\nCarver Planning Ltd\nDD: 020 7946 0381\nT: 020 7946 0300\nharriet@carver.example.com';
    expect(
      detectPersonalData(signature)
        .filter((p) => p.kind === 'telephone number')
        .map((p) => p.text),
    ).toEqual(['020 7946 0381']);
  });
});

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

describe('detectPersonalData: officers in a public role, and words that are no names (v3 letters)', () => {
  const names = only('name');

  it.each([
    [
      'a case officer after the name',
      'For the attention of Mr Graeme Nicholls, Case Officer\n\nRe: 25/1887/LBC',
    ],
    [
      'a case officer labelled',
      'Comments by 12 September 2025.\n\nCase officer: Sarah Maitland, 01539 733333',
    ],
    [
      "a statutory body's inspector signing",
      'Yours sincerely\n\nRebecca Tollemache\nInspector of Historic Buildings and Areas',
    ],
    [
      "the council's manager in brackets",
      'our meeting with yourself and Ms Achterberg (Planning Policy Manager), please',
    ],
    ['a name field not given', 'Name: Not given\nAddress: Not given\nStance: Object'],
    ['a name field withheld', 'Name: Withheld\nAddress: Withheld\nComment: Object.'],
    ['a police force', 'Sussex Police – Designing Out Crime\n\nThank you for your correspondence.'],
    ['a quarter', 'The "Darwin Quarter" is a silly name for a car park extension.'],
  ])('ignores %s', (_, text) => {
    expect(names(text)).toEqual([]);
  });

  it.each([
    [
      "a wildlife trust's officer (still proposed)",
      'Yours sincerely\nDr Ruth Oyelaran-Gray\nConservation Officer (Planning)',
      ['Dr Ruth Oyelaran-Gray'],
    ],
    ['a parish clerk (still proposed)', 'Yours faithfully\n\nIan Fairbrother, Clerk', ['Ian Fairbrother']],
    ['a name field with a real name', 'Name: Withers Gray\nAddress: 4 Mill Lane', ['Withers Gray']],
    [
      "a group's own officer before the name",
      'Please contact our Planning Officer, Esme Kaye.',
      ['Esme Kaye'],
    ],
  ])('proposes %s', (_, text, expected) => {
    expect(names(text)).toEqual(expected);
  });
});

describe('detectPersonalData: a line of parts ending in a postcode (v3 letters)', () => {
  const addresses = only('address');

  it.each([
    [
      'a Cornish house name',
      'Jory Angove\nChy an Mor, Treen, Penzance TR19 6LF',
      ['Chy an Mor, Treen, Penzance TR19 6LF'],
    ],
    [
      'Welsh names after a titled person',
      'Dr Elinor Pughe, Bryn Awel, Ffordd yr Eglwys, Llanwrtyd Wells LD5 4RR\n\nThe Society objects.',
      ['Bryn Awel, Ffordd yr Eglwys, Llanwrtyd Wells LD5 4RR'],
    ],
    [
      'capitals',
      'BRIAN & JOAN TUTTLE\nTHE LAURELS, FAKENHAM ROAD, GREAT RYBURGH NR21 0DX',
      ['THE LAURELS, FAKENHAM ROAD, GREAT RYBURGH NR21 0DX'],
    ],
  ])('takes the whole line: %s', (_, text, expected) => {
    expect(addresses(text)).toEqual(expected);
  });

  it('stops at a sentence before the parts (near miss)', () => {
    expect(addresses('The lorries queue all day, every day, Penzance TR19 6LF')).toEqual(['TR19 6LF']);
  });
});

describe("detectPersonalData: a titled person's or a group officer's own address (v3 letters)", () => {
  const addresses = only('address');

  it.each([
    [
      'after "of" and a house name',
      'We are instructed by Dr and Mrs Sanjay Bhattacharya of The Coach House, 2 Orchard Walk, Harpenden AL5 2HR, which adjoins the application site.',
      ['The Coach House', '2 Orchard Walk, Harpenden AL5 2HR'],
    ],
    [
      'in brackets after the name',
      'Please accept this as an objection on behalf of Mr Hamish Strachan (Ardnamurchan House, 14 Polwarth Terrace, Edinburgh EH11 1NJ).',
      ['14 Polwarth Terrace, Edinburgh EH11 1NJ'],
    ],
    [
      "a society's secretary",
      'The Society objects.\n\nSecretary: Rosalind Ekpo, 2 Allotment Cottages, Brayford TN27 9AD',
      ['2 Allotment Cottages, Brayford TN27 9AD'],
    ],
  ])('proposes it: %s', (_, text, expected) => {
    expect(addresses(text)).toEqual(expected);
  });

  it.each([
    [
      "an agent's office on behalf of a client",
      'Submitted on behalf of Mr Hamish Strachan by Savills, 74 High Street, Sevenoaks TN13 1JR.',
    ],
    [
      'a firm after a role',
      'The Society objects.\n\nAgent: Savills Planning, 74 High Street, Sevenoaks TN13 1JR',
    ],
  ])('leaves it: %s', (_, text) => {
    expect(addresses(text)).toEqual([]);
  });
});

describe('detectPersonalData: teams, dates, royals and officers in brackets (v3 letters)', () => {
  const names = only('name');

  it.each([
    [
      "a team's display name",
      'From: Development Management <dm@southlakeland.gov.uk>\nTo: Kendal Civic Society',
    ],
    [
      "a team's name with &",
      'From: Land & Planning Team, Network Rail <townplanningwestern@networkrail.co.uk>',
    ],
    [
      'a role as sender',
      'From: Regional Director, Operations Directorate\nTo: Stratford-on-Avon District Council',
    ],
    ["a date's short month", 'Date: Fri, 9 Jan 2026 08:03:17 +0000'],
    ['a queen', 'Queen Victoria opened it herself.'],
    ["a county council's officer", 'signed by Mr P. Okeke (KCC) on 19/11/2025.'],
    ["the council's team", 'and Ms Ferreira from your team was very patient with everyone'],
    ["a house number after 'from'", 'object strongly\nfrom no 8 the crescent, hollinwood'],
  ])('ignores %s', (_, text) => {
    expect(names(text)).toEqual([]);
  });

  it.each([
    ["'no' before the number", 'I live at no 8 the crescent, hollinwood.', ['8 the crescent, hollinwood']],
    ["'number' before it", 'We live at number 12 the avenue, ashby.', ['12 the avenue, ashby']],
    ["'No.' and a small 'the'", 'I live at No. 3 the Close, Upper Slaughter.', ['No. 3 the Close']],
    ['a word that is no home', 'my house is No more use to anyone', []],
  ])('proposes a home written with %s', (_, text, expected) => {
    expect(only('address')(text)).toEqual(expected);
  });

  it.each([
    ["a person's display name", 'From: Jan Kowalski <jan.k@example.com>', ['Jan Kowalski']],
    ['a forename before a year', 'My neighbour Jan 2024 told me', ['Jan']],
    ['a titled name in brackets', 'signed by Mr P. Okeke (neighbour) on 19/11/2025.', ['Mr P. Okeke']],
    ['a name from our street', 'and Ms Ferreira from our street came too', ['Ms Ferreira']],
  ])('proposes %s', (_, text, expected) => {
    expect(names(text)).toEqual(expected);
  });

  it('takes a Scottish wynd as a street', () => {
    expect(only('address')('Peter Haldane-Brooke\nRosemount, Kirk Wynd, Kirriemuir DD8 4BH')).toEqual([
      'Kirk Wynd, Kirriemuir DD8 4BH',
    ]);
  });
});

describe("detectPersonalData: a group's officers labelled, and numbered homes in a list (v3 letters)", () => {
  const names = only('name');

  it.each([
    [
      "a group's officers on one line",
      "Residents' Association\n\nChair: Niamh Byrne   Treasurer: Aled Bowen\n",
      ['Niamh Byrne', 'Aled Bowen'],
    ],
    [
      'two churchwardens',
      'Churchwardens: Maureen Dobbing and Chidi Okwuosa\n',
      ['Maureen Dobbing and Chidi Okwuosa'],
    ],
    [
      'a list by house number',
      'No. 3 Hollie Brackenbury\nNo. 7 Gwilym Tudur\n',
      ['Hollie Brackenbury', 'Gwilym Tudur'],
    ],
    [
      'a list by flat',
      'Flat 2 – Conor & Saoirse Mulrooney\nFlat 5 – Yasemin Arslan\n',
      ['Conor & Saoirse Mulrooney', 'Yasemin Arslan'],
    ],
  ])('proposes %s', (_, text, expected) => {
    expect(names(text)).toEqual(expected);
  });

  it.each([
    ['a heading after a role label', 'Chair: Planning Committee\n'],
    ['a list item that is no name', 'No. 4 — refused to sign\nFlat 6 – (tenant did not wish to give name)\n'],
  ])('ignores %s', (_, text) => {
    expect(names(text)).toEqual([]);
  });
});

describe("detectPersonalData: addresses that are a site, a body's office or an empty field (v3 letters)", () => {
  const addresses = only('address');

  it.each([
    ["a parish council's list of applications", '25/04118/HFUL – 42 Woollards Lane: No recommendation.\n'],
    [
      "a minute's application",
      '25/0640 – 8 Mariners Walk – Two-storey side extension. RESOLVED: No objection.',
    ],
    ["a body's adviser", 'Casework Adviser, 6 Fitzroy Square, London W1T 5DX.'],
    [
      "the council's civic centre",
      'Development Management\nHambleton House, Civic Centre, Northallerton DL6 2UU\n\nDear Sir',
    ],
    ['an address withheld', 'Name: Withheld\nAddress: Withheld\nComment: Object.'],
    ['an address not given', 'Name: Not given\nAddress: Not given\nStance: Object'],
    ['the same as the site', 'Name: Mr Ravi Sundaram\nAddress: Same as site\n'],
  ])('ignores %s', (_, text) => {
    expect(addresses(text)).toEqual([]);
  });

  it.each([
    [
      "a subject line's reference and the writer's home",
      'Subject: 25/02871/FUL – Tigh na Mara, Camuscross, Isle of Skye IV43 8QS\n\nI live at the address in the subject line.',
      ['Camuscross, Isle of Skye IV43 8QS'],
    ],
    [
      'an address field filled in',
      'Name: Mr Ravi Sundaram\nAddress: 4 Site Lane, Upwell PE14 9AA\n',
      ['4 Site Lane, Upwell PE14 9AA'],
    ],
  ])('proposes %s', (_, text, expected) => {
    expect(addresses(text)).toEqual(expected);
  });
});

describe("detectPersonalData: the council's numbers in its own letters (v3 letters)", () => {
  const phones = only('telephone number');

  it.each([
    ["a case officer's line", 'Comments by 12 September 2025.\n\nCase officer: Sarah Maitland, 01539 733333'],
    ['a line for queries', 'If you have any queries please contact 01354 654321.\n\nPlanning Support Team'],
  ])('ignores %s', (_, text) => {
    expect(phones(text)).toEqual([]);
  });

  it.each([
    [
      "the writer's own line for queries",
      'If you have any queries please contact me on 07700 900 765.',
      ['07700 900 765'],
    ],
    ["a group's contact", 'Contact: Sarah Maitland, 01539 733333', ['01539 733333']],
    [
      'a mobile given for queries',
      'If you have any queries please ring Jo on 07700 900 123.',
      ['07700 900 123'],
    ],
  ])('proposes %s', (_, text, expected) => {
    expect(phones(text)).toEqual(expected);
  });
});

describe("detectPersonalData: a public body's mailbox (v3 letters)", () => {
  const emails = only('email address');

  it("ignores a council team's mailbox", () => {
    expect(emails('From: Development Management <dm@southlakeland.gov.uk>')).toEqual([]);
  });

  it("proposes a named person's mailbox at a council (near miss)", () => {
    expect(emails('Contact jane.doe@southlakeland.gov.uk')).toEqual(['jane.doe@southlakeland.gov.uk']);
  });
});
