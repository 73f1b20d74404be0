import {
  type LabelledRepresentation,
  type LabelledSpan,
  type Piece,
  type Random,
  assemble,
  between,
  chance,
  pad,
  pick,
  seededRandom,
  shuffled,
} from './personalData.corpus.pieces';
import { MONTHS, TOWNS, WEEKDAYS } from './personalData.corpus.vocabulary';
import { addressPiece, email, name, person, phone, signature } from './personalData.corpus.people';
import {
  CLOSINGS,
  CONTACT_LINES,
  type Context,
  OPENINGS,
  ORGANISATION_CONTACTS,
  TOPICS,
  TOPIC_NAMES,
  fill,
} from './personalData.corpus.sentences';

/** Letters from individual writers, and campaigns: one text sent by many people with their own details. */

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
