import { type Piece, type Random, between, chance, pad, pick, thousands } from './personalData.corpus.pieces';
import {
  COUNCILS,
  ECOLOGY_GROUPS,
  FARMS,
  FIRST_NAMES,
  MONTHS,
  ORGANISATIONS,
  RELATIONS,
  ROADS,
  SAINTS,
  SCHOOLS,
  SITE_NAMES,
  STREET_TYPES,
  STREET_WORDS,
  TOWNS,
  WATER_COMPANIES,
  WOODS,
} from './personalData.corpus.vocabulary';
import {
  type Person,
  address,
  addressPiece,
  email,
  name,
  person,
  phone,
  postcode,
  streetPiece,
} from './personalData.corpus.people';

/** Sentences: templates whose `{slot}`s are filled by `fill`; some slots are personal data. */

export const TOPICS: Record<string, string[]> = {
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
export const TOPIC_NAMES = Object.keys(TOPICS);

// prettier-ignore
export const OPENINGS = [
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
export const ORGANISATION_CONTACTS = [
  "I rang the Council's planning helpline on 01632 960000 and nobody could answer my questions.",
  'I have sent a copy of this letter to localplan@council.example.org as the consultation page asked.',
  'The Environment Agency told me to ring its incident line on 0800 807060, which I did.',
];

export const CLOSINGS = [
  'I ask that {site} is removed from the Plan.',
  'For these reasons I consider the Plan unsound and ask the Inspector to delete {policy}.',
  'Please keep me informed of the examination and of any modifications.',
  'Thank you for considering my comments.',
  'I would be grateful if you could acknowledge receipt of this representation.',
];

export const CONTACT_LINES = [
  'Please contact me on {authorPhone} if you need any further information.',
  'I can be reached on {authorPhone} or at {authorEmail}.',
  'My email address is {authorEmail} and my telephone number is {authorPhone}.',
  'Please send confirmation of receipt to {authorEmail}.',
  'If it helps, my mobile is {authorPhone} and I am happy to be called during the day.',
];

export type Context = { random: Random; author: Person };

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

export function fill(template: string, context: Context): Piece[] {
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
