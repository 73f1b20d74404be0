import {
  detectPersonalData,
  findUkPostcodes,
  type PersonalDataKind,
  type PersonalDataProposal,
} from './personalData';

/**
 * Synthetic representations to measure personal-data detection against (issue 15 point 4), and
 * campaign letters to measure near-duplicate grouping (point 5). Test and bench data, not product
 * code: it is not exported from the package.
 *
 * Letters are built from templates and varied vocabulary, in the shapes Regulation 19 consultation
 * responses arrive in (emails with headers, letters with a sender's block, web-form text). Personal
 * data is inserted in many written forms and labelled as it is inserted, never by running the
 * detector, so the labels do not share the detector's blind spots. Everything is driven by a seeded
 * generator: the same seed gives the same corpus on every machine.
 *
 * Telephone numbers are Ofcom's drama ranges and email addresses use the reserved example domains,
 * so no real person's details appear.
 */

export type LabelledSpan = {
  kind: PersonalDataKind;
  from: number;
  to: number;
  /** For an address that ends in a postcode: where the postcode is. */
  postcode?: { from: number; to: number };
};
export type LabelledRepresentation = {
  text: string;
  spans: LabelledSpan[];
  /** The representee's name as the council records it (what `known.names` would be given). */
  author: string;
};

// ---------------------------------------------------------------------------------------------
// A small seeded generator (a Weyl sequence through murmur3's finaliser): Math.random cannot be
// seeded, and the corpus must be the same on every run.

export type Random = () => number;

export function seededRandom(seed: number): Random {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x9e3779b9) >>> 0;
    let z = state;
    z = Math.imul(z ^ (z >>> 16), 0x85ebca6b);
    z = Math.imul(z ^ (z >>> 13), 0xc2b2ae35);
    return ((z ^ (z >>> 16)) >>> 0) / 0x1_0000_0000;
  };
}

const between = (random: Random, min: number, max: number) => min + Math.floor(random() * (max - min + 1));
const pick = <T>(random: Random, items: readonly T[]): T => items[Math.floor(random() * items.length)]!;
const chance = (random: Random, p: number) => random() < p;
const pad = (n: number, width: number) => String(n).padStart(width, '0');
const thousands = (n: number) => n.toLocaleString('en-GB');

function shuffled<T>(random: Random, items: readonly T[]): T[] {
  const out = [...items];
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return out;
}

// ---------------------------------------------------------------------------------------------
// Pieces of text, some of them personal data; offsets are worked out when they are joined.

type Personal = { kind: PersonalDataKind; text: string; postcodeAt?: number; postcodeLength?: number };
type Piece = string | Personal;

function assemble(pieces: readonly Piece[]): { text: string; spans: LabelledSpan[] } {
  let text = '';
  const spans: LabelledSpan[] = [];
  for (const piece of pieces) {
    if (typeof piece === 'string') {
      text += piece;
      continue;
    }
    const from = text.length;
    text += piece.text;
    const span: LabelledSpan = { kind: piece.kind, from, to: text.length };
    if (piece.postcodeAt !== undefined && piece.postcodeLength !== undefined) {
      span.postcode = { from: from + piece.postcodeAt, to: from + piece.postcodeAt + piece.postcodeLength };
    }
    spans.push(span);
  }
  return { text, spans };
}

// ---------------------------------------------------------------------------------------------
// Vocabulary

// prettier-ignore
const FIRST_NAMES = [
  'Jane', 'Peter', 'Susan', 'David', 'Margaret', 'John', 'Priya', 'Mohammed', 'Aoife', 'Wojciech',
  'Oluwaseun', 'Siân', 'Zoë', 'Gareth', 'Fiona', 'Rajesh', 'Helen', 'Andrew', 'Chloe', 'Tom', 'Patricia',
  'Graham', 'Nicola', 'Sandeep', 'Mei', 'Kwame', 'Bridget', 'Callum', 'Eleanor', 'Hamish', 'Amira',
  'Lukasz', 'Rosemary', 'Derek', 'Yasmin', 'Barry', 'Teresa', 'Owen', 'Harriet', 'Ifeoma', 'Colin',
  'Deborah', 'Imran', 'Gillian', 'Stuart', 'Lorraine', 'Ben', 'Anneliese', 'Rory', 'Sunita',
];
// prettier-ignore
const SURNAMES = [
  'Doe', 'Smith', 'Patel', "O'Brien", 'McDonald', 'Smith-Jones', 'Okafor', 'Nowak', 'Khan', 'Williams',
  'Green', 'Hill', 'Wood', 'Taylor', 'Brown', 'Evans', 'Thompson', 'Fitzgerald', 'Chowdhury', 'Adeyemi',
  'MacLeod', 'Kowalski', 'Harrington', 'Baker', 'Murphy', 'Stevens', 'Lloyd', 'Begum', 'Ashworth',
  'Pemberton', 'Nguyen', 'Hughes', 'Carter', 'Whitfield', 'Osei', 'Dunmore', 'Featherstone', 'Singh',
  'Gallagher', 'Reid', 'Bellamy', 'Horsfall', 'Lee', 'Moore', 'Quinn', 'Sharma', 'Turner', 'Yates',
];
const TITLES = ['Mr', 'Mrs', 'Ms', 'Miss', 'Dr', 'Mx'];
// prettier-ignore
const STREET_WORDS = [
  'Acacia', 'Mill', 'Station', 'Church', 'Orchard', 'Victoria', 'Albert', 'Chestnut', 'Meadow', 'Kingsdown',
  'Beech', 'Oak', 'Willow', 'Manor', 'London', 'Canterbury', 'Forge', 'Bell', 'School', 'Chapel', 'Rectory',
  'Cherry', 'Pilgrims', 'Roman', 'Queens', 'High', 'Castle', 'Bridge', 'Brook', 'Downs', 'Hazel', 'Sandy',
  "St Mary's", "St John's", 'Old London', 'Upper Mill', 'Hop Garden', 'Wheelwrights', 'Cobham', 'Lavender',
  'Ashdown', 'Marsh',
];
// prettier-ignore
const STREET_TYPES = [
  'Road', 'Street', 'Lane', 'Avenue', 'Close', 'Drive', 'Way', 'Court', 'Crescent', 'Gardens', 'Place',
  'Terrace', 'Grove', 'Hill', 'Park', 'Row', 'Walk', 'Square', 'Mews', 'View', 'Rise',
];
const HOUSE_NAMES = [
  'Rose Cottage',
  'The Old Rectory',
  'Orchard House',
  'Little Oaks',
  'Hop Pickers Barn',
  'The Lodge',
  'Fairview',
  'Apple Tree Cottage',
];
// prettier-ignore
const TOWNS = [
  'Faversham', 'Sittingbourne', 'Whitstable', 'Herne Bay', 'Tonbridge', 'Sevenoaks', 'Ashford', 'Maidstone',
  'Deal', 'Sandwich', 'Hythe', 'Tenterden', 'Cranbrook', 'Headcorn', 'Marden', 'Staplehurst',
  'Boughton-under-Blean', 'Upchurch', 'Newington', 'Teynham', 'Lenham', 'Borough Green', 'West Malling',
  'Kings Hill', 'Snodland', 'East Peckham', 'Paddock Wood', 'Hadlow', 'Eastry', 'Wye',
];
const COUNTIES = ['Kent', 'East Sussex'];
const POSTCODE_AREAS = ['ME', 'CT', 'TN', 'DA', 'BR', 'SE', 'M', 'B', 'L', 'N', 'E'];
const INWARD_LETTERS = 'ABDEFGHJLNPQRSTUWXYZ';
const COUNCILS = [
  'Swale Borough Council',
  'Maidstone Borough Council',
  'Tonbridge and Malling Borough Council',
  'Dover District Council',
  'Canterbury City Council',
  'Folkestone and Hythe District Council',
  'Ashford Borough Council',
  'Thanet District Council',
];
// prettier-ignore
const ORGANISATIONS = [
  'Kent Wildlife Trust', 'CPRE Kent', 'Natural England', 'the Environment Agency', 'Southern Water',
  'National Highways', 'Kent County Council', 'the Woodland Trust', 'Historic England', 'the RSPB',
  'Sport England', 'the Kent Downs National Landscape Unit',
];
const WATER_COMPANIES = ['Southern Water', 'South East Water'];
const ECOLOGY_GROUPS = [
  'Kent Wildlife Trust',
  'the Kent Bat Group',
  'the RSPB',
  'Kent Reptile and Amphibian Group',
];
// prettier-ignore
const ROADS = [
  'the A256', 'the A2', 'the A249', 'the M2', 'the M20', 'the B2163', 'the A28', 'the A20', 'the A229',
  'the B2017',
];
// prettier-ignore
const SITE_NAMES = [
  'Land at Mill Farm', 'Land north of Station Road', 'Land east of the A256', 'the Brickfields site',
  'Land at Highsted Park', 'Land south of London Road', 'the former Paper Mill', 'Land at Pond Farm',
  'Land west of Ashford Road', 'the Orchard Fields', 'Land at Lady Dane Farm', 'the Gasworks site',
];
const FARMS = ['Mill Farm', 'Pond Farm', 'Brenley Farm', 'Oare Court', 'Perry Court', 'Nash Court'];
const WOODS = ['Bysing Wood', 'Blean Woods', 'Kings Wood', 'Hurst Wood', 'Clowes Wood'];
const SCHOOLS = [
  'the village primary school',
  'the local academy',
  'St Mary of Charity Primary',
  'the infant school on the green',
];
const SAINTS = ['Mary', 'Peter', 'Nicholas', 'Michael', 'Margaret', 'Lawrence'];
// prettier-ignore
const MONTHS = [
  'January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October',
  'November', 'December',
];
const WEEKDAYS = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'];
const RELATIONS = ['husband', 'wife', 'partner', 'son', 'daughter', 'neighbour'];

// ---------------------------------------------------------------------------------------------
// People and their details

type Address = {
  house: string | null;
  street: string;
  town: string;
  county: string | null;
  postcode: string | null;
  /** Typed all in lower case, as some people do in emails. */
  lowerCase: boolean;
};
type Person = { title: string; first: string; last: string; email: string; phone: string; address: Address };

function postcode(random: Random): string {
  const area = pick(random, POSTCODE_AREAS);
  const inward = `${between(random, 0, 9)}${pick(random, [...INWARD_LETTERS])}${pick(random, [...INWARD_LETTERS])}`;
  const special = chance(random, 0.08);
  const outward = special
    ? pick(random, ['SW1A', 'EC1A', 'W1D', 'WC2N', 'EC2M'])
    : `${area}${between(random, 1, area.length === 1 ? 40 : 20)}`;
  const roll = random();
  if (roll < 0.12) return `${outward}${inward}`.toLowerCase().replace(/(.{3})$/, ' $1');
  if (roll < 0.22) return `${outward}${inward}`;
  if (roll < 0.27) return `${outward}${inward}`.toLowerCase();
  return `${outward} ${inward}`;
}

function address(random: Random, withPostcode = true): Address {
  const number = chance(random, 0.1)
    ? `${between(random, 1, 120)}${pick(random, ['a', 'b', 'A'])}`
    : String(between(random, 1, 240));
  const flat = chance(random, 0.1) ? `Flat ${between(random, 1, 12)}, ` : '';
  const house = chance(random, 0.15) ? pick(random, HOUSE_NAMES) : null;
  // A named house often has no number at all.
  const numbered = house === null || chance(random, 0.4);
  return {
    house,
    street: `${numbered ? `${flat}${number} ` : ''}${pick(random, STREET_WORDS)} ${pick(random, STREET_TYPES)}`,
    lowerCase: chance(random, 0.06),
    town: pick(random, TOWNS),
    county: chance(random, 0.45) ? pick(random, COUNTIES) : null,
    postcode: withPostcode ? postcode(random) : null,
  };
}

// Ofcom's numbers for drama: [digits, how they are grouped when written].
const DRAMA_NUMBERS: (() => (random: Random) => { digits: string; groups: number[] })[] = [
  () => (random) => ({ digits: `01632960${pad(between(random, 0, 999), 3)}`, groups: [5, 6] }),
  () => (random) => ({ digits: `0207946${pad(between(random, 0, 999), 4)}`, groups: [3, 4, 4] }),
  () => (random) => ({ digits: `07700900${pad(between(random, 0, 999), 3)}`, groups: [5, 6] }),
  () => (random) => ({
    digits: `01${pick(random, ['13', '14', '15', '16', '17', '18'])}4960${pad(between(random, 0, 999), 3)}`,
    groups: [4, 3, 4],
  }),
  () => (random) => ({
    digits: `01${pick(random, ['21', '31', '41', '51', '61'])}4960${pad(between(random, 0, 999), 3)}`,
    groups: [4, 3, 4],
  }),
  () => (random) => ({ digits: `0289649${pad(between(random, 6000, 6999), 4)}`, groups: [3, 4, 4] }),
  () => (random) => ({ digits: `0292018${pad(between(random, 0, 999), 4)}`, groups: [3, 4, 4] }),
  () => (random) => ({ digits: `0306999${pad(between(random, 0, 999), 4)}`, groups: [4, 3, 4] }),
];

function split(digits: string, groups: number[]): string[] {
  const out: string[] = [];
  let at = 0;
  for (const size of groups) {
    out.push(digits.slice(at, at + size));
    at += size;
  }
  return out;
}

/** One number in one of the ways people write them. */
function telephone(random: Random): string {
  const { digits, groups } = pick(random, DRAMA_NUMBERS)()(random);
  const parts = split(digits, groups);
  const [area, ...rest] = parts as [string, ...string[]];
  const mobile = digits.startsWith('07');
  const style = between(random, 0, 17);
  switch (style) {
    case 14:
      return `+44 (0) ${area.slice(1)} ${rest.join(' ')}`;
    case 15:
      return `+44-${area.slice(1)}-${rest.join('-')}`;
    case 16:
      return `0044 (0)${area.slice(1)} ${rest.join(' ')}`;
    case 0:
      return digits;
    case 1:
      return `(${area}) ${rest.join(' ')}`;
    case 2:
      return `(${area}) ${rest.join('')}`;
    case 3:
      return parts.join('-');
    case 4:
      return parts.join('.');
    case 5:
      return `+44 ${area.slice(1)} ${rest.join(' ')}`;
    case 6:
      return `+44 (0)${area.slice(1)} ${rest.join(' ')}`;
    case 7:
      return `+44${digits.slice(1)}`;
    case 8:
      return `0044 ${area.slice(1)} ${rest.join(' ')}`;
    case 9:
      // 07700 900 123: a six-digit block split in threes.
      return mobile || groups.length === 2
        ? `${area} ${digits.slice(5, 8)} ${digits.slice(8)}`
        : parts.join(' ');
    case 10:
      return `${area} ${rest.join('')}`;
    default:
      return parts.join(' ');
  }
}

function emailAddress(random: Random, first: string, last: string): string {
  const f = first
    .normalize('NFD')
    .replace(/[^A-Za-z]/g, '')
    .toLowerCase();
  const l = last.replace(/[^A-Za-z]/g, '').toLowerCase();
  const local = pick(random, [
    `${f}.${l}`,
    `${f}${l}`,
    `${f[0]}.${l}`,
    `${f}_${l}`,
    `${f}.${l}+planning`,
    `${f}${between(random, 10, 99)}`,
    `${l}.${f}`,
    `${f[0]}${l[0]}${between(random, 1950, 2001)}`,
    `${l}-family`,
    `${f}.${l}${between(random, 1, 9)}`,
  ]);
  const domain = pick(random, [
    'example.com',
    'example.org',
    'example.net',
    'mail.example.com',
    'post.example.net',
    'example.co.uk',
  ]);
  return `${local}@${domain === 'example.co.uk' ? 'home.example.com' : domain}`;
}

function person(random: Random): Person {
  const first = pick(random, FIRST_NAMES);
  const last = pick(random, SURNAMES);
  return {
    title: pick(random, TITLES),
    first,
    last,
    email: emailAddress(random, first, last),
    phone: telephone(random),
    address: address(random, chance(random, 0.9)),
  };
}

const name = (text: string): Personal => ({ kind: 'name', text });
const phone = (p: Person): Personal => ({ kind: 'telephone number', text: p.phone });
const email = (p: Person): Personal => ({ kind: 'email address', text: p.email });

/** An address as one labelled piece: lines joined by `separator`, the postcode last. */
function addressPiece(a: Address, separator: ', ' | '\n', random: Random): Personal {
  const lines = [a.house, a.street, a.town, a.county].filter((line): line is string => line !== null);
  let text = lines.join(separator);
  if (a.lowerCase) text = text.toLowerCase();
  if (a.postcode === null) return { kind: 'address', text };
  text += separator === '\n' ? '\n' : chance(random, 0.5) ? ', ' : ' ';
  return {
    kind: 'address',
    text: text + a.postcode,
    postcodeAt: text.length,
    postcodeLength: a.postcode.length,
  };
}

const streetPiece = (a: Address): Personal => ({
  kind: 'address',
  text: [a.house, a.street].filter((line) => line !== null).join(', '),
});

/** How the writer signs: mostly a full name, sometimes a title, initials, capitals or a first name. */
function signature(random: Random, p: Person, { casual }: { casual: boolean }): string {
  const roll = random();
  if (casual && roll < 0.3) return p.first;
  if (roll < 0.45) return `${p.first} ${p.last}`;
  if (roll < 0.6) return `${p.title} ${p.first} ${p.last}`;
  if (roll < 0.7) return `${p.title} ${p.first[0]}. ${p.last}`;
  if (roll < 0.76) return `${p.first[0]} ${p.last}`;
  if (roll < 0.82) return `${p.first} ${p.last}`.toUpperCase();
  if (roll < 0.86) return `${p.first} ${p.last}`.toLowerCase();
  if (roll < 0.92) return `${p.first} and ${pick(random, FIRST_NAMES)} ${p.last}`;
  return `Mr and Mrs ${p.last}`;
}

// ---------------------------------------------------------------------------------------------
// Sentences. `{slot}`s are filled by `fill`; some slots are personal data.

const TOPICS: Record<string, string[]> = {
  traffic: [
    '{road} is already at capacity at peak times, and queues regularly stretch back to {town} {time}.',
    'The Transport Assessment prepared for the promoter assumes only {count} additional vehicle movements a day, which is not credible for {homes} homes.',
    'There have been {small} collisions on {road} near the proposed access since {year}, one of them fatal.',
    'Children walking to {school} have to cross {road} where there is no pavement and the limit is {speed}.',
    'My journey to work in {town} already takes {small} minutes longer than it did in {year}.',
    'The junction with {road} cannot be widened because of the listed cottages on either side.',
    'National Highways raised concerns about junction {small} of the M2 in its response dated {date}.',
    'Buses through {town} were cut to one an hour in {year}, so new residents will have no choice but to drive.',
    'The proposed access onto {road} is on a blind bend, as anyone who has driven it at night will know.',
    'Lorries already use {streetName} as a rat run to avoid the lights in {town}.',
    'The traffic counts in the evidence base were taken during the school holidays, on {date}, and understate the problem.',
    'Parking on {streetName} is already impossible in the evenings, and the plan provides only {small} spaces per house.',
  ],
  greenBelt: [
    'The site lies within the Metropolitan Green Belt and no exceptional circumstances have been demonstrated, contrary to paragraph {para} of the NPPF.',
    '{site} forms part of the strategic gap between {town} and {town2}, and building on it would merge the two settlements.',
    "The Council's own Landscape Sensitivity Assessment ({year}) rates this land as highly sensitive.",
    'Once this farmland is lost it is lost for good; there are brownfield sites in {town} that should come first.',
    'The fields behind {streetName} have been farmed for generations and are crossed by well-used public footpaths such as {footpath}.',
    'The Kent Downs National Landscape lies less than {distance} away and views from it would be harmed.',
    'I do not accept that the Green Belt boundary needs to change to meet a figure of {homes} homes.',
    'The Plan should make better use of the {count} empty homes recorded in {town} rather than releasing greenfield land.',
    'Grade 1 agricultural land like this is among the best in the country and should be kept for growing food.',
    'The grid reference given for the site, {gridRef}, places part of it inside the ancient woodland buffer.',
  ],
  flooding: [
    'The lower part of {site} is in Flood Zone 3 and was under water in {month} {year}.',
    '{water} has confirmed that the sewage works at {town} is already operating beyond its permitted capacity.',
    'Surface water runs off these fields straight onto {streetName}, and several houses flooded on {date}.',
    'The Strategic Flood Risk Assessment was prepared in {year} and does not take account of the latest climate change allowances.',
    'Soakaways will not work on heavy London clay, and the attenuation pond shown on the illustrative plan is far too small.',
    "The Environment Agency's flood map shows the access road itself in Flood Zone 2.",
    'Insurance premiums for homes near the stream have already risen by {percent} since the last flood.',
    '{titled}, who has lived by the stream for over forty years, has photographs of the fields flooding every winter.',
    'Raw sewage was discharged into the creek {small} times last year according to the company’s own figures.',
    'My insurer has written to say our claim reference {longNumber} from the last flood will affect future premiums.',
  ],
  housing: [
    'The housing requirement of {homes} dwellings is higher than the standard method figure and has not been justified.',
    "{policy} allocates {homes} homes to {town}, which is {percent} of the village's current size.",
    'The viability study assumes land values of {money} a hectare, which is far above what local landowners have been offered.',
    'Only {percent} of the homes proposed would be affordable, when the housing register has over {count} families waiting.',
    'The trajectory relies on {site} delivering {small}0 homes a year from {year}, which no site of this size has achieved in the district.',
    'Planning permission {planningRef} for {count} homes on a neighbouring site has not been built out since it was granted on {date}.',
    'The Plan counts windfall sites twice, once in the supply and again in the allocation of {siteRef}.',
    'Developers already have consent for {homes} homes that remain unbuilt; the Plan should not add more until these are delivered.',
    'Homes here sell for {money}, so the "affordable" ones will be out of reach for young people from the village.',
    'The Plan says nothing about bungalows, which older residents who want to downsize actually need.',
  ],
  infrastructure: [
    'The GP surgery in {town} closed its list to new patients in {year}, and the nearest alternative is {distance} away.',
    '{School} is already full and the Infrastructure Delivery Plan identifies no funding for a new primary school.',
    'A contribution of {money} towards {school} would not pay for a single classroom.',
    '{titled} at the {town} surgery told a public meeting that the practice cannot take on more patients.',
    'Water pressure in {streetName} drops every summer, and {water} has no plans to upgrade the main.',
    'The broadband and electricity networks in {town} are already struggling, with power cuts most winters.',
    'The Infrastructure Delivery Plan (document {docRef}) lists the new link road as unfunded.',
    'There is no dentist in {town} taking NHS patients, and the nearest hospital is {distance} away.',
    'The village hall, the shop and the pub have all closed since {year}, so this is not a sustainable location.',
  ],
  ecology: [
    '{ecology} has recorded dormice, great crested newts and nightingales on and around {site}.',
    'The hedgerows along {streetName} are centuries old and the Plan offers no protection for them.',
    "The site adjoins ancient woodland at {wood}, and a buffer of at least 15 metres is required by Natural England's standing advice.",
    'The Habitats Regulations Assessment does not consider recreational pressure on the Swale Special Protection Area.',
    'Biodiversity net gain of {percent} cannot be achieved on site once the roads and gardens are laid out.',
    'Barn owls nest in the old oak on the eastern boundary; I have watched them for {small} years.',
    'The reptile survey was carried out on {date}, outside the recommended season.',
    'Light from {homes} homes would harm the bats that roost in the church at {town}.',
    'Turtle doves, now one of the rarest birds in England, still breed in the scrub along the railway.',
    'I understand {org} asked for further survey work in {year}, which has never been published.',
  ],
  heritage: [
    'The development would harm the setting of the Grade II* listed church of St {saint} and the {town} Conservation Area.',
    '{town} has grown slowly over centuries; an estate of {homes} houses would double it overnight.',
    'Historic England advised in its letter of {date} that the setting of the scheduled monument had not been assessed.',
    'The illustrative layout shows three-storey flats, out of character with the cottages on {streetName}.',
    'The oast houses at {farm} are a landmark seen from {road} and should not be hemmed in by new housing.',
    'The Design Code promised in {policy} has not been published, so there is nothing to judge the scheme against.',
    'This is a rural village, not a suburb of {town}, and the Plan should respect that.',
    'The medieval field pattern east of {farm} is recorded in the Historic Environment Record and would be erased.',
  ],
  soundness: [
    'I consider the Plan unsound because it is not justified, not effective and not consistent with national policy.',
    'The consultation was poorly publicised; the only notice in {town} went up on the parish noticeboard on {date}.',
    'The duty to cooperate has not been met: there is no statement of common ground with {council2}.',
    'The Sustainability Appraisal rejected {site2} without explaining why, even though it scored better on every objective.',
    'The evidence base document {docRef} was only added to the website on {date}, two weeks into the consultation.',
    'I would like to take part in the examination hearings to explain these points to the Inspector.',
    "The Council's response to the Regulation 18 comments, published on {date}, dismisses the concerns of {count} residents in one paragraph.",
    'The site was ranked {small} of {count} in the {year} HELAA yet has been allocated ahead of better sites.',
    'The Plan period runs to {planEnd}, but the evidence on employment land stops at {year}.',
    'The online consultation portal crashed repeatedly, and {cllr} has asked for the deadline to be extended.',
    '{org} has also objected to this allocation, and its concerns have not been answered.',
  ],
  air: [
    '{road} through {town} is an Air Quality Management Area and nitrogen dioxide levels have exceeded the limit every year since {year}.',
    'Construction traffic for {small} years would pass the primary school on {streetName}.',
    'Noise from the new distribution centre is already audible at night, and more traffic will make it worse.',
    'My {relation} suffers from asthma and we moved here in {year} for the clean air.',
    'Dust from the quarry at {farm} already coats our cars, and the Plan proposes extending it.',
  ],
  support: [
    'I support the allocation of {site} in principle, as it is previously developed land close to the station.',
    'I welcome the requirement in {policy} for {percent} affordable housing, but it should be higher in rural areas.',
    'The allocation of {siteRef} for employment uses is supported, provided lorry access is taken from {road}.',
    "I support the Plan's commitment to a new country park at {site2}.",
    'The new cycle route between {town} and {town2} is long overdue and I fully support it.',
  ],
  personal: [
    'I have lived at {street} for {small} years and have seen {streetName} change from a quiet lane into a through route.',
    'My family have farmed at {farm} since {year}.',
    'Together with my {relativeNamed}, I walk the footpath across {site} every morning.',
    '{uncued} from the {town} Society has written separately about this and I agree with every word.',
    'My elderly neighbour at {neighbourStreet} cannot get out of her drive at peak times already.',
    '{titled} from {town} Parish Council has raised the same concerns.',
    'We bought our house in {year} because of the view across {site}, which would be lost.',
  ],
};
const TOPIC_NAMES = Object.keys(TOPICS);

// prettier-ignore
const OPENINGS = [
  'I am writing to object to {policy} of the {council} Local Plan, which allocates {site} ({siteRef}) for {homes} homes.',
  'My name is {authorName} and I live at {authorAddressInline}. I wish to object to the allocation of {site}.',
  'I, {authorName}, of {authorAddressInline}, wish to make the following representation on the Regulation 19 Local Plan.',
  'I have lived in {town} for {small} years and I am writing to comment on {policy}.',
  'Please accept this email as my objection to the proposed allocation of {site} under {policy}.',
  'I write as a resident of {town} (postcode {authorPostcode}) to object to the Pre-Submission Local Plan.',
  'I wish to support {policy} but object to the inclusion of {siteRef}.',
  'Further to my comments at the Regulation 18 stage on {date}, I wish to maintain my objection to {site}.',
  'I live at {authorStreet} and object to the allocation of {site} directly behind my home.',
  'I am responding to the Regulation 19 consultation, which closes on {date}, about {policy} and {site}.',
];

// Contact details that are not personal (the council's own): a few letters quote them, and a
// proposal for them counts against precision, as it costs an officer a dismissal.
const ORGANISATION_CONTACTS = [
  "I rang the Council's planning helpline on 01632 960000 and nobody could answer my questions.",
  'I have sent a copy of this letter to localplan@council.example.org as the consultation page asked.',
  'The Environment Agency told me to ring its incident line on 0800 807060, which I did.',
];

const CLOSINGS = [
  'I ask that {site} is removed from the Plan.',
  'For these reasons I consider the Plan unsound and ask the Inspector to delete {policy}.',
  'Please keep me informed of the examination and of any modifications.',
  'Thank you for considering my comments.',
  'I would be grateful if you could acknowledge receipt of this representation.',
];

const CONTACT_LINES = [
  'Please contact me on {authorPhone} if you need any further information.',
  'I can be reached on {authorPhone} or at {authorEmail}.',
  'My email address is {authorEmail} and my telephone number is {authorPhone}.',
  'Please send confirmation of receipt to {authorEmail}.',
  'If it helps, my mobile is {authorPhone} and I am happy to be called during the day.',
];

type Context = { random: Random; author: Person };

function filler(slot: string, { random, author }: Context): Piece[] {
  const other = () => person(random);
  switch (slot) {
    case 'road':
      return [pick(random, ROADS)];
    case 'town':
    case 'town2':
      return [pick(random, TOWNS)];
    case 'time':
      return [
        pick(random, [
          'by 7.45am',
          'between 8 and 9.15am',
          'from 4.30pm',
          'every weekday morning',
          'at school times',
        ]),
      ];
    case 'count':
      return [thousands(between(random, 40, 3200))];
    case 'small':
      return [String(between(random, 2, 29))];
    case 'homes':
      return [thousands(pick(random, [120, 180, 250, 400, 650, 800, 1200, 1500, 2500, 4000, 8000]))];
    case 'year':
      return [String(between(random, 1988, 2024))];
    case 'planEnd':
      return [String(pick(random, [2038, 2039, 2040, 2041]))];
    case 'date': {
      const d = between(random, 1, 28);
      const m = between(random, 1, 12);
      const y = between(random, 2019, 2025);
      const style = between(random, 0, 2);
      return [
        style === 0
          ? `${pad(d, 2)}/${pad(m, 2)}/${y}`
          : style === 1
            ? `${d} ${MONTHS[m - 1]} ${y}`
            : `${pad(d, 2)}.${pad(m, 2)}.${y}`,
      ];
    }
    case 'month':
      return [pick(random, MONTHS)];
    case 'school':
      return [pick(random, SCHOOLS)];
    case 'School': {
      const s = pick(random, SCHOOLS);
      return [s[0]!.toUpperCase() + s.slice(1)];
    }
    case 'speed':
      return [pick(random, ['30 mph', '40 mph', '50mph', '60 mph'])];
    case 'streetName':
      return [`${pick(random, STREET_WORDS)} ${pick(random, STREET_TYPES)}`];
    case 'para':
      return [String(between(random, 11, 160))];
    case 'site':
    case 'site2':
      return [pick(random, SITE_NAMES)];
    case 'footpath':
      return [
        pick(random, [
          `ZR${between(random, 100, 700)}`,
          `KM${between(random, 10, 400)}`,
          `footpath ${pick(random, ['CB', 'TM', 'MR'])}${between(random, 1, 99)}`,
        ]),
      ];
    case 'distance':
      return [pick(random, ['800 metres', '1.2 miles', '0.5 km', 'two miles', '3 km', '400m'])];
    case 'gridRef':
      return [`TQ ${pad(between(random, 0, 99999), 5)} ${pad(between(random, 0, 99999), 5)}`];
    case 'water':
      return [pick(random, WATER_COMPANIES)];
    case 'ecology':
      return [pick(random, ECOLOGY_GROUPS)];
    case 'wood':
      return [pick(random, WOODS)];
    case 'farm':
      return [pick(random, FARMS)];
    case 'saint':
      return [pick(random, SAINTS)];
    case 'percent':
      return [`${between(random, 5, 60)}%`];
    case 'money':
      return [
        pick(random, [
          `£${thousands(between(random, 150, 950) * 1000)}`,
          `£${between(random, 1, 9)}.${between(random, 1, 9)} million`,
          `£${between(random, 2, 40)}m`,
        ]),
      ];
    case 'policy':
      return [
        `Policy ${pick(random, ['H', 'ST', 'DM', 'SS', 'E', 'NE', 'MU', 'HOU', 'T'])}${between(random, 1, 30)}`,
      ];
    case 'siteRef':
      return [
        pick(random, [
          `HELAA-${pad(between(random, 1, 999), 4)}`,
          `site ${pick(random, ['MU', 'SA', 'HA', 'EM'])}${between(random, 1, 40)}`,
          `SHLAA ref ${pad(between(random, 1, 500), 3)}`,
        ]),
      ];
    case 'planningRef': {
      const yy = pad(between(random, 15, 24), 2);
      return [
        pick(random, [
          `${yy}/${pad(between(random, 1, 2999), 5)}/${pick(random, ['OUT', 'FUL', 'REM', 'HYB'])}`,
          `${yy}/50${pad(between(random, 0, 9999), 4)}/FULL`,
          `TM/${yy}/${pad(between(random, 1, 3999), 5)}/OA`,
        ]),
      ];
    }
    case 'docRef':
      return [
        pick(random, [
          `EB${between(random, 1, 60)}`,
          `SUB${pad(between(random, 1, 40), 3)}`,
          `CD/${pad(between(random, 1, 12), 2)}/${between(random, 2021, 2024)}`,
        ]),
      ];
    case 'longNumber':
      return [pad(between(random, 0, 99_999_999), 8) + pad(between(random, 0, 999_999), 6)];
    case 'council':
      return [pick(random, COUNCILS).replace(/ (Borough|District|City) Council$/, '')];
    case 'council2':
      return [pick(random, COUNCILS)];
    case 'org': {
      const org = pick(random, ORGANISATIONS);
      return [org[0]!.toUpperCase() + org.slice(1)];
    }
    case 'relation':
      return [pick(random, RELATIONS)];
    // Personal data about other people.
    case 'titled': {
      const p = other();
      return [name(`${p.title} ${p.last}`)];
    }
    case 'cllr': {
      const p = other();
      return [name(`${pick(random, ['Cllr', 'Councillor'])} ${p.last}`)];
    }
    case 'relativeNamed':
      return [`${pick(random, RELATIONS)} `, name(pick(random, FIRST_NAMES))];
    case 'uncued': {
      const p = other();
      return [name(`${p.first} ${p.last}`)];
    }
    case 'neighbourStreet':
      return [streetPiece(address(random))];
    // The writer's own details.
    case 'authorName':
      return [
        name(
          chance(random, 0.85)
            ? `${author.first} ${author.last}`
            : `${author.title} ${author.first} ${author.last}`,
        ),
      ];
    case 'authorAddressInline':
      return [addressPiece(author.address, ', ', random)];
    case 'authorStreet':
    case 'street':
      return [streetPiece(author.address)];
    case 'authorPostcode': {
      const pc = author.address.postcode ?? postcode(random);
      return [{ kind: 'address', text: pc, postcodeAt: 0, postcodeLength: pc.length }];
    }
    case 'authorPhone':
      return [phone(author)];
    case 'authorEmail':
      return [email(author)];
    default:
      throw new Error(`No filler for {${slot}}`);
  }
}

function fill(template: string, context: Context): Piece[] {
  const pieces: Piece[] = [];
  let last = 0;
  for (const m of template.matchAll(/\{(\w+)\}/g)) {
    pieces.push(template.slice(last, m.index));
    pieces.push(...filler(m[1]!, context));
    last = m.index + m[0].length;
  }
  pieces.push(template.slice(last));
  return pieces;
}

// ---------------------------------------------------------------------------------------------
// Letters

type Letter = { head: Piece[]; paragraphs: Piece[][][]; tail: Piece[] };

function body(
  random: Random,
  context: Context,
  paragraphs: [number, number],
  sentences: [number, number],
): Piece[][][] {
  const topics = shuffled(random, TOPIC_NAMES).slice(0, between(random, ...paragraphs));
  return topics.map((topic) => {
    const pool = shuffled(random, TOPICS[topic]!);
    return pool.slice(0, between(random, ...sentences)).map((template) => fill(template, context));
  });
}

function subject(random: Random, context: Context): Piece[] {
  return fill(
    pick(random, [
      'Objection to {policy} – {site} ({siteRef})',
      'Regulation 19 consultation – representation on {policy}',
      'Comments on the {council} Local Plan Review',
      'Local Plan consultation response',
      'OBJECTION: {site}',
    ]),
    context,
  );
}

/** How the text opens: an email's headers, a letter's sender block, a web form, or nothing. */
function head(random: Random, context: Context): Piece[] {
  const { author } = context;
  const roll = random();
  const salutation = pick(random, [
    'Dear Sir or Madam,',
    'Dear Sir/Madam,',
    'Dear Planning Policy Team,',
    'To whom it may concern,',
    'Dear Local Plan team,',
    'Dear Sirs,',
    'Hello,',
  ]);
  const officer = () => {
    const p = person(random);
    return ['Dear ', name(`${pick(random, ['Mr', 'Ms', 'Mrs', 'Cllr'])} ${p.last}`), ',\n\n'] as Piece[];
  };
  const greet: Piece[] = chance(random, 0.08) ? officer() : chance(random, 0.9) ? [`${salutation}\n\n`] : [];
  if (roll < 0.35) {
    const sent = `${pick(random, WEEKDAYS)} ${between(random, 1, 28)} ${pick(random, MONTHS)} ${between(random, 2023, 2025)} ${between(random, 8, 22)}:${pad(between(random, 0, 59), 2)}`;
    const from: Piece[] = chance(random, 0.8)
      ? ['From: ', name(`${author.first} ${author.last}`), ' <', email(author), '>']
      : ['From: ', email(author)];
    return [
      ...from,
      `\nSent: ${sent}\nTo: Planning Policy\nSubject: `,
      ...subject(random, context),
      '\n\n',
      ...greet,
    ];
  }
  if (roll < 0.6) {
    const date = `${between(random, 1, 28)} ${pick(random, MONTHS)} ${between(random, 2023, 2025)}`;
    const signed = chance(random, 0.7)
      ? `${author.first} ${author.last}`
      : `${author.title} ${author.first[0]} ${author.last}`;
    return [name(signed), '\n', addressPiece(author.address, '\n', random), `\n\n${date}\n\n`, ...greet];
  }
  if (roll < 0.7) {
    return [
      'Name: ',
      name(`${author.first} ${author.last}`),
      '\nAddress: ',
      addressPiece(author.address, ', ', random),
      '\nEmail: ',
      email(author),
      '\n\nComments:\n',
    ];
  }
  return greet;
}

/** The end: closing words, contact details, a sign-off and what comes under the signature. */
function tail(random: Random, context: Context, { casual }: { casual: boolean }): Piece[] {
  const { author } = context;
  const pieces: Piece[] = ['\n\n'];
  if (chance(random, 0.6)) pieces.push(...fill(pick(random, CLOSINGS), context), ' ');
  if (chance(random, 0.04)) pieces.push(pick(random, ORGANISATION_CONTACTS), ' ');
  if (chance(random, 0.45)) pieces.push(...fill(pick(random, CONTACT_LINES), context));
  pieces.push('\n\n');
  if (chance(random, 0.08)) return pieces;
  const signOff = pick(
    random,
    casual
      ? ['Kind regards', 'Regards', 'Thanks', 'Many thanks', 'Best wishes', 'Best regards', 'Thank you']
      : ['Yours faithfully', 'Yours sincerely', 'Kind regards', 'Yours truly'],
  );
  pieces.push(`${signOff}${chance(random, 0.6) ? ',' : ''}\n${chance(random, 0.2) ? '\n' : ''}`);
  pieces.push(name(signature(random, author, { casual })));
  if (chance(random, 0.06)) pieces.push(`, Chair, ${pick(random, TOWNS)} Residents' Association`);
  const under = random();
  if (under < 0.2) pieces.push('\n', addressPiece(author.address, '\n', random));
  else if (under < 0.32) pieces.push('\n', addressPiece(author.address, ', ', random));
  if (chance(random, 0.25))
    pieces.push(pick(random, ['\n', '\nTel: ', '\nMobile: ', '\nT: ']), phone(author));
  if (chance(random, 0.12)) pieces.push('\n', email(author));
  if (casual && chance(random, 0.15)) pieces.push('\n\nSent from my iPhone');
  pieces.push('\n');
  return pieces;
}

function write(letter: Letter): { text: string; spans: LabelledSpan[] } {
  const paragraphs = letter.paragraphs.map((sentences) =>
    sentences.flatMap((s, i) => (i === 0 ? s : [' ', ...s])),
  );
  return assemble([
    ...letter.head,
    ...paragraphs.flatMap((p, i) => (i === 0 ? p : ['\n\n', ...p])),
    ...letter.tail,
  ]);
}

function individualLetter(random: Random): LabelledRepresentation {
  const author = person(random);
  const context = { random, author };
  const casual = chance(random, 0.45);
  const opening = fill(pick(random, OPENINGS), context);
  const paragraphs = body(random, context, [2, 4], [2, 4]);
  paragraphs[0]!.unshift(opening);
  const letter = { head: head(random, context), paragraphs, tail: tail(random, context, { casual }) };
  return { ...write(letter), author: `${author.first} ${author.last}` };
}

/**
 * `count` labelled representations. Personal data: the writer's name, address, postcode,
 * telephone number and email address in many written forms, and other people's names (neighbours,
 * councillors, officers); distractors: planning and site references, dates, money, policies, grid
 * references, road numbers, organisations and places.
 */
export function labelledRepresentations(count = 220, seed = 1): LabelledRepresentation[] {
  const random = seededRandom(seed);
  return Array.from({ length: count }, () => individualLetter(random));
}

// ---------------------------------------------------------------------------------------------
// Campaigns: one text sent by many people, each adding their own details and small edits.

const CAMPAIGN_OPENINGS = [
  'I am writing as a member of the {town} Action Group to object in the strongest terms to {policy} and the allocation of {site}.',
  'We the undersigned residents of {town} object to the inclusion of {site} ({siteRef}) in the Regulation 19 Local Plan.',
  'This letter sets out my objection, shared by hundreds of my neighbours, to the proposal for {homes} homes at {site}.',
];
const ADDED_SENTENCES = [
  'I have lived here all my life and have never seen the village so united.',
  'This matters enormously to my family.',
  'Please listen to the people who actually live here.',
  'I cannot believe the Council is even considering this.',
  'My children walk this route to school every day.',
  'We moved here for the countryside and it is being taken away.',
];

/**
 * `copies` copies of one campaign letter: the same body, salutation and closing, each sender's own
 * name and address (in an email's headers, a sender's block or under the signature), sometimes a
 * sentence of their own, and for most copies one or two small edits (a sentence added or dropped,
 * two sentences swapped). Campaign `n` with seed `s` is always the same text.
 */
export function campaignRepresentations(
  campaign: number,
  copies: number,
  seed = 1,
): LabelledRepresentation[] {
  const bodyRandom = seededRandom(seed * 7919 + campaign * 104_729 + 17);
  const template: Context = { random: bodyRandom, author: person(bodyRandom) };
  const subjectLine = subject(bodyRandom, template);
  const salutation = pick(bodyRandom, [
    'Dear Sir or Madam,',
    'Dear Planning Policy Team,',
    'To whom it may concern,',
  ]);
  const opening = fill(pick(bodyRandom, CAMPAIGN_OPENINGS), template);
  const paragraphs = body(bodyRandom, template, [4, 5], [3, 4]);
  paragraphs[0]!.unshift(opening);
  const closing = fill(pick(bodyRandom, CLOSINGS), template);
  const signOff = pick(bodyRandom, ['Yours faithfully,', 'Yours sincerely,', 'Kind regards,']);
  const random = seededRandom(seed * 31 + campaign);
  return Array.from({ length: copies }, (_, copy) => {
    const author = person(random);
    const context = { random, author };
    const edited = paragraphs.map((sentences) => [...sentences]);
    const edits = copy === 0 ? 0 : between(random, 0, 2);
    for (let e = 0; e < edits; e++) {
      const paragraph = edited[between(random, 0, edited.length - 1)]!;
      const at = between(random, 0, paragraph.length - 1);
      const kind = between(random, 0, 2);
      if (kind === 0) paragraph.splice(at, 0, [pick(random, ADDED_SENTENCES)]);
      else if (kind === 1 && paragraph.length > 2) paragraph.splice(at, 1);
      else if (at + 1 < paragraph.length)
        [paragraph[at], paragraph[at + 1]] = [paragraph[at + 1]!, paragraph[at]!];
    }
    if (chance(random, 0.2)) edited[0]!.splice(1, 0, fill(pick(random, OPENINGS.slice(1, 3)), context));
    const roll = random();
    const head: Piece[] =
      roll < 0.3
        ? [
            'From: ',
            name(`${author.first} ${author.last}`),
            ' <',
            email(author),
            `>\nSent: ${between(random, 1, 28)} ${pick(random, MONTHS)} 2024\nTo: Planning Policy\nSubject: `,
            ...subjectLine,
            '\n\n',
          ]
        : roll < 0.55
          ? [name(`${author.first} ${author.last}`), '\n', addressPiece(author.address, '\n', random), '\n\n']
          : [];
    const under: Piece[] =
      roll >= 0.3 && roll < 0.55
        ? []
        : chance(random, 0.6)
          ? ['\n', addressPiece(author.address, ', ', random)]
          : [];
    const letter = {
      head: [...head, `${salutation}\n\n`],
      paragraphs: edited,
      tail: [
        '\n\n',
        ...closing,
        `\n\n${signOff}\n`,
        name(signature(random, author, { casual: false })),
        ...under,
        '\n',
      ],
    };
    return { ...write(letter), author: `${author.first} ${author.last}` };
  });
}

// ---------------------------------------------------------------------------------------------
// Measuring the detector against the labels

export type DetectionScore = {
  /** A proposal kind, or 'address with postcode' (labelled addresses that hold a postcode). */
  kind: PersonalDataKind | 'address with postcode';
  labelled: number;
  /** Labelled spans met by a proposal of the same kind. */
  found: number;
  proposed: number;
  /** Proposals that meet a labelled span of the same kind. */
  correct: number;
  precision: number;
  recall: number;
};

const overlaps = (a: { from: number; to: number }, b: { from: number; to: number }) =>
  a.from < b.to && b.from < a.to;
const ratio = (part: number, whole: number) => (whole === 0 ? 1 : part / whole);

/**
 * Precision and recall per kind. A proposal is correct when it overlaps a labelled span of its
 * kind; a labelled span is found when a proposal of its kind overlaps it. For addresses with a
 * postcode, the postcode is what must be covered, and the proposals counted are those holding a
 * postcode. `knownNames` passes each letter's author to the detector as the representee's name.
 */
export function measureDetection(
  corpus: readonly LabelledRepresentation[],
  { knownNames = false }: { knownNames?: boolean } = {},
): DetectionScore[] {
  const kinds = ['email address', 'telephone number', 'address', 'address with postcode', 'name'] as const;
  const tally = Object.fromEntries(kinds.map((k) => [k, { labelled: 0, found: 0, proposed: 0, correct: 0 }]));
  for (const item of corpus) {
    const proposals = detectPersonalData(item.text, knownNames ? { names: [item.author] } : undefined);
    const ofKind = (kind: PersonalDataKind) => proposals.filter((p) => p.kind === kind);
    for (const kind of ['email address', 'telephone number', 'address', 'name'] as const) {
      const labels = item.spans.filter((s) => s.kind === kind);
      const proposed = ofKind(kind);
      const t = tally[kind]!;
      t.labelled += labels.length;
      t.found += labels.filter((l) => proposed.some((p) => overlaps(p, l))).length;
      t.proposed += proposed.length;
      t.correct += proposed.filter((p) => labels.some((l) => overlaps(p, l))).length;
    }
    const postcodes = item.spans.flatMap((s) => (s.postcode ? [s.postcode] : []));
    const withPostcode: PersonalDataProposal[] = ofKind('address').filter(
      (p) => findUkPostcodes(p.text).length > 0,
    );
    const t = tally['address with postcode']!;
    t.labelled += postcodes.length;
    t.found += postcodes.filter((pc) => ofKind('address').some((p) => overlaps(p, pc))).length;
    t.proposed += withPostcode.length;
    t.correct += withPostcode.filter((p) => postcodes.some((pc) => overlaps(p, pc))).length;
  }
  return kinds.map((kind) => {
    const t = tally[kind]!;
    return { kind, ...t, precision: ratio(t.correct, t.proposed), recall: ratio(t.found, t.labelled) };
  });
}

/** The scores as a Markdown table, for test output and the bench. */
export function detectionTable(scores: readonly DetectionScore[]): string {
  const rows = scores.map(
    (s) =>
      `| ${s.kind.padEnd(21)} | ${String(s.labelled).padStart(8)} | ${String(s.proposed).padStart(8)} | ${s.precision.toFixed(3).padStart(9)} | ${s.recall.toFixed(3).padStart(6)} |`,
  );
  return [
    '| kind                  | labelled | proposed | precision | recall |',
    '| --------------------- | -------: | -------: | --------: | -----: |',
    ...rows,
  ].join('\n');
}
