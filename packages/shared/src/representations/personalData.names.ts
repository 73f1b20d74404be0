import { en, en_GH, en_IN, en_NG, pl, ur, yo_NG } from '@faker-js/faker';

/**
 * Names with no cue (issue 26): a person named in a petition's list, a child in the text ("my
 * granddaughter Poppy-Rose"), a signature with no sign-off, "J. Smith", "Zhou, Mr Jianguo".
 *
 * Forenames come from @faker-js/faker's locale data (MIT, shipped in the package, no
 * network): English, Indian, Nigerian, Ghanaian, Yoruba, Urdu and Polish lists, the populations
 * whose names the cue-only rules missed. A forename that is also an everyday word ("Will", "May",
 * "Grace") or a Kent place is not taken on its own.
 */

// Words that end a name when they follow it ("Mr Smith Planning Officer") and that never make a
// sign-off line a person's name ("Kent Wildlife Trust").
// prettier-ignore
export const NOT_NAME_WORDS = [
  'Council', 'Borough', 'District', 'County', 'Parish', 'Town', 'City', 'Planning', 'Plan', 'Local',
  'Policy', 'Policies', 'Officer', 'Officers', 'Inspector', 'Team', 'Department', 'Committee', 'Trust',
  'Society', 'Association', 'Group', 'Forum', 'Partnership', 'Network', 'Campaign', 'Action', 'Alliance',
  'Federation', 'Residents', 'Resident', 'Ltd', 'Limited', 'LLP', 'PLC', 'Homes', 'Developments',
  'Estates', 'Consultants', 'Consulting', 'Associates', 'Agency', 'England', 'Kent', 'Water', 'Wildlife',
  'Woodland', 'Highways', 'School', 'Surgery', 'Practice', 'Hospital', 'Church', 'Station', 'Regulation',
  'Consultation', 'Objection', 'Objector', 'Objectors', 'Representation', 'MP', 'Chair', 'Chairman',
  'Secretary', 'Clerk', 'Director', 'Manager', 'Sent', 'Enc', 'Encl', 'Attachments', 'Attachment',
  'Sincerely', 'Faithfully', 'Regards', 'Thanks', 'Thank', 'Best', 'Kind', 'Yours', 'Dear', 'Please',
  'The', 'This', 'That', 'We', 'My', 'Our', 'It', 'Green', 'Belt', 'January', 'February', 'March',
  'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December', 'Monday',
  'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday',
  // Form headings, firms and places that read like names in lists (issue 26).
  'Name', 'Names', 'Title', 'Organisation', 'Job', 'Address', 'Postcode', 'Email', 'Telephone', 'Tel',
  'Comment', 'Comments', 'Transport', 'Landscape', 'Charity', 'Ward', 'Member', 'Members', 'Planner',
  'Architect', 'Architects', 'Solicitors', 'Club', 'Research', 'Building', 'Power', 'Box', 'Village',
  'Marina', 'Objective', 'Communities', 'Growth', 'Sorry', 'Kings', 'Graduate', 'Principal', 'Senior',
  'Associate', 'Management', 'Marine', 'Cycling', 'Abbey', 'In', 'On', 'At', 'Of', 'To', 'As', 'If',
  'Is', 'By', 'Or', 'An', 'And', 'For', 'From', 'With', 'Re', 'Ref', 'Site', 'Sites', 'Appendix',
  'Figure', 'Table', 'Section', 'Paragraph', 'Page', 'Hi', 'Hello', 'PS', 'NB', 'Mon', 'Tue', 'Wed',
  'Thu', 'Fri', 'Sat', 'Sun', 'Office', 'Admin', 'Enquiries', 'Reception', 'First', 'Last', 'Surname',
  'Forename', 'Forenames', 'Signature', 'Signed', 'Heritage', 'Consultant', 'Dip', 'Hons',
];

type Range = { from: number; to: number };
type Definition = { person?: { first_name?: unknown } };

function collect(value: unknown, into: Set<string>): void {
  if (typeof value === 'string') into.add(value.toLowerCase());
  else if (Array.isArray(value))
    for (const v of value) collect(typeof v === 'object' && v ? (v as { value?: unknown }).value : v, into);
  else if (value && typeof value === 'object') for (const v of Object.values(value)) collect(v, into);
}

let lists: { forenames: Set<string>; withSurnameOnly: Set<string> } | null = null;

// Built on first use: the detector module is imported by pages that never run it.
function nameLists() {
  if (lists) return lists;
  const forenames = new Set<string>(EXTRA_FORENAMES);
  for (const locale of [en, en_GH, en_IN, en_NG, pl, ur, yo_NG] as Definition[]) {
    collect(locale.person?.first_name, forenames);
  }
  const withSurnameOnly = new Set<string>();
  for (const word of EVERYDAY_WORDS) {
    if (forenames.delete(word) && WITH_A_SURNAME.includes(word)) withSurnameOnly.add(word);
  }
  for (const word of WITH_A_SURNAME) withSurnameOnly.add(word);
  lists = { forenames, withSurnameOnly };
  return lists;
}

// Common British, Welsh, Scottish and Irish forenames the lists above lack.
// prettier-ignore
const EXTRA_FORENAMES = [
  'siobhan', 'hamish', 'alistair', 'alasdair', 'mairi', 'catriona', 'geraint', 'rhys', 'rhodri', 'callum',
  'carys', 'hywel', 'eleri', 'sian', 'siân', 'sioned', 'gwenllian', 'myfanwy', 'dafydd', 'ffion', 'elis',
  'iwan', 'aoife', 'niamh', 'padraig', 'pádraig', 'seán', 'sean', 'tamsin', 'fenella', 'isla', 'tilly',
  'bev', 'geoff', 'jas', 'kasia', 'tunde', 'femi', 'bisi', 'tobi', 'olu', 'shanice', 'keisha', 'maisie',
  'ellie', 'alfie', 'kai', 'poppy', 'nain', 'jen', 'jo', 'dot', 'deepak', 'seema', 'sunil', 'sandeep',
  'harpreet', 'rajesh', 'nikhil', 'priti', 'priyanka', 'deepa', 'meera', 'lakshmi', 'vikram', 'faisal',
  'rubina', 'rahima', 'ayesha', 'tariq', 'idris', 'imran', 'nkechi', 'ngozi', 'obinna', 'chinedu',
  'adaeze', 'babatunde', 'bisola', 'wojciech', 'stanislaw', 'tomasz', 'dušan', 'ivana', 'beatrix', 'jiahui',
  'jianguo', 'xiuying', 'wei', 'kayden', 'archie', 'gracie', 'harriet', 'hugo', 'vernon', 'connor',
];

// Forenames that are everyday words or places here: never a name on their own.
// prettier-ignore
// Of those, the ones that are a forename when a surname follows: "June Appleby", "Bill Harcourt".
// prettier-ignore
const WITH_A_SURNAME = [
  'will', 'may', 'june', 'april', 'mark', 'rose', 'hope', 'grace', 'faith', 'joy', 'dawn', 'summer',
  'holly', 'ivy', 'hazel', 'heather', 'olive', 'pearl', 'amber', 'violet', 'bill', 'sue', 'don', 'ray',
  'rob', 'jack', 'nick', 'frank', 'guy', 'dean', 'len', 'ron', 'robin', 'rowan', 'lee', 'max', 'norman',
  'stuart', 'miles', 'drew', 'warren', 'victoria', 'albert', 'ali', 'jordan', 'florence',
];
const EVERYDAY_WORDS = [
  'will',
  'may',
  'june',
  'april',
  'august',
  'mark',
  'rose',
  'hope',
  'grace',
  'faith',
  'joy',
  'dawn',
  'summer',
  'autumn',
  'winter',
  'holly',
  'ivy',
  'hazel',
  'heather',
  'olive',
  'pearl',
  'amber',
  'crystal',
  'violet',
  'brook',
  'brooke',
  'river',
  'sky',
  'storm',
  'chase',
  'hunter',
  'mason',
  'page',
  'lane',
  'dean',
  'bill',
  'sue',
  'don',
  'ray',
  'rob',
  'art',
  'guy',
  'jack',
  'nick',
  'frank',
  'earl',
  'king',
  'prince',
  'major',
  'sterling',
  'ford',
  'hall',
  'park',
  'wood',
  'field',
  'fields',
  'hill',
  'green',
  'brown',
  'white',
  'black',
  'gray',
  'grey',
  'young',
  'long',
  'little',
  'early',
  'bishop',
  'church',
  'christian',
  'royal',
  'bay',
  'lincoln',
  'kent',
  'devon',
  'chester',
  'warren',
  'miles',
  'wade',
  'drew',
  'rich',
  'sunny',
  'sandy',
  'justice',
  'patience',
  'victoria',
  'albert',
  'regent',
  'ash',
  'rowan',
  'aspen',
  'oak',
  'birch',
  'willow',
  'robin',
  'wren',
  'jay',
  'lark',
  'case',
  'cash',
  'price',
  'cole',
  'marsh',
  'golden',
  'silver',
  'noble',
  'love',
  'honor',
  'honour',
  'reason',
  'trinity',
  'paris',
  'london',
  'florence',
  'india',
  'china',
  'jordan',
  'israel',
  'kenya',
  'sydney',
  'georgia',
  'carolina',
  'dakota',
  'madison',
  'phoenix',
  'orlando',
  'austin',
  'dallas',
  'houston',
  'denver',
  'troy',
  'york',
  'malling',
  'sevenoaks',
  'tonbridge',
  'maidstone',
  'snodland',
  'hadlow',
  'offham',
  'ryarsh',
  'wrotham',
  'burham',
  'ditton',
  'larkfield',
  'leybourne',
  'aylesford',
  'borough',
  'council',
  'plan',
  'policy',
  'site',
  'north',
  'south',
  'east',
  'west',
  'monday',
  'friday',
  'sunday',
  'christmas',
  'easter',
  'ali',
  'an',
  'in',
  'le',
  'la',
  'de',
  'the',
  'and',
  'so',
  'no',
  'yes',
  'ok',
  'max',
  'norman',
  'tudor',
  'stuart',
  'tyler',
  'carter',
  'cooper',
  'taylor',
  'baker',
  'rowe',
  'lee',
  'do',
  'son',
  'bo',
  'al',
  'ed',
  'em',
  'su',
  'di',
  'ma',
  'ta',
  'ty',
  'vi',
  'era',
  'star',
  'sun',
  'moon',
  'angel',
  'amen',
  'bright',
  'clay',
  'stone',
  'forest',
  'dale',
  'glen',
  'cliff',
  'heath',
  'moss',
  'reed',
  'rush',
  'bud',
  'chip',
  'buck',
  'duke',
  'baron',
  'sterling',
  'fair',
  'tanner',
  'harbour',
  'harbor',
  'miller',
  'fisher',
  'gardner',
  'porter',
  'hayward',
];

const MONTH_FORENAMES = new Set(['april', 'may', 'june', 'august']);
// "May Day", "August Bank Holiday": the month names a day.
const CALENDAR_WORDS = [
  'day',
  'days',
  'bank',
  'holiday',
  'holidays',
  'half',
  'term',
  'fair',
  'week',
  'weekend',
];
// prettier-ignore
const PLACE_WORDS = [
  'street', 'road', 'lane', 'avenue', 'close', 'hill', 'park', 'way', 'green', 'court', 'community',
  'drive', 'place', 'gardens', 'row', 'square', 'farm', 'house', 'cottage', 'wood', 'meadow', 'field',
];

const WORD = /\p{Lu}(?:['’]\p{Lu})?\p{Ll}+(?:-\p{Lu}\p{Ll}+)*/uy;

const forenameSeen = new Map<string, boolean>();

export function isForename(word: string): boolean {
  let known = forenameSeen.get(word);
  if (known === undefined) {
    const { forenames } = nameLists();
    known = word
      .toLowerCase()
      .split('-')
      .every((p) => forenames.has(p));
    // Bounded: a long letter's words, not every word ever seen, stay remembered.
    if (forenameSeen.size > 20_000) forenameSeen.clear();
    forenameSeen.set(word, known);
  }
  return known;
}

function wordAt(text: string, at: number): string | null {
  WORD.lastIndex = at;
  const m = WORD.exec(text);
  if (!m) return null;
  const after = text[at + m[0].length];
  return after !== undefined && /[\p{L}\p{N}]/u.test(after) ? null : m[0];
}

/**
 * A capitalised forename from the lists and the capitalised words after it ("Priya Balasubramanian",
 * "Summer Rose Tolley", "Jean-Paul Mercier"), or the forename alone. `isNameWord` rules out what
 * ends a name (street types, "Council", months).
 */
export function findForenameNames(
  text: string,
  isNameWord: (word: string, position: number) => boolean,
): Range[] {
  const found: Range[] = [];
  // Whole capitalised words only: trying every capital letter was the slowest step on long letters.
  const candidate = /(?<![\p{L}\p{N}'’-])\p{Lu}(?:['’]\p{Lu})?\p{Ll}+(?:-\p{Lu}\p{Ll}+)*(?![\p{L}\p{N}])/gu;
  for (let m = candidate.exec(text); m; m = candidate.exec(text)) {
    const first = wordAt(text, m.index);
    if (first === null) continue;
    // A month that is a forename ("June Appleby", "May Okafor") is one when a surname follows.
    if (!isNameWord(first, 0)) {
      if (!MONTH_FORENAMES.has(first.toLowerCase())) continue;
      // "in May Parliament rose", "by June Highways": after a word of time the month is a month.
      const before = text.slice(Math.max(0, m.index - 8), m.index);
      if (
        /(?<![\p{L}])(?:in|by|until|till|since|from|before|after|during|of|early|late|mid|last|next|this|each|every|to)[ \t]+$/iu.test(
          before,
        )
      )
        continue;
    }
    // "Fri, 9 Jan 2026": a month's short form between a day and a year.
    if (
      /\d[ \t]+$/u.test(text.slice(Math.max(0, m.index - 3), m.index)) &&
      /^[ \t]+\d{4}(?!\d)/u.test(text.slice(m.index + first.length, m.index + first.length + 6))
    )
      continue;
    const needsSurname = !isForename(first) && nameLists().withSurnameOnly.has(first.toLowerCase());
    if (!needsSurname && !isForename(first)) continue;
    let to = m.index + first.length;
    let position = 1;
    for (;;) {
      // Between the words: an initial, a nickname in quotes, or a particle ("Rhiannon ap Gwilym").
      const gap =
        /[ \t\u00a0]{1,2}(?![ \t])(?:\p{Lu}\.[ \t\u00a0]*|['‘"“]\p{Lu}\p{Ll}+['’"”][ \t\u00a0]+|(?:ap|ab|de|da|di|van|von|der|le|la|bin|al|el|ní|nic|ó|mac)[ \t\u00a0]+(?:den[ \t\u00a0]+|der[ \t\u00a0]+)?)?/uy;
      gap.lastIndex = to;
      const g = gap.exec(text);
      if (!g) break;
      const next = wordAt(text, to + g[0].length);
      if (next === null || !isNameWord(next, position) || position >= 3) break;
      to += g[0].length + next.length;
      position++;
    }
    // "Hope Street", "Mark Lane Community": the everyday word names a place, not a person.
    const last = text
      .slice(m.index, to)
      .split(/[ \t\u00a0]+/)
      .at(-1)!
      .toLowerCase();
    if (
      needsSurname &&
      (position === 1 ||
        EVERYDAY_WORDS.includes(last) ||
        PLACE_WORDS.includes(last) ||
        CALENDAR_WORDS.includes(last))
    )
      continue;
    // "the end of April", a forename that starts a sentence alone ("Will the council…") is no name.
    if (position === 1 && /(?:^|[.!?]\s+)$/u.test(text.slice(Math.max(0, m.index - 3), m.index))) {
      const nextChar = text[to];
      if (nextChar === ' ' && /^ [a-z]/.test(text.slice(to, to + 2))) continue;
    }
    found.push({ from: m.index, to });
    candidate.lastIndex = to;
  }
  return found;
}

/** Initials and a surname: "J. Smith", "E. J. Pemberton-Smythe", "J P Doyle". */
export function findInitialledNames(
  text: string,
  isNameWord: (word: string, position: number) => boolean,
): Range[] {
  const found: Range[] = [];
  // Each initial stands apart: "UK Power", "SPDs" and "PS. Sorry" are not initials.
  const initials =
    /(?<![\p{L}\p{N}.])(?:\p{Lu}(?:\.[ \t\u00a0]*|[ \t\u00a0]+)){1,3}(?:&[ \t\u00a0]*(?:\p{Lu}(?:\.[ \t\u00a0]*|[ \t\u00a0]+)){1,2})?(?=\p{Lu}(?:['’]\p{Lu})?\p{Ll})/gu;
  for (let m = initials.exec(text); m; m = initials.exec(text)) {
    // A single bare capital ("I Smith", "A Road") needs its full stop.
    if (!m[0].includes('.') && m[0].replace(/[\s&]/g, '').length < 2) continue;
    if (/^I[ \t]/.test(m[0]) && !m[0].includes('.')) continue;
    const at = m.index + m[0].length;
    const surname = wordAt(text, at);
    if (surname === null || !isNameWord(surname, 1)) continue;
    found.push({ from: m.index, to: at + surname.length });
  }
  return found;
}

/** Every other occurrence of a surname or forename already found in the letter. */
export function findRepeats(
  text: string,
  names: readonly Range[],
  isNameWord: (word: string) => boolean,
): Range[] {
  const words = new Set<string>();
  for (const name of names) {
    for (const word of text.slice(name.from, name.to).split(/[\s,]+/)) {
      const bare = word.replace(/[.()]/g, '');
      if (
        bare.length >= 3 &&
        /^\p{Lu}/u.test(bare) &&
        isNameWord(bare) &&
        !EVERYDAY_WORDS.includes(bare.toLowerCase())
      )
        words.add(bare);
    }
  }
  if (words.size === 0) return [];
  // One pass over the capitalised words, looked up in the set: an alternation of hundreds of
  // names over a long letter was the detector's slowest step.
  const found: Range[] = [];
  const word = /(?<![\p{L}\p{N}'’-])\p{Lu}[\p{L}'’-]*(?![\p{L}\p{N}])/gu;
  for (const m of text.matchAll(word)) {
    const bare = m[0].replace(/['’]s$/, '');
    if (!words.has(bare) || /-$/.test(bare)) continue;
    const to = m.index + m[0].length;
    // "Eke-Pearson Planning", "the Peters Village development", "Martin Square": a firm or place.
    const next = /^[ \t]+(\p{Lu}[\p{L}'’-]+)/u.exec(text.slice(to, to + 30))?.[1];
    if (next !== undefined && !isNameWord(next)) continue;
    if (/(?:^|[^\p{L}])[Tt]he[ \t]+$/u.test(text.slice(Math.max(0, m.index - 5), m.index))) continue;
    found.push({ from: m.index, to: m.index + bare.length });
  }
  return found;
}
