import type { OrganisationType } from '@planning/shared';
import type { DEMO_TOPICS } from './representations.seed';

/** The demo representation manager's made-up people, organisations and letter texts (representations.seed.ts). */

export type OrganisationSeed = {
  name: string;
  type: OrganisationType;
  email: string;
  phone: string;
  address: [string, string | null, string, string];
  contact: [title: string, first: string, last: string, job: string];
};

export const organisations: OrganisationSeed[] = [
  {
    name: 'Harbour Planning Consultants',
    type: 'Consultant',
    email: 'info@harbourplanning.example',
    phone: '020 7946 0410',
    address: ['3 Quarry Hill Road', null, 'Tonbridge', 'TN9 2RN'],
    contact: ['Ms', 'Helen', 'Ward', 'Director'],
  },
  {
    name: 'Weald Land & Planning LLP',
    type: 'Consultant',
    email: 'office@wealdplanning.example',
    phone: '020 7946 0422',
    address: ['Suite 4, Lockside House', 'Medway Wharf Road', 'Tonbridge', 'TN9 1RE'],
    contact: ['Mr', 'Colin', 'Pearce', 'Partner'],
  },
  {
    name: 'Environment Agency',
    type: 'Statutory authority',
    email: 'kslplanning@environment-agency.example',
    phone: '020 7946 0501',
    address: ['Orchard House', 'Endeavour Park', 'West Malling', 'ME19 5SH'],
    contact: ['Mr', 'David', 'Okafor', 'Planning Specialist'],
  },
  {
    name: 'Natural England',
    type: 'Statutory authority',
    email: 'consultations@naturalengland.example',
    phone: '020 7946 0502',
    address: ['County Hall', null, 'Worcester', 'WR5 2NP'],
    contact: ['Dr', 'Fiona', 'MacLeod', 'Lead Adviser'],
  },
  {
    name: 'Historic England',
    type: 'Statutory authority',
    email: 'e-seast@historicengland.example',
    phone: '020 7946 0503',
    address: ['4th Floor', 'Cannon Bridge House', 'London', 'EC4R 2YA'],
    contact: ['Ms', 'Rachel', 'Adeyemi', 'Historic Environment Planning Adviser'],
  },
  {
    name: 'Kent County Council Highways',
    type: 'Statutory authority',
    email: 'highways.planning@kent.example',
    phone: '020 7946 0504',
    address: ['Invicta House', 'County Road', 'Maidstone', 'ME14 1XX'],
    contact: ['Mr', 'Paul', 'Griffiths', 'Development Planning Manager'],
  },
  {
    name: 'Hadlow Parish Council',
    type: 'Statutory authority',
    email: 'clerk@hadlowpc.example',
    phone: '020 7946 0505',
    address: ['Hadlow Village Hall', 'Maidstone Road', 'Hadlow', 'TN11 0DJ'],
    contact: ['Mrs', 'Susan', 'Fletcher', 'Parish Clerk'],
  },
  {
    name: 'Save Hadlow Fields',
    type: 'Community group',
    email: 'savehadlowfields@example.org',
    phone: '0117 496 0601',
    address: ['12 Carpenters Lane', null, 'Hadlow', 'TN11 0EY'],
    contact: ['Mr', 'Graham', 'Tilley', 'Chair'],
  },
  {
    name: 'Tonbridge Civic Society',
    type: 'Community group',
    email: 'secretary@tonbridgecivic.example',
    phone: '0117 496 0602',
    address: ['The Old Fire Station', 'Avebury Avenue', 'Tonbridge', 'TN9 1TG'],
    contact: ['Dr', 'Anne', 'Whitaker', 'Secretary'],
  },
  {
    name: 'Higham Wood Residents Association',
    type: 'Residents association',
    email: 'hwra@example.org',
    phone: '0117 496 0603',
    address: ['44 Higham Lane', null, 'Tonbridge', 'TN10 4JB'],
    contact: ['Mr', 'Kwame', 'Mensah', 'Chair'],
  },
  {
    name: 'East Peckham Residents Association',
    type: 'Residents association',
    email: 'epra@example.org',
    phone: '0117 496 0604',
    address: ['7 Pound Road', null, 'East Peckham', 'TN12 5BJ'],
    contact: ['Mrs', 'Linda', 'Barnes', 'Secretary'],
  },
  {
    name: 'Medway Valley Developments Ltd',
    type: 'Business',
    email: 'land@medwayvalley.example',
    phone: '020 7946 0701',
    address: ['Unit 2, Branbridges Road', null, 'East Peckham', 'TN12 5HH'],
    contact: ['Mr', 'Stuart', 'Hammond', 'Land Director'],
  },
  {
    name: 'Greenfield Homes plc',
    type: 'Business',
    email: 'planning@greenfieldhomes.example',
    phone: '020 7946 0702',
    address: ['Greenfield House', 'Kings Hill Avenue', 'West Malling', 'ME19 4AQ'],
    contact: ['Ms', 'Joanne', 'Reid', 'Planning Manager'],
  },
  {
    name: 'Tonbridge Chamber of Commerce',
    type: 'Business',
    email: 'hello@tonbridgechamber.example',
    phone: '020 7946 0703',
    address: ['88 High Street', null, 'Tonbridge', 'TN9 1AP'],
    contact: ['Mr', 'Raj', 'Patel', 'President'],
  },
  {
    name: 'West Kent Ramblers',
    type: 'Other',
    email: 'footpaths@westkentramblers.example',
    phone: '0117 496 0801',
    address: ['21 Yardley Park Road', null, 'Tonbridge', 'TN9 1NB'],
    contact: ['Mrs', 'Margaret', 'Hughes', 'Footpaths Officer'],
  },
  {
    name: 'Diocese of Rochester',
    type: 'Other',
    email: 'property@rochesterdiocese.example',
    phone: '0117 496 0802',
    address: ['St Nicholas Church', 'Boley Hill', 'Rochester', 'ME1 1SL'],
    contact: ['Revd', 'Thomas', 'Ellery', 'Diocesan Surveyor'],
  },
];

/** The consultancy's two agents (contacts of type agent at Harbour Planning Consultants). */
export const agents = [
  {
    title: 'Mr',
    first: 'Alex',
    last: 'Morgan',
    job: 'Associate Director',
    email: 'alex.morgan@harbourplanning.example',
    phone: '020 7946 0411',
  },
  {
    title: 'Ms',
    first: 'Priya',
    last: 'Shah',
    job: 'Senior Planner',
    email: 'priya.shah@harbourplanning.example',
    phone: '020 7946 0412',
  },
];

export const firstNames = [
  'Margaret',
  'John',
  'Sarah',
  'David',
  'Emma',
  'Peter',
  'Aisha',
  'Michael',
  'Claire',
  'James',
  'Fatima',
  'Robert',
  'Joanne',
  'Daniel',
  'Helen',
  'Tom',
  'Grace',
  'Andrew',
  'Sophie',
  'Ian',
  'Ruth',
  'Oliver',
  'Niamh',
  'Gareth',
  'Lucy',
  'Samuel',
  'Bethan',
  'Mark',
  'Priya',
  'Colin',
];
export const lastNames = [
  'Thompson',
  'Clarke',
  'Hughes',
  'Walker',
  'Evans',
  'Robinson',
  'Khan',
  'Wright',
  'Green',
  'Hall',
  'Ahmed',
  'Wood',
  'Turner',
  'Harris',
  'Cooper',
  'King',
  'Baker',
  'Hill',
  'Scott',
  'Morris',
  'Price',
  'Bennett',
  "O'Neill",
  'Lloyd',
  'Foster',
  'Marsh',
  'Rees',
  'Chapman',
  'Desai',
  'Fraser',
];
export const streets = [
  'Church Lane',
  'Maidstone Road',
  'Hadlow Road',
  'Three Elm Lane',
  'Shipbourne Road',
  'London Road',
  'Pembury Road',
  'Brook Street',
  'Mill Lane',
  'Cage Green Road',
];
export const places: [town: string, postcodes: readonly string[]][] = [
  ['Tonbridge', ['TN9 1AA', 'TN9 2HP', 'TN10 3JA', 'TN10 4NB', 'TN11 9DT']],
  ['Hadlow', ['TN11 0DA', 'TN11 0EG', 'TN11 0HS']],
  ['West Malling', ['ME19 4LZ', 'ME19 6QE']],
  ['East Peckham', ['TN12 5AB', 'TN12 5LH']],
];
/** Phone numbers as people write them (Ofcom's numbers for drama: none is anyone's). */
export const phoneForms = (n: number) => [
  `07700 900${String(100 + n).slice(-3)}`,
  `07700900${String(200 + n).slice(-3)}`,
  `+44 7700 900${String(300 + n).slice(-3)}`,
  `(0117) 496 0${String(100 + n).slice(-3)}`,
  `020 7946 0${String(400 + n).slice(-3)}`,
];

export type Person = {
  first: string;
  last: string;
  email: string;
  phone: string;
  address: string;
  postcode: string;
  town: string;
};

export const greetings = [
  'Dear Sir or Madam,',
  'Dear Planning Policy Team,',
  'To whom it may concern,',
  'Dear Councillors,',
];
export const signOffs = ['Yours faithfully,', 'Yours sincerely,', 'Kind regards,', 'Regards,'];

/** Letters on each topic, in a resident's words; {place} is where they live. */
export const bodies: Record<
  (typeof DEMO_TOPICS)[number],
  { attitude: 'Support' | 'Neutral' | 'Oppose'; text: string }[]
> = {
  'Housing numbers': [
    {
      attitude: 'Oppose',
      text: 'The plan asks for far more homes than the village can absorb. The housing requirement appears to rely on out of date household projections, and the buffer added on top is not justified. I would ask the council to test a lower figure that reflects the Green Belt and flood constraints across the borough.',
    },
    {
      attitude: 'Support',
      text: 'My children cannot afford to live in {place}. I support the housing target and especially the commitment to 40 per cent affordable homes on larger sites. Please make sure some of them are for social rent and not only shared ownership.',
    },
    {
      attitude: 'Neutral',
      text: 'I have no objection to the overall number of homes, but the trajectory front-loads delivery onto two strategic sites. If either stalls the council will fail the housing delivery test. A wider spread of smaller sites would be more robust.',
    },
  ],
  'Green Belt': [
    {
      attitude: 'Oppose',
      text: 'Releasing land from the Green Belt north of {place} would merge the settlement with its neighbour and destroy the open countryside that gives the area its character. The exceptional circumstances test has not been met while brownfield land in the town centre remains unused.',
    },
    {
      attitude: 'Oppose',
      text: 'The fields behind my house are Green Belt and are used every day by walkers, dog owners and children. The evidence base itself scores this parcel as making a strong contribution to preventing sprawl. I cannot see why it has been chosen.',
    },
    {
      attitude: 'Support',
      text: 'I accept that some Green Belt release is needed and support the approach of choosing parcels that make a weaker contribution, provided compensatory improvements to the remaining Green Belt are secured, such as new footpaths and tree planting.',
    },
  ],
  Transport: [
    {
      attitude: 'Oppose',
      text: 'The A26 through {place} is already at a standstill every morning. The transport assessment assumes that new residents will cycle and take the bus, but the bus runs once an hour and stops at 7pm. Without a bypass the new homes will make congestion and air quality far worse.',
    },
    {
      attitude: 'Support',
      text: 'I welcome the proposals for a new cycle route between {place} and Tonbridge station and the improved bus service. These should be delivered before the first homes are occupied, not at the end of the plan period.',
    },
    {
      attitude: 'Neutral',
      text: 'The plan should say more about parking. New estates nearby were built with too few spaces and cars now block the pavements, forcing pushchairs and wheelchairs into the road.',
    },
  ],
  Flooding: [
    {
      attitude: 'Oppose',
      text: 'The land at the bottom of our road floods every winter; I have photographs of standing water from January and February. Building on it will push water onto existing homes in {place}. The Environment Agency maps do not show surface water flooding properly.',
    },
    {
      attitude: 'Neutral',
      text: 'The strategic flood risk assessment should be updated to take account of the latest climate change allowances before the sites are confirmed. Sustainable drainage must be maintained for the lifetime of the development, and the plan should say who pays for it.',
    },
  ],
  Infrastructure: [
    {
      attitude: 'Oppose',
      text: 'The GP surgery in {place} has closed its list and the primary school is full. The infrastructure delivery plan lists a new school and health centre as unfunded. No more homes should be built until these are in place.',
    },
    {
      attitude: 'Support',
      text: 'I support the policy requiring developers to fund a new primary school and community centre on the strategic site. Please also consider a new sports pitch, as the existing club has a waiting list.',
    },
    {
      attitude: 'Neutral',
      text: 'Broadband and mobile coverage in {place} is poor. The plan should require full fibre connections for all new homes and ask for improvements for existing residents at the same time.',
    },
  ],
  'Site allocations': [
    {
      attitude: 'Oppose',
      text: 'Site H4 is the wrong choice. It is a working farm with high quality agricultural land, it has no safe pedestrian access, and it sits next to a listed building. Site H7 on the edge of the industrial estate would be far less harmful.',
    },
    {
      attitude: 'Support',
      text: 'We support the allocation of the former depot site for homes. It is previously developed land close to the station and shops, and its redevelopment would tidy up an eyesore in {place}.',
    },
    {
      attitude: 'Neutral',
      text: 'I do not object to the site in principle, but the indicative capacity of 350 homes seems too high for its size and would mean three storey buildings next to bungalows. A lower density at the edge of the site would be more appropriate.',
    },
  ],
};

/** The campaign letter Save Hadlow Fields asked its supporters to send, with what each changed. */
export const CAMPAIGN_LETTER =
  'I am writing to object to the proposed allocation of land north of Hadlow Road for 400 new homes. ' +
  'This site is Green Belt, it floods every winter, and the roads through the village cannot take the extra traffic. ' +
  'The primary school and the doctors surgery are already full. ' +
  'I ask the council to remove this site from the Local Plan and to look again at brownfield land in Tonbridge town centre.';
export const campaignExtras = [
  'I have lived in Hadlow for 31 years.',
  'My children walk to school along this road and it is already dangerous.',
  'Please protect our countryside for future generations.',
  'The fields are full of skylarks in spring.',
  '',
];
