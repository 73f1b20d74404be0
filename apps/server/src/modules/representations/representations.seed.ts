import type { Kysely } from 'kysely';
import {
  docFromPlainText,
  plainTextOf,
  publicTextOf,
  representationReference,
  representationStatuses,
  type EditorNode,
  type RedactionType,
  type RepresentationStatus,
} from '@planning/shared';
import type { Database } from '../../db/schema';
import { withTenant } from '../../db/tenant-transaction';
import { DEMO_DOCUMENT_TITLE } from '../documents/documents.seed';
import type { Trx } from '../consultations/consultations.access';
import { recomputeCampaigns } from './representations.campaign-rows';
import { nextReference } from './representations.references';
import {
  agents,
  bodies,
  CAMPAIGN_LETTER,
  campaignExtras,
  firstNames,
  greetings,
  lastNames,
  organisations,
  type Person,
  phoneForms,
  places,
  signOffs,
  streets,
} from './representations.seed-data';

/**
 * The demo council's representation manager (`npm start`): two consultations (Regulation 18, past;
 * Regulation 19, open until 14 December 2026, on the demo document), six topics, organisations of
 * every type with their contacts and two agents at a consultancy, thirty residents, and about 120
 * letters across statuses and attitudes. The letters hold what real ones do: telephone numbers in
 * several forms, email addresses, postcodes and names in their sign-offs (those further along are
 * redacted), and one campaign letter sent 25 times with small changes. A seeded generator makes
 * every run the same; a second run changes nothing; it takes well under a second.
 */
export const DEMO_EVENTS = {
  regulation18: { name: 'Regulation 18 Issues and Options', startsOn: '2025-11-03', endsOn: '2026-01-12' },
  regulation19: {
    name: 'Regulation 19 Publication Local Plan',
    startsOn: '2026-10-05',
    endsOn: '2026-12-14',
  },
} as const;
export const DEMO_TOPICS = [
  'Housing numbers',
  'Green Belt',
  'Transport',
  'Flooding',
  'Infrastructure',
  'Site allocations',
] as const;
export const DEMO_CAMPAIGN_COPIES = 25;

/** mulberry32: small, fast and the same on every machine. */
function generator(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let value = state;
    value = Math.imul(value ^ (value >>> 15), value | 1);
    value ^= value + Math.imul(value ^ (value >>> 7), value | 61);
    return ((value ^ (value >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    int: (min: number, max: number) => min + Math.floor(next() * (max - min + 1)),
    pick: <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)]!,
    chance: (p: number) => next() < p,
  };
}
type Random = ReturnType<typeof generator>;

const addDays = (date: string, days: number) =>
  new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

type Secret = { text: string; type: RedactionType };
type Letter = {
  eventId: string;
  received: string;
  status: RepresentationStatus;
  attitude: 'Support' | 'Neutral' | 'Oppose';
  correspondence: string;
  representee:
    | { type: 'organisation'; organisationId: string; contactId: string | null }
    | { type: 'privateIndividual'; contactId: string };
  agentId: string | null;
  text: string;
  secrets: Secret[];
  topicIds: string[];
  parts: number;
};

/** The letter's document, its personal data redacted once an officer has got that far. */
function documentOf(text: string, secrets: Secret[], redact: boolean, docIdPrefix: string): EditorNode {
  const doc = docFromPlainText(text);
  if (!redact || secrets.length === 0) return doc;
  let counter = 0;
  const split = (node: EditorNode): EditorNode[] => {
    if (node.type !== 'text' || !node.text) return [node];
    const text = node.text;
    // The earliest of the secrets in this run of text, then the rest of the run after it.
    const found = secrets
      .map((secret) => ({ secret, at: text.indexOf(secret.text) }))
      .filter((match) => match.at !== -1)
      .sort((a, b) => a.at - b.at || b.secret.text.length - a.secret.text.length)[0];
    if (!found) return [node];
    counter += 1;
    const before = text.slice(0, found.at);
    const after = text.slice(found.at + found.secret.text.length);
    return [
      ...(before ? [{ type: 'text', text: before }] : []),
      {
        type: 'text',
        text: found.secret.text,
        marks: [
          {
            type: 'redaction' as const,
            attrs: {
              redactionType: found.secret.type,
              docId: `${docIdPrefix}-${counter}`,
              by: 'Olu Officer',
              at: '2026-11-20T10:00:00.000Z',
            },
          },
        ],
      },
      ...(after ? split({ type: 'text', text: after }) : []),
    ];
  };
  const walk = (node: EditorNode): EditorNode =>
    node.content ? { ...node, content: node.content.flatMap((child) => split(walk(child))) } : node;
  return walk(doc);
}

function personalLetter(random: Random, person: Person, topic: (typeof DEMO_TOPICS)[number], phone: string) {
  const body = random.pick(bodies[topic]);
  const withPhone = random.chance(0.6);
  const withEmail = random.chance(0.5);
  const contactLine = [
    withPhone ? `You can reach me on ${phone}` : '',
    withEmail ? `or by email at ${person.email}` : '',
  ]
    .filter(Boolean)
    .join(' ');
  const text = [
    random.pick(greetings),
    body.text.replace('{place}', person.town),
    contactLine
      ? `${contactLine.charAt(0).toUpperCase()}${contactLine.slice(1)} if you need more detail.`
      : '',
    `${random.pick(signOffs)}\n${person.first} ${person.last}\n${person.address}, ${person.town} ${person.postcode}`,
  ]
    .filter(Boolean)
    .join('\n\n');
  const secrets: Secret[] = [
    ...(withPhone ? [{ text: phone, type: 'telephone number' as const }] : []),
    ...(withEmail ? [{ text: person.email, type: 'email address' as const }] : []),
    { text: `${person.address}, ${person.town} ${person.postcode}`, type: 'address' },
    { text: `${person.first} ${person.last}`, type: 'name' },
  ];
  return { text, secrets, attitude: body.attitude };
}

/** Statuses further along for the older consultation; Regulation 19 letters are at every stage. */
function statusFor(random: Random, past: boolean): RepresentationStatus {
  if (past)
    return random.chance(0.8) ? 'Response sent' : random.pick(['Response approved', 'Reviewed'] as const);
  return random.pick(representationStatuses);
}
const isRedacted = (status: RepresentationStatus) => representationStatuses.indexOf(status) >= 3;

/** Seeds the council's representation manager once (skipped when its Regulation 18 event exists). */
export async function seedDemoRepresentations(
  db: Kysely<Database>,
  tenant: { id: string; name: string },
): Promise<void> {
  await withTenant(db, tenant.id, async (trx) => {
    const existing = await trx
      .selectFrom('consultation_events')
      .select('id')
      .where('name', '=', DEMO_EVENTS.regulation18.name)
      .executeTakeFirst();
    if (existing) return;
    await seed(trx, tenant);
  });
}

async function seed(trx: Trx, tenant: { id: string; name: string }) {
  const random = generator(20260115);
  const officer = await trx
    .selectFrom('users')
    .select(['id', 'name'])
    .where('email', '=', `officer@${tenant.name}.test`)
    .executeTakeFirst();
  const document = await trx
    .selectFrom('documents')
    .select('id')
    .where('title', '=', DEMO_DOCUMENT_TITLE)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  const [past, live] = await trx
    .insertInto('consultation_events')
    .values([
      {
        tenant_id: tenant.id,
        name: DEMO_EVENTS.regulation18.name,
        description:
          'The first stage of the new Local Plan: the issues it must address and the options for growth.',
        starts_on: DEMO_EVENTS.regulation18.startsOn,
        ends_on: DEMO_EVENTS.regulation18.endsOn,
      },
      {
        tenant_id: tenant.id,
        name: DEMO_EVENTS.regulation19.name,
        description:
          'The plan the council intends to submit for examination, published for representations on soundness.',
        starts_on: DEMO_EVENTS.regulation19.startsOn,
        ends_on: DEMO_EVENTS.regulation19.endsOn,
        document_id: document?.id ?? null,
      },
    ])
    .returning('id')
    .execute();
  const topics = await trx
    .insertInto('consultation_topics')
    .values(DEMO_TOPICS.map((name) => ({ tenant_id: tenant.id, name })))
    .returning(['id', 'name'])
    .execute();
  const topicId = new Map(topics.map((topic) => [topic.name, topic.id]));

  const organisationRows = await trx
    .insertInto('organisations')
    .values(
      organisations.map((organisation) => ({
        tenant_id: tenant.id,
        name: organisation.name,
        organisation_type: organisation.type,
        email: organisation.email,
        phone_number: organisation.phone,
        address_line1: organisation.address[0],
        address_line2: organisation.address[1],
        town: organisation.address[2],
        country: 'England',
        postcode: organisation.address[3],
      })),
    )
    .returning(['id', 'name'])
    .execute();
  const organisationId = new Map(organisationRows.map((row) => [row.name, row.id]));
  const consultancy = organisationId.get('Harbour Planning Consultants')!;
  const organisationContacts = await trx
    .insertInto('contacts')
    .values(
      organisations.map((organisation) => ({
        tenant_id: tenant.id,
        contact_type: 'organisation' as const,
        title: organisation.contact[0],
        first_name: organisation.contact[1],
        last_name: organisation.contact[2],
        job_title: organisation.contact[3],
        email: organisation.email,
        phone_number: organisation.phone,
        organisation_id: organisationId.get(organisation.name)!,
        is_primary: true,
        address_line1: organisation.address[0],
        address_line2: organisation.address[1],
        town: organisation.address[2],
        country: 'England',
        postcode: organisation.address[3],
      })),
    )
    .returning(['id', 'organisation_id'])
    .execute();
  const contactOf = new Map(organisationContacts.map((row) => [row.organisation_id!, row.id]));
  const agentRows = await trx
    .insertInto('contacts')
    .values(
      agents.map((agent) => ({
        tenant_id: tenant.id,
        contact_type: 'agent' as const,
        title: agent.title,
        first_name: agent.first,
        last_name: agent.last,
        job_title: agent.job,
        email: agent.email,
        phone_number: agent.phone,
        organisation_id: consultancy,
        address_line1: '3 Quarry Hill Road',
        address_line2: null,
        town: 'Tonbridge',
        country: 'England',
        postcode: 'TN9 2RN',
      })),
    )
    .returning('id')
    .execute();
  const agentIds = agentRows.map((row) => row.id);
  // The agents act for the two developers.
  const clients = ['Medway Valley Developments Ltd', 'Greenfield Homes plc'].map((name) =>
    organisationId.get(name)!,
  );
  await trx
    .insertInto('organisation_agents')
    .values(
      clients.flatMap((client) =>
        agentIds.map((agentId) => ({ tenant_id: tenant.id, organisation_id: client, contact_id: agentId })),
      ),
    )
    .execute();

  const people: (Person & { id: string; phoneText: string })[] = [];
  const residents = firstNames.map((first, index) => {
    const last = lastNames[index]!;
    const [town, postcodes] = places[index % places.length]!;
    const postcode = postcodes[index % postcodes.length]!;
    return {
      first,
      last,
      email: `${first.toLowerCase()}.${last.toLowerCase().replace(/[^a-z]/g, '')}@example.com`,
      phone: `020 7946 0${String(100 + index).padStart(3, '0')}`,
      address: `${random.int(1, 120)} ${streets[index % streets.length]!}`,
      postcode,
      town,
    };
  });
  const residentRows = await trx
    .insertInto('contacts')
    .values(
      residents.map((resident) => ({
        tenant_id: tenant.id,
        contact_type: 'individual' as const,
        title: null,
        first_name: resident.first,
        last_name: resident.last,
        job_title: null,
        email: resident.email,
        phone_number: resident.phone,
        organisation_id: null,
        address_line1: resident.address,
        address_line2: null,
        town: resident.town,
        country: 'England',
        postcode: resident.postcode,
      })),
    )
    .returning('id')
    .execute();
  residents.forEach((resident, index) =>
    people.push({ ...resident, id: residentRows[index]!.id, phoneText: random.pick(phoneForms(index)) }),
  );

  const letters: Letter[] = [];
  const topicIdsOf = (topic: (typeof DEMO_TOPICS)[number]) => {
    const extra = random.pick(DEMO_TOPICS);
    return [...new Set([topicId.get(topic)!, ...(random.chance(0.35) ? [topicId.get(extra)!] : [])])];
  };
  const eventLetters = (eventId: string, from: string, days: number, count: number, isPast: boolean) => {
    for (let index = 0; index < count; index++) {
      const topic = random.pick(DEMO_TOPICS);
      const status = statusFor(random, isPast);
      const received = addDays(from, random.int(0, days));
      if (random.chance(0.2)) {
        // An organisation's letter, a developer's through its agent.
        const organisation = random.pick(organisations.slice(2));
        const id = organisationId.get(organisation.name)!;
        const agent = clients.includes(id) ? random.pick(agentIds) : null;
        const body = random.pick(bodies[topic]);
        const [, first, last, job] = organisation.contact;
        const text = [
          random.pick(greetings),
          `${organisation.name} welcomes the opportunity to comment on the ${isPast ? 'Issues and Options' : 'Publication'} Local Plan.`,
          body.text.replace('{place}', organisation.address[2]),
          `Please direct any questions to ${first} ${last} on ${organisation.phone} or at ${organisation.email}.`,
          `${random.pick(signOffs)}\n${first} ${last}\n${job}, ${organisation.name}`,
        ].join('\n\n');
        letters.push({
          eventId,
          received,
          status,
          attitude: body.attitude,
          correspondence: random.pick(['Email', 'Letter', 'Online form'] as const),
          representee: { type: 'organisation', organisationId: id, contactId: contactOf.get(id) ?? null },
          agentId: agent,
          text,
          secrets: [
            { text: organisation.phone, type: 'telephone number' },
            { text: `${first} ${last}`, type: 'name' },
          ],
          topicIds: topicIdsOf(topic),
          parts: 0,
        });
        continue;
      }
      const person = random.pick(people);
      const letter = personalLetter(random, person, topic, person.phoneText);
      letters.push({
        eventId,
        received,
        status,
        attitude: letter.attitude,
        correspondence: random.pick(['Email', 'Email', 'Letter', 'Online form', 'Hand delivered'] as const),
        representee: { type: 'privateIndividual', contactId: person.id },
        agentId: null,
        text: letter.text,
        secrets: letter.secrets,
        topicIds: topicIdsOf(topic),
        parts: 0,
      });
    }
  };
  eventLetters(past!.id, DEMO_EVENTS.regulation18.startsOn, 60, 38, true);
  eventLetters(live!.id, DEMO_EVENTS.regulation19.startsOn, 48, 57, false);
  // The campaign: the same letter 25 times, each sender adding a line or a name of their own.
  for (let copy = 0; copy < DEMO_CAMPAIGN_COPIES; copy++) {
    const person = people[copy % people.length]!;
    const extra = campaignExtras[copy % campaignExtras.length]!;
    const text = [
      random.pick(['Dear Sir or Madam,', 'Dear Planning Policy Team,']),
      `${CAMPAIGN_LETTER}${extra ? ` ${extra}` : ''}`,
      `${random.pick(signOffs)}\n${person.first} ${person.last}\n${person.address}, ${person.town} ${person.postcode}`,
    ].join('\n\n');
    letters.push({
      eventId: live!.id,
      received: addDays('2026-10-20', random.int(0, 20)),
      status: random.pick(['Received', 'Acknowledged', 'Pending'] as const),
      attitude: 'Oppose',
      correspondence: random.pick(['Email', 'Online form'] as const),
      representee: { type: 'privateIndividual', contactId: person.id },
      agentId: null,
      text,
      secrets: [
        { text: `${person.address}, ${person.town} ${person.postcode}`, type: 'address' },
        { text: `${person.first} ${person.last}`, type: 'name' },
      ],
      topicIds: [topicId.get('Green Belt')!, topicId.get('Site allocations')!],
      parts: 0,
    });
  }
  // A few long letters split into parts by the officer reading them.
  for (const letter of letters.filter((item) => isRedacted(item.status)).slice(0, 5)) letter.parts = 2;
  letters.sort((a, b) => a.received.localeCompare(b.received));

  let reference = await nextReference(trx, tenant.id);
  const rows = letters.map((letter, index) => {
    const content = documentOf(letter.text, letter.secrets, isRedacted(letter.status), `seed-${index}`);
    return {
      tenant_id: tenant.id,
      reference: reference++,
      consultation_event_id: letter.eventId,
      correspondence_type: letter.correspondence,
      letter_date: addDays(letter.received, -random.int(0, 3)),
      received_date: letter.received,
      acknowledgement_date: letter.status === 'Received' ? null : addDays(letter.received, random.int(1, 5)),
      due_date: addDays(letter.received, 28),
      status: letter.status,
      attitude: letter.attitude,
      representee_type: letter.representee.type,
      organisation_id: letter.representee.type === 'organisation' ? letter.representee.organisationId : null,
      contact_id: letter.representee.contactId,
      agent_contact_id: letter.agentId,
      original_text: letter.text,
      content: JSON.stringify(content),
      plain_text: plainTextOf(content),
      public_text: publicTextOf(content),
      created_by: officer?.id ?? null,
    };
  });
  const inserted = await trx
    .insertInto('representations')
    .values(rows)
    .returning(['id', 'reference'])
    .execute();
  const idOf = new Map(inserted.map((row) => [row.reference, row.id]));
  const ids = rows.map((row) => idOf.get(row.reference)!);
  await trx
    .insertInto('representation_topics')
    .values(
      letters.flatMap((letter, index) =>
        letter.topicIds.map((topic) => ({
          tenant_id: tenant.id,
          representation_id: ids[index]!,
          topic_id: topic,
        })),
      ),
    )
    .execute();

  const parts = letters.flatMap((letter, index) => {
    if (letter.parts === 0) return [];
    const paragraphs = letter.text.split('\n\n').filter((paragraph) => paragraph.length > 80);
    return paragraphs.slice(0, letter.parts).map((paragraph, part) => {
      const content = docFromPlainText(paragraph);
      return {
        tenant_id: tenant.id,
        representation_id: ids[index]!,
        sequential_id: part + 1,
        content: JSON.stringify(content),
        plain_text: plainTextOf(content),
        public_text: publicTextOf(content),
        comment: part === 0 ? 'Main point' : 'Further point',
        status: letter.status,
        attitude: letter.attitude,
        topic_id: letter.topicIds[0]!,
        created_by: officer?.id ?? null,
      };
    });
  });
  if (parts.length > 0) await trx.insertInto('sub_representations').values(parts).execute();

  const who = { user_id: officer?.id ?? null, user_name: officer?.name ?? 'Planning Policy Team' };
  await trx
    .insertInto('representation_events')
    .values(
      rows.flatMap((row, index) => [
        {
          tenant_id: tenant.id,
          representation_id: ids[index]!,
          action: 'created',
          detail: JSON.stringify({ reference: representationReference(row.reference) }),
          ...who,
        },
        ...(row.status === 'Received'
          ? []
          : [
              {
                tenant_id: tenant.id,
                representation_id: ids[index]!,
                action: 'status changed',
                detail: JSON.stringify({ from: 'Received', to: row.status }),
                ...who,
              },
            ]),
      ]),
    )
    .execute();
  for (const event of [past!.id, live!.id]) await recomputeCampaigns(trx, event);
}
