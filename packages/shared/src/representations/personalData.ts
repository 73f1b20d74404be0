import { isOrganisationContact, isRoleMailbox } from './personalData.context';
import { findAddresses, findHomesNamed, findUkPostcodes, HOUSE_LINE } from './personalData.addresses';
import { findObfuscatedEmails } from './personalData.emails';
import {
  COMMON_WORDS,
  DISPLAY_NAME,
  escapeRegExp,
  FAMILY,
  FAMILY_AFTER,
  FAMILY_BEFORE,
  GROUP_ROLE_LABEL,
  findFieldNames,
  findNamesOfEmails,
  findSignOffLines,
  isNameWord,
  LOWER_TITLE,
  namedInPublicRole,
  NOT_SIGNATURES,
  namesPlaceOrFirm,
  PLACE_PREFIX,
  ROLE_BEFORE,
  TITLE,
} from './personalData.names.cues';
import { findTelephoneNumbers, findWrittenOutNumbers } from './personalData.phones';
import { matches, stickyMatch, titleCaseWhere } from './personalData.text';
import { findForenameNames, findInitialledNames, findRepeats, isForename } from './personalData.names';
import type { RedactionType } from './statuses';
import { allowListed, type DetectorKnown } from '../data-protection/allowList';

/**
 * Personal data in a representation's text, proposed for redaction (issue 15 point 4).
 *
 * Everything here only proposes: an officer accepts or dismisses each proposal in the editor, which
 * turns accepted ones into redaction marks. So the rules lean towards finding things (a missed
 * telephone number is published; a wrong proposal costs one click), but stay narrow enough that the
 * list is worth reading: names are looked for only after a cue (a title, a sign-off, "My name is"),
 * never by guessing which capitalised words are people.
 *
 * Offsets are UTF-16 code units into the text, `to` exclusive, as String.prototype.slice takes them.
 */

export { findUkPostcodes };

/** The spec's redaction types (spec 02 §3) less 'other', which needs a person's judgement. */
export type PersonalDataKind = Exclude<RedactionType, 'other'>;
export const personalDataKinds = [
  'name',
  'telephone number',
  'email address',
  'address',
] as const satisfies readonly PersonalDataKind[];

export type PersonalDataProposal = { kind: PersonalDataKind; from: number; to: number; text: string };
type Found = { kind: PersonalDataKind; from: number; to: number };

export const personalDataMessages = {
  proposalsFound: (count: number) =>
    count === 1
      ? '1 possible piece of personal data found'
      : `${count} possible pieces of personal data found`,
  noneFound: 'No personal data found',
} as const;

export function detectPersonalData(text: string, known?: DetectorKnown): PersonalDataProposal[] {
  let found: Found[] = [
    ...findEmailAddresses(text),
    ...findTelephoneNumbers(text),
    ...findWrittenOutNumbers(text),
    ...findAddresses(text),
  ];
  found.push(...findNames(text, known?.names ?? []), ...findSenderBlocks(text, found));
  // Councillors' names are dropped before their words are looked for elsewhere in the letter.
  const publicFigures = findPublicFigures(
    text,
    found.filter((f) => f.kind === 'name' && namedInPublicRole(text, f)),
  );
  const personal = (f: Found) =>
    f.kind !== 'name' || !publicFigures.some((p) => f.from < p.to && p.from < f.to);
  found = found.filter(personal).filter((f) => f.kind !== 'name' || !namesPlaceOrFirm(text, f));
  const names = found.filter((f) => f.kind === 'name');
  found.push(
    ...findRepeats(text, names, (w) => isNameWord(w, 1, {})).map((r) => ({ ...r, kind: 'name' as const })),
  );
  found = found.filter(personal).filter((f) => f.kind !== 'name' || !namesPlaceOrFirm(text, f));
  found.push(
    ...findHomesNamed(
      text,
      found.filter((f) => f.kind === 'name'),
    ),
  );
  return keepLongest(found)
    .filter((f) => f.kind === 'name' || !isOrganisationContact(text, f, f.kind))
    .filter((f) => !known?.allow?.length || !allowListed(text, f, known.allow))
    .map((f) => ({ ...f, text: text.slice(f.from, f.to) }));
}

// When two finds overlap the longer one is kept (an address with its postcode beats the postcode;
// an email address beats a known name inside it). On equal length the more specific kind wins.
const specificity: Record<PersonalDataKind, number> = {
  'email address': 0,
  'telephone number': 1,
  address: 2,
  name: 3,
};

function keepLongest(found: Found[]): Found[] {
  // Only finds that overlap, directly or through others, compete: resolve each such cluster alone
  // so a long text with thousands of finds is not compared all against all.
  const kept: Found[] = [];
  const byStart = [...found].sort((a, b) => a.from - b.from);
  let cluster: Found[] = [];
  let clusterEnd = -1;
  for (const candidate of [...byStart, null]) {
    if (candidate === null || candidate.from >= clusterEnd) {
      const byPreference = cluster.sort(
        (a, b) =>
          b.to - b.from - (a.to - a.from) || specificity[a.kind] - specificity[b.kind] || a.from - b.from,
      );
      const chosen: Found[] = [];
      for (const c of byPreference) if (chosen.every((k) => c.to <= k.from || c.from >= k.to)) chosen.push(c);
      kept.push(...chosen.sort((a, b) => a.from - b.from));
      cluster = [];
    }
    if (candidate === null) break;
    cluster.push(candidate);
    clusterEnd = Math.max(clusterEnd, candidate.to);
  }
  return kept;
}

// ---------------------------------------------------------------------------------------------
// Email addresses

// After a run of underscores too: a form's blank filled in ("Email ___jo@example.com___").
const EMAIL =
  /(?:(?<![\p{L}\p{N}._%+-])|(?<=__))[A-Za-z0-9](?:[A-Za-z0-9._%+'-]*[A-Za-z0-9_%+-])?@(?:[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?\.)+[A-Za-z]{2,}(?![\p{L}\p{N}-])/u;

function findEmailAddresses(text: string): Found[] {
  const found: Found[] = [...matches(EMAIL, text)].map((m) => ({
    kind: 'email address',
    from: m.index,
    to: m.index + m[0].length,
  }));
  return [...found, ...findObfuscatedEmails(text).map((r) => ({ kind: 'email address' as const, ...r }))];
}

// ---------------------------------------------------------------------------------------------
// Names

const TITLE_AT = new RegExp(`(?<![\\p{L}\\p{N}])${TITLE}[ \\t\\u00a0]{1,2}(?![ \\t])`, 'gu');

const NAME_WORD =
  /(?:\p{Lu}['’]\p{Lu}\p{Ll}+|\p{Lu}\p{Ll}+(?:\p{Lu}\p{Ll}+)?)(?:-\p{Lu}\p{Ll}+)*(?![\p{L}\p{N}])/uy;
const INITIAL = /\p{Lu}(?:\.|(?![\p{L}\p{N}]))/uy;
// Not a wide gap: "Title     Mrs     Mr" is a form's columns.
const NAME_GAP = /[ \t\u00a0]{1,2}(?![ \t])|(?<=\.)(?=\p{Lu})/uy;

const PARTICLE =
  /(?:(?:ap|ab|van|von|de|da|di|del|der|den|le|la|bin|al|el)[ \t\u00a0]+){1,2}(?=\p{Lu}\p{Ll})/uy;
// Words in capitals where a name may be, a couple's "&" between them ("DEEPAK & SEEMA JOSHI").
const NAME_CAPITALS =
  /(?<![\p{L}\p{N}])\p{Lu}[\p{Lu}'’.-]+(?:[ \t]+(?:&[ \t]+)?\p{Lu}[\p{Lu}'’.-]*)+(?![\p{L}\p{N}])/u;
type NameRun = { from: number; to: number; words: string[] };
type Range = { from: number; to: number };
type NameOptions = { maxWords: number; afterTitle?: boolean; allowAnd?: boolean };

/**
 * The name starting at `from`: up to `maxWords` capitalised words or initials on one line, ending
 * on a word (not an initial) and before any word that is not a name. With `allowAnd`, a couple
 * signing together: "Jane and Peter Doe".
 */
function readName(
  text: string,
  from: number,
  { maxWords, afterTitle = false, allowAnd = false }: NameOptions,
): NameRun | null {
  let at = from;
  let end: number | null = null;
  const words: string[] = [];
  while (words.length < maxWords) {
    const word = stickyMatch(NAME_WORD, text, at);
    if (word !== null) {
      if (!isNameWord(word, words.length, { afterTitle })) break;
      at += word.length;
      end = at;
      words.push(word);
    } else {
      const initial = stickyMatch(INITIAL, text, at);
      if (initial === null) break;
      at += initial.length;
      words.push(initial);
    }
    const gap = stickyMatch(NAME_GAP, text, at);
    if (gap === null) break;
    at += gap.length;
    // "Huw ap Rhys", "Anneliese van den Berg": particles in small letters inside the name.
    if (end !== null) at += stickyMatch(PARTICLE, text, at)?.length ?? 0;
    const and = allowAnd && end !== null ? stickyMatch(/(?:and|&)[ \t\u00a0]+(?=\p{Lu})/uy, text, at) : null;
    if (and !== null) at += and.length;
  }
  return end === null ? null : { from, to: end, words };
}

const SIGN_OFF =
  /^[ \t]*(?:Yours(?:[ \t]+(?:sincerely|faithfully|truly))?|(?:(?:Kind|Best|Warm|Many)[ \t]+)?(?:regards|thanks)|Thank[ \t]+you|Best[ \t]+wishes|Best|With[ \t]+thanks|Sincerely|Cheers)[ \t]*[,.!]?[ \t]*\r?\n(?:[ \t]*\r?\n){0,2}/gimu;
const INTRODUCTION = /(?<![\p{L}])[Mm]y[ \t]+name[ \t]+is[ \t]+/gu;
// "I, Jane Doe, wish to object": the name must be closed by a comma too ("I, for one, …" has none).
const I_COMMA = /(?<![\p{L}])I,[ \t]+(?=\p{Lu})/gu;
const FIELD_LABEL =
  /^[ \t]*(?:From|Name|Full name|Your name|Sender|Signed|Signature|Print name|Submitted by|Respondent|First name|Forenames?|Given name|Last name|Surname|Family name|Contact name|Agent name|Client name|Petition organiser|Organiser|Lead petitioner|Name of respondent)[ \t]*:[ \t]*"?/gimu;
const RELATIVE =
  /(?<![\p{L}])(?:[Mm]y|[Oo]ur|[Hh]is|[Hh]er|[Tt]heir)[ \t]+(?:late[ \t]+|elderly[ \t]+|little[ \t]+|eldest[ \t]+|youngest[ \t]+|two[ \t]+|three[ \t]+)?(?:husband|wife|partner|son|sons|daughter|daughters|neighbour|neighbours|mother|father|mum|dad|brother|sister|friend|boy|girl|boys|girls|lad|kids|children|grandson|grandsons|granddaughter|granddaughters|grandkids|grandchildren|grandchild|grandmother|grandfather|grandma|grandad|granddad|nan|nana|gran|nephew|niece|aunt|auntie|aunty|uncle|cousin|stepson|stepdaughter|son-in-law|daughter-in-law|mother-in-law|father-in-law|carer|lodger|tenant|twins|toddler|baby)[ \t]*,?[ \t]+(?:\([^)]*\)[ \t]+)?(?=\p{Lu})|(?<![\p{L}])(?:mum|mother|dad|father|son|daughter|wife|husband|widow|widower|carer|grandmother|grandfather|nan|gran)[ \t]+of[ \t]+(?=\p{Lu})/gu;
const TITLE_THEN_GAP = new RegExp(`${TITLE}[ \\t\\u00a0]+`, 'uy');
// What may follow a signature on its line: nothing, a comma and a role, or "(Mrs)".
// Post-nominals: "BA (Hons) MSc MRTPI", "Dip TP", "CEng (retd)". A bracket is no word character, so
// each letter group is closed by a look-ahead rather than \b ("(Hons) MSc" failed on \b).
const POST_NOMINAL =
  '(?:BA|BSc|MA|MSc|MPhil|PhD|MRTPI|FRTPI|AssocRTPI|MRICS|FRICS|IHBC|CMLI|MCIEEM|CEnv|BEng|MEng|CEng|IEng|MICE|FICE|MCIHT|MCILT|DipTP|Dip|TP|MPlan|MTCP|MArch|BArch|RIBA|ARB|PgDip|MCMI|\\(Hons\\)|Hons|\\(retd\\)|retd|LLB|LLM|MBA|FCA|ACA|OBE|MBE|CBE|JP|DL|MCIWEM|CIWEM|MIEMA|FGS|CGeol)(?![\\p{L}])';
const SIGNATURE_END = new RegExp(
  `^(?:[ \\t]+${POST_NOMINAL})*[ \\t]*(?:,.*|\\((?:Mr|Mrs|Ms|Miss|Dr|Mx|MR|MRS|MS|MISS|DR)\\)[ \\t]*)?\\r?$`,
  'u',
);
// A signature in capitals or in lower case: two or three plain words, perhaps a role after a comma.
const PLAIN_SIGNATURE = /^([\p{L}'’-]+(?:[ \t]+[\p{L}'’-]+){1,2})[ \t]*(?:,.*)?\r?$/u;
type Line = { from: number; text: string };

function lineAt(text: string, from: number): Line {
  const end = text.indexOf('\n', from);
  return { from, text: text.slice(from, end === -1 ? text.length : end) };
}

/** The line above the one starting at `lineStart`, unless there is none or it is blank. */
function lineAbove(text: string, lineStart: number): Line | null {
  if (lineStart < 2 || text[lineStart - 1] !== '\n') return null;
  const from = text.lastIndexOf('\n', lineStart - 2) + 1;
  const line = lineAt(text, from);
  return line.text.trim() === '' ? null : line;
}

/** A whole line that is a name, possibly with a title: "Jane Doe", "Mrs J. Doe", "JANE DOE". */
function nameLine(text: string, from: number, { lowerCase }: { lowerCase: boolean }): NameRun | null {
  const line = lineAt(text, from);
  const lead = line.text.length - line.text.trimStart().length;
  const start = from + lead;
  const title = stickyMatch(TITLE_THEN_GAP, text, start);
  const run = readName(text, start + (title?.length ?? 0), {
    maxWords: 6,
    afterTitle: title !== null,
    allowAnd: true,
  });
  if (run !== null && SIGNATURE_END.test(text.slice(run.to, from + line.text.length))) {
    // "Orla Brennan Dip TP": a post-nominal read as a word of the name goes back to the letters.
    let { to, words } = run;
    while (words.length > 2 && ONLY_POST_NOMINALS.test(` ${words.at(-1)!}`)) {
      words = words.slice(0, -1);
      to = text.lastIndexOf(words.at(-1)!, to) + words.at(-1)!.length;
    }
    return { ...run, from: start, to, words };
  }
  const plain = PLAIN_SIGNATURE.exec(line.text.slice(lead));
  if (plain === null) return null;
  const words = plain[1]!.split(/[ \t]+/);
  const allUpper = words.every((w) => w === w.toUpperCase() && w.length > 1);
  const allLower = lowerCase && words.every((w) => w === w.toLowerCase());
  if (!allUpper && !allLower) return null;
  const capitalised = words.map((w) => w[0]!.toUpperCase() + w.slice(1).toLowerCase());
  if (capitalised.some((w, i) => !isNameWord(w, i, {}) || COMMON_WORDS.has(w.toLowerCase()))) return null;
  return { from: start, to: start + plain[1]!.length, words };
}

function findKnownNames(text: string, names: string[]): Found[] {
  const found: Found[] = [];
  for (const name of names) {
    const words = name
      .trim()
      .split(/\s+/)
      .filter((w) => w.length > 0);
    if (words.length === 0) continue;
    const whole = new RegExp(
      `(?<![\\p{L}\\p{N}])${words.map(escapeRegExp).join('[\\s\\u00a0]+')}(?![\\p{L}\\p{N}])`,
      'giu',
    );
    for (const m of matches(whole, text))
      found.push({ kind: 'name', from: m.index, to: m.index + m[0].length });
    // The surname on its own is too often a word ("Mrs Green", "Mr Hill"), so only after a title.
    const surname = words.at(-1)!;
    if (words.length > 1 && surname.length > 1) {
      const titled = new RegExp(
        `(?<![\\p{L}\\p{N}])${TITLE}[ \\t\\u00a0]+(?:\\p{Lu}\\.?[ \\t\\u00a0]*){0,3}${escapeRegExp(surname)}(?![\\p{L}\\p{N}])`,
        'giu',
      );
      for (const m of matches(titled, text))
        found.push({ kind: 'name', from: m.index, to: m.index + m[0].length });
    }
  }
  return found;
}

// A line of a list or a petition: "1. Margaret Hollis, 5 The Crescent", "- Gareth Pugh (17)",
// "Kelly Marsh,ME6 5AA,flooding".
const LIST_ITEM =
  /^[ \t]*(?:(?:No\.?|Flat|Plot|Unit|Apt\.?|Apartment)[ \t]*\d{1,4}[A-Za-z]?[ \t]*(?:[-–—:|][ \t]*)?|\d{1,3}[.)][ \t]+|[-•*–][ \t]+|\|[ \t]*(?:\d{1,3}[ \t]*\|[ \t]*)?|\d{1,3}[ \t]*\|[ \t]*|(?<bare>\d{1,3}[ \t]+))?(?=\p{Lu})/gmu;
// "Zhou, Mr Jianguo", "Adeyemi-Clarke, Folasade": a surname, a comma and a title or a forename.
const SURNAME_FIRST = new RegExp(
  `(?<![\\p{L}\\p{N}])\\p{Lu}\\p{Ll}+(?:-\\p{Lu}\\p{Ll}+)?,[ \\t]+${TITLE}[ \\t]+\\p{Lu}\\p{Ll}+(?![\\p{L}\\p{N}])`,
  'gu',
);

function listedName(text: string, at: number, { bareNumber = false } = {}): NameRun | null {
  const title = stickyMatch(TITLE_THEN_GAP, text, at);
  const run = readName(text, at + (title?.length ?? 0), {
    maxWords: 4,
    afterTitle: title !== null,
    allowAnd: true,
  });
  if (run === null) return null;
  const rest = text.slice(
    run.to,
    text.indexOf('\n', run.to) === -1 ? text.length : text.indexOf('\n', run.to),
  );
  // Ends the line, or a comma or bracket follows; and it is two words or more, or a known forename.
  // "| Gareth Pugh | 6 Beacon Rise |": a table's cell. After a bare number ("4 Ellen & Frank Marsh
  // "Marshlands"") only a wide gap or a bar: "4 Oak Tree" at a line's end is a house.
  if (bareNumber ? !/^(?:[ \t]{2,}|\t|[ \t]*\|)/.test(rest) : !/^[ \t]*(?:$|\r|,|\(|\||[-–][ \t])/.test(rest))
    return null;
  if (run.words.length < 2 && title === null && !isForename(run.words[0]!)) return null;
  // "West Malling", "Little Dunstall": a place on a line of its own.
  if (title === null && PLACE_PREFIX.test(run.words[0]!)) return null;
  return { ...run, from: at };
}

// Councillors and other office holders are named in their public role, not as personal data.
const PUBLIC_FIGURE = new RegExp(
  `(?<![\\p{L}])(?:Cllr|Councillor|Mrs[ \\t]+Justice|Mr[ \\t]+Justice|Lord[ \\t]+Justice|(?:MP|Inspector|Programme[ \\t]+Officer)[ \\t]*[,(:][ \\t]*(?:${TITLE}[ \\t]+)?|Inspector[ \\t]+for[ \\t]+[^,]{0,40},[ \\t]*(?:${TITLE}[ \\t]+)?)\\.?[ \\t\\u00a0]*`,
  'gu',
);

// The council's officer, not a group's own ("our planning officer, …" is a resident volunteer).
const COUNCIL_OFFICER =
  /(?<![\p{L}])(?:[Tt]he|[Yy]our|(?:[Tt]he[ \t]+)?[Cc]ouncil['’]s)[ \t]+(?:[\p{L}-]+[ \t]+){0,2}[Oo]fficer[ \t]*,?[ \t]+(?=\p{Lu})/gu;
const TITLE_BEFORE = new RegExp(`(?<![\\p{L}\\p{N}])${TITLE}[ \\t]+$`, 'u');
const ONLY_POST_NOMINALS = new RegExp(`^(?:[ \\t]*${POST_NOMINAL})+$`, 'u');
const ROLE_AFTER_NAME = new RegExp(
  `${TITLE}[ \\t]+(?:\\p{Lu}\\.?[ \\t]*){0,3}\\p{Lu}[\\p{L}'’-]+(?:[ \\t]+${POST_NOMINAL})*,?[ \\t]+(?:the[ \\t]+)?(?:Planning[ \\t]+)?Inspector(?![\\p{L}])`,
  'gu',
);

function findPublicFigures(text: string, officers: Found[]): Found[] {
  const found: Found[] = [...officers];
  for (const m of matches(PUBLIC_FIGURE, text)) {
    const run = readName(text, m.index + m[0].length, { maxWords: 3, afterTitle: true });
    if (run) found.push({ kind: 'name', from: m.index, to: run.to });
  }
  // "Helena Marchbanks MP": a Member of Parliament named as such.
  for (const m of matches(/(?<![\p{L}])(?:\p{Lu}[\p{L}'’-]+[ \t]+){1,3}MP(?![\p{L}])/u, text))
    found.push({ kind: 'name', from: m.index, to: m.index + m[0].length });
  // "the planning officer, Jane Holloway,", "your case officer Mr Patel": the council's officers at work.
  for (const m of matches(COUNCIL_OFFICER, text)) {
    const at = m.index + m[0].length;
    const title = stickyMatch(TITLE_THEN_GAP, text, at);
    const run = readName(text, at + (title?.length ?? 0), { maxWords: 3, afterTitle: title !== null });
    if (run) found.push({ kind: 'name', from: m.index, to: run.to });
  }
  // "To: Ms C. Jennings BA (Hons) MA MRTPI, the Inspector": named with the public role after.
  for (const m of matches(ROLE_AFTER_NAME, text))
    found.push({ kind: 'name', from: m.index, to: m.index + m[0].length });
  // A councillor filling in a form: "Title: Cllr" and the name fields below it.
  for (const m of matches(/^[ \t]*Title[ \t]*[:|][ \t]*(?:Cllr|Councillor)\b.*(?:\r?\n.*){0,3}/gimu, text))
    found.push({ kind: 'name', from: m.index, to: m.index + m[0].length });
  // Once named in their role, the same surname after a title elsewhere is them too ("Dear Ms
  // Marchbanks").
  const surnames = new Set(
    found
      .map((f) => /(\p{Lu}[\p{L}'’-]+)(?:[ \t]+MP)?$/u.exec(text.slice(f.from, f.to).trim())?.[1])
      .filter(Boolean),
  );
  // Each mention of the surname, then a title just before it: a pattern led by the titles over a
  // long letter for each surname was slow.
  for (const surname of surnames as Set<string>) {
    for (let at = text.indexOf(surname); at !== -1; at = text.indexOf(surname, at + 1)) {
      if (/[\p{L}]/u.test(text[at + surname.length] ?? '')) continue;
      const title = TITLE_BEFORE.exec(text.slice(Math.max(0, at - 24), at));
      if (title) found.push({ kind: 'name', from: at - title[0].length, to: at + surname.length });
    }
  }
  return found;
}

function findNames(text: string, knownNames: string[]): Found[] {
  const found: Found[] = findKnownNames(text, knownNames);
  const add = (run: NameRun | null) => {
    if (run) found.push({ kind: 'name', from: run.from, to: run.to });
  };
  // A title and the words after it: "Mrs Doe", "Cllr J. Smith", "Mr and Mrs Patel".
  for (const m of matches(TITLE_AT, text)) {
    const run = readName(text, m.index + m[0].length, { maxWords: 3, afterTitle: true });
    if (run) add({ ...run, from: m.index });
  }
  for (const m of matches(SIGN_OFF, text)) add(nameLine(text, m.index + m[0].length, { lowerCase: true }));
  for (const m of matches(FIELD_LABEL, text)) {
    const at = m.index + m[0].length;
    // "Name: Not given", "Name: Withheld": the form's field left empty on purpose.
    if (NOT_SIGNATURES.has(lineAt(text, at).text.trim().replace(/[.]$/u, '').toLowerCase())) continue;
    const run = nameLine(text, at, { lowerCase: false }) ?? readName(text, at, { maxWords: 4 });
    // "From: Development Management <…>", "From: Land & Planning Team, …": cut short by a word of a
    // team or a firm, the words are a team's name.
    if (run && !/^[ \t]+(?:&[ \t]+)?\p{Lu}/u.test(text.slice(run.to, run.to + 4))) add(run);
  }
  for (const m of matches(INTRODUCTION, text)) {
    const at = m.index + m[0].length;
    const title = stickyMatch(TITLE_THEN_GAP, text, at);
    const run = readName(text, at + (title?.length ?? 0), { maxWords: 4, afterTitle: title !== null });
    if (run) add({ ...run, from: at });
  }
  for (const m of matches(I_COMMA, text)) {
    const run = readName(text, m.index + m[0].length, { maxWords: 4 });
    if (run && text[run.to] === ',') add(run);
  }
  for (const m of [...matches(RELATIVE, text), ...matches(ROLE_BEFORE, text)]) {
    let run = readName(text, m.index + m[0].length, { maxWords: m[0].startsWith('y') ? 2 : 3 });
    // "Our children Evie and Jack", "our two girls, Aoife (8) and Róisín (5)": the others listed.
    for (let more = 0; run !== null && more < 4; more++) {
      add(run);
      const next = stickyMatch(
        /(?:[ \t]*\([^)\n]{0,20}\))?(?:,[ \t]+(?:and[ \t]+)?|[ \t]+(?:and|&)[ \t]+)(?=\p{Lu})/uy,
        text,
        run.to,
      );
      run = next === null ? null : readName(text, run.to + next.length, { maxWords: 2 });
    }
  }
  // "Chair: Catriona Byrne   Treasurer: Aled Bowen", "Churchwardens: Maureen Dobbing and Chidi Okwuosa".
  for (const m of matches(GROUP_ROLE_LABEL, text))
    add(readName(text, m.index + m[0].length, { maxWords: 5, allowAnd: true }));
  for (const m of matches(LOWER_TITLE, text)) {
    const run = readName(text, m.index + m[0].length, { maxWords: 5, allowAnd: true });
    if (run) add({ ...run, from: m.index });
  }
  for (const m of matches(FAMILY, text)) {
    const before = text.slice(Math.max(0, m.index - 14), m.index);
    const after = text.slice(m.index + m[0].length, m.index + m[0].length + 24);
    const surname = m[1]!.replace(/s$/, '');
    if (surname.length < 3 || /s$/.test(surname) || !isNameWord(surname, 1, {})) continue;
    // "the Policies Map", "the Pilgrims' Way": a place's name goes on.
    if (/^(?:['’]|[ \t]+\p{Lu})/u.test(after)) continue;
    // "From the Greens, 2 Pound Close" signs; "views from the Downs" is a place.
    const ends = /^[ \t]*(?:,|\r?\n|$)/u.test(after);
    const from = /[Ff]rom[ \t,]+$/u.test(before);
    const signs = /^[ \t]*,/u.test(after) || /(?:^|\n)[ \t]*From[ \t]+$/u.test(before);
    const wholeLine = ends && /(?:^|\n)[ \t]*$/u.test(text.slice(Math.max(0, m.index - 4), m.index));
    if ((FAMILY_BEFORE.test(before) && (!from || signs)) || FAMILY_AFTER.test(after) || wholeLine)
      found.push({ kind: 'name', from: m.index + m[0].length - m[1]!.length, to: m.index + m[0].length });
  }
  for (const m of matches(
    /(?<![\p{L}])[Tt]he[ \t]+(\p{Lu}[\p{L}'’-]+)[ \t]+family(?![\p{L}]|[ \t]+(?:trust|business|firm|company|estate|farm))/gu,
    text,
  )) {
    const at = m.index + m[0].indexOf(m[1]!, 3);
    if (isNameWord(m[1]!, 1, {})) found.push({ kind: 'name', from: at, to: at + m[1]!.length });
  }
  for (const m of matches(DISPLAY_NAME, text)) {
    if (isRoleMailbox(m[2]!)) continue;
    const at = m.index + m[0].indexOf(m[1]!);
    // "From: The Hollands <…>": a family.
    const family = /^The[ \t]+(\p{Lu}\p{Ll}+s)$/u.exec(m[1]!);
    if (family) {
      found.push({ kind: 'name', from: at + m[1]!.length - family[1]!.length, to: at + m[1]!.length });
      continue;
    }
    const run = readName(text, at, { maxWords: 4 });
    if (run && run.to === at + m[1]!.length && run.words.length > 1) add(run);
  }
  found.push(...findFieldNames(text), ...findNamesOfEmails(text), ...findSignOffLines(text));
  for (const m of matches(LIST_ITEM, text))
    add(listedName(text, m.index + m[0].length, { bareNumber: m.groups?.bare !== undefined }));
  for (const m of matches(SURNAME_FIRST, text))
    found.push({ kind: 'name', from: m.index, to: m.index + m[0].length });
  const nameWord = (w: string, i: number) => isNameWord(w, i, {});
  for (const r of [...findForenameNames(text, nameWord), ...findInitialledNames(text, nameWord)])
    found.push({ kind: 'name', ...r });
  // Names in capitals ("SEEMA JOSHI", "MR D. OKORO"): looked for on a title-cased copy, kept when
  // the original is all capitals.
  if (/\p{Lu}[\p{Lu}.]*[ \t]+\p{Lu}{2,}/u.test(text)) {
    const titled = titleCaseWhere(text, NAME_CAPITALS, { lines: false });
    const inCapitals: Range[] = [
      ...findForenameNames(titled, nameWord),
      ...findInitialledNames(titled, nameWord),
    ];
    // "MR AND MRS G TREVELYAN", "REGARDS\nD. K. ASANTE-MENSAH (MR)": titles and signatures too.
    for (const m of matches(TITLE_AT, titled)) {
      const run = readName(titled, m.index + m[0].length, { maxWords: 3, afterTitle: true });
      if (run) inCapitals.push({ from: m.index, to: run.to });
    }
    for (const m of matches(SIGN_OFF, text)) {
      const run = nameLine(titled, m.index + m[0].length, { lowerCase: false });
      if (run) inCapitals.push(run);
    }
    for (const find of inCapitals) {
      // The copy blanks what is not in capitals: a find that runs across such a blank ("SEEMA JOSHI
      // – 40 CHAPMAN") ends before it.
      const blank = /[^\p{L} .'’-]|[ ]{2}/u.exec(text.slice(find.from, find.to));
      const r = blank
        ? { from: find.from, to: find.from + text.slice(find.from, find.from + blank.index).trimEnd().length }
        : find;
      const original = text.slice(r.from, r.to);
      // One forename is enough before "&" ("DEEPAK & SEEMA JOSHI").
      const couple = /^[ \t]+(?:&|AND)[ \t]/u.test(text.slice(r.to, r.to + 6));
      if (original === '' || ONLY_POST_NOMINALS.test(original)) continue;
      if (original === original.toUpperCase() && (couple || /\s/.test(original.trim())))
        found.push({ kind: 'name', ...r });
    }
  }
  return found;
}

/**
 * The sender's block at the head or foot of a letter: a line that is only a name, straight above
 * an address ("Jane Doe\n14 Mill Lane\nNewtown ME1 2AB"). When two such lines stand above the
 * address, the upper one is the name and the lower one the house's name ("Jane Doe\nLittle
 * Oaks\n14 Mill Lane"), which joins the address.
 */
function findSenderBlocks(text: string, found: readonly Found[]): Found[] {
  const blocks: Found[] = [];
  for (const address of found) {
    if (address.kind !== 'address') continue;
    let above = lineAbove(text, address.from);
    // Step over a house name that is not a name: "Rose Cottage", "Fairview".
    if (above && (HOUSE_LINE.test(above.text.trim()) || /^\p{Lu}\p{Ll}+$/u.test(above.text.trim()))) {
      above = lineAbove(text, above.from);
    }
    if (above === null) continue;
    const run = nameLine(text, above.from, { lowerCase: false });
    if (run === null || run.words.length < 2) continue;
    const higher = lineAbove(text, above.from);
    const higherName = higher && nameLine(text, higher.from, { lowerCase: true });
    if (higherName) {
      blocks.push({ kind: 'name', from: higherName.from, to: higherName.to });
      blocks.push({ kind: 'address', from: run.from, to: address.to });
    } else {
      blocks.push({ kind: 'name', from: run.from, to: run.to });
    }
  }
  return blocks;
}
