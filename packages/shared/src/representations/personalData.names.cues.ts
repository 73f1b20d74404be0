import { HOUSE_WORDS, STREET_TYPES } from './personalData.addresses';
import { isRoleMailbox } from './personalData.context';
import { isForename, NOT_NAME_WORDS } from './personalData.names';
import { matches } from './personalData.text';

/**
 * Name cues of issue 26 that need no title or sign-off above: a form's name fields in any layout,
 * a signature standing alone or on its sign-off's line, relatives and role holders, families, an
 * email's display name and the name a mailbox spells; and the names that are a place's or a firm's.
 */

type Found = { kind: 'name'; from: number; to: number };

// prettier-ignore
export const TITLES = [
  'Mr', 'Mrs', 'Ms', 'Miss', 'Mx', 'Dr', 'Prof', 'Professor', 'Cllr', 'Councillor', 'Sir', 'Dame', 'Rev',
  'Revd', 'Messrs',
];
export const TITLE = `(?:Mr\\.?[ \\t]+(?:[Aa]nd|&)[ \\t]+Mrs|${TITLES.join('|')})\\.?`;

export const NOT_NAMES = new Set(
  [...NOT_NAME_WORDS, ...STREET_TYPES, ...HOUSE_WORDS].map((word) => word.toLowerCase()),
);
// "Mrs Green", "Dr Hill", "Jane Green": after a title, or after a first name, these are surnames.
// prettier-ignore
export const SURNAMES_TOO = new Set([
  'green', 'hill', 'park', 'wood', 'street', 'may', 'lane', 'best', 'kind', 'church', 'town', 'march',
]);

// A form's own words are never a name, even after a title ("Title Miss First name Lakshmi").
export const FORM_WORDS = new Set(['first', 'last', 'surname', 'forename', 'forenames', 'name', 'names']);
export const isNameWord = (
  word: string,
  position: number,
  { afterTitle = false }: { afterTitle?: boolean },
) => {
  const lower = word.toLowerCase();
  // The word straight after a title is a name whatever it is ("Mrs Green"); later words that could
  // be surnames are too ("Jane Green"); any other non-name word ends the name.
  if (FORM_WORDS.has(lower)) return false;
  return (afterTitle && position === 0) || !NOT_NAMES.has(lower) || (position > 0 && SURNAMES_TOO.has(lower));
};

// A lower-case signature ("jane doe") is taken only after a sign-off, and only if no word is common
// English ("sent from my iphone").
// prettier-ignore
export const COMMON_WORDS = new Set([
  'sent', 'from', 'my', 'iphone', 'ipad', 'the', 'and', 'for', 'of', 'to', 'a', 'an', 'in', 'on', 'again',
  'all', 'you', 'very', 'much',
]);

export function escapeRegExp(value: string): string {
  return value.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

// A person's name inside a place's or a firm's: "St Edith's Way", "King George Avenue", "Charlotte
// Street", "Martin's Field", "Hollis Grant Architects", "Amberley Retirement Living".
export const PLACE_BEFORE = /(?<![\p{L}])(?:St\.?|Saint|King|Queen|Lord|Prince|Princess|Duke)[ \t\u00a0]+$/u;
// prettier-ignore
export const FIRM_WORDS = [
  'Architects', 'Architecture', 'Planning', 'Planners', 'Partners', 'Partnership', 'Transport', 'Living',
  'Forum', 'Bakery', 'Motors', 'Solicitors', 'Associates', 'Consultants', 'Consulting', 'Consultancy',
  'Homes', 'Developments', 'Estates', 'Ltd', 'LLP', 'Limited', 'PLC', 'Group', 'Trust', 'Society',
  'Association', 'Design', 'Landscape', 'Landscapes', 'Ecology', 'Engineering', 'Surveyors',
  'Properties', 'Property', 'Construction', 'Builders', 'Garage', 'Cafe', 'Café', 'Stores', 'Pharmacy',
  'Centre', 'Center', 'Cycle', 'Retirement', 'Hotel', 'Inn', 'Arms', 'Surgery', 'School', 'Academy',
  'College', 'Church', 'Chapel', 'Hall', 'Almshouses', 'Field', 'Fields', 'Memorial', 'Recreation',
  'Playing', 'Foundation', 'Charity', 'Club', 'Services', 'Farms', 'Nurseries', 'Nursery', 'Garden',
  'Convent', 'Wood', 'Woods', 'Meadow', 'Meadows', 'Common', 'Park', 'Estate', 'Council', 'District',
  'Borough', 'County', 'Parish', 'Town', 'City', 'Village', 'Agency', 'Authority',
];
export // One more capitalised word may come between: "Marchetti Rural Planning", "Quinlan Moss Planning".
const FIRM_AFTER = new RegExp(
  `^(?:['’]s)?(?:[ \\t\\u00a0]+\\p{Lu}[\\p{Ll}'’-]+)?[ \\t\\u00a0]+(?:(?:&|and)[ \\t]+(?:Sons|Partners|Co)(?![\\p{L}])|(?:${[...FIRM_WORDS, ...STREET_TYPES].join('|')})(?![\\p{L}]))`,
  'u',
);
// Street types that are seldom surnames: "Jane Green" is a person, "Charlotte Street" a street.
export const STREET_WORD_IN_NAME =
  /[ \t\u00a0](?:Street|Road|Rd|Avenue|Close|Drive|Way|Crescent|Gardens|Terrace|Grove|Mews|Parade)(?![\p{L}])/u;
// Words that make the words before them a firm or a building: "Civic Centre", "Hartsmere Bakery".
export const FIRM_WORD_IN_NAME =
  /[ \t\u00a0](?:Centre|Center|Police|Projects|Quarter|Extension|Villas|Canal|Ground|Architects|Planning|Planners|Partners|Bakery|Motors|Solicitors|Associates|Consultants|Homes|Developments|Estates|Living|Retirement|Surgery|School|Church|Chapel|Almshouses|Convent|Forum|Cycle|Transport|Ltd|LLP|Limited|Society|Trust|Group)(?![\p{L}])/u;

export function namesPlaceOrFirm(text: string, f: { from: number; to: number }): boolean {
  const name = text.slice(f.from, f.to);
  if (TITLE_START_AT.test(name)) return /['’]s[ \t]+\p{Lu}/u.test(text.slice(f.to, f.to + 4));
  if (PLACE_BEFORE.test(text.slice(Math.max(0, f.from - 9), f.from))) return true;
  // "Queen Victoria", "King Alfred", "St Edith": a royal's or a saint's name, not a resident's.
  if (/^(?:Queen|King|Prince|Princess|Saint|St\.?)[ \t]/u.test(name)) return true;
  // "I live on Bell Lane", "lives at Cherry Garth": untitled words after a preposition of place.
  if (
    /(?<![\p{L}])(?:on|at|along|off|via|near|opposite)[ \t]+$/u.test(
      text.slice(Math.max(0, f.from - 10), f.from),
    )
  )
    return true;
  if (STREET_WORD_IN_NAME.test(name) || FIRM_WORD_IN_NAME.test(name)) return true;
  const after = text.slice(f.to, f.to + 40);
  // "Martin's Field", "Patel's News": a possessive before a capitalised word names a place or a shop.
  if (/^['’]s[ \t]+\p{Lu}/u.test(after)) return true;
  return FIRM_AFTER.test(after);
}
export const TITLE_START_AT = /^(?:Mr|Mrs|Ms|Miss|Mx|Dr|Prof|Sir|Dame|Rev|Revd|Messrs)\.?[ \t]/u;

// "our warden Patience Osei", "Our footpath secretary, Huw ap Rhys": a person by their role.
export const ROLE_BEFORE =
  /(?<![\p{L}])(?:[Mm]y|[Oo]ur)[ \t]+(?:[\p{L}-]+[ \t]+){0,2}(?:warden|leader|secretary|chair|chairman|chairwoman|chairperson|treasurer|president|vice-president|[Oo]fficer|co-?ordinator|organiser|volunteer|vicar|rector|landlord|landlady|builder|farmer|colleague|GP|doctor|childminder|tenant)[ \t]*,?[ \t]+(?=\p{Lu})/gu;
// A group's officers labelled on a letterhead or at the foot: "Chair: Catriona Byrne", "Membership
// Sec: Ngozi Eze-Okafor", "Point of contact: Rory Mac". Residents all; not the parish clerk.
export const GROUP_ROLE_LABEL =
  /(?<![\p{L}])(?:Chair|Chairman|Chairwoman|Chairperson|Vice-[Cc]hair|Treasurer|(?:Membership[ \t]+|Hon\.?[ \t]+)?Sec(?:retary|\.)?|Churchwardens?|President|Point[ \t]+of[ \t]+contact|Organiser|Coordinator)[ \t]*:[ \t]*(?=\p{Lu})/gu;
// "mr and mrs Kofi and Adjoa Asamoah": a title in small letters before a capitalised name.
export const LOWER_TITLE =
  /(?<![\p{L}])(?:mr|mrs|ms|miss|dr)(?:[ \t]+(?:and|&)[ \t]+(?:mr|mrs|ms|miss|dr))?\.?[ \t]+(?=\p{Lu}\p{Ll})/gu;
// "the Hendersons (no. 4)", "From the Greens,", "The Kaurs next door": a family by its surname.
export const FAMILY =
  /(?<![\p{L}])[Tt]he[ \t]+(\p{Lu}(?:['’]\p{Lu})?\p{Ll}+(?:-\p{Lu}\p{Ll}+)*s)(?![\p{L}])/gu;
export const FAMILY_BEFORE = /(?:neighbours?|called|[Ff]rom|notably)[ \t,]+$/u;
export const FAMILY_AFTER =
  /^(?:[ \t]*\((?:no|number|at)\b|[ \t]+(?:next[ \t]+door|opposite|at[ \t]+(?:no|number)\b|across[ \t]+the|over[ \t]+the|down[ \t]+the|up[ \t]+the|who[ \t]|have[ \t]+(?:two|three|four|a|lived[ \t]+(?:here|there|next))|had[ \t]|live[ \t]|lived[ \t]|moved[ \t]))/u;
// "Shirin Farahani <shirin.farahani@example.net>": an email's display name.
export const DISPLAY_NAME =
  /(?:^|[:,][ \t]*|["'])(\p{Lu}[\p{L}'’.-]+(?:[ \t]+\p{Lu}[\p{L}'’.-]+){1,3})["']?[ \t]*<([^>@\s]+@[^>\s]+)>/gmu;

// A form's name fields, in any case and layout: "Q1 Your name: Lin", "Given name(s): Wen-Li",
// "first name - jade", "| First Name | Arvind |", "Name ______Bogdan Ionescu______",
// "Surname ............ ÓGÁIN", "Surname, Forename: Adeyemi-Clarke, Folasade".
export const NAME_FIELD =
  /^[ \t]*(?:\|[ \t]*)?(?:Q?\d{1,2}[.):]?[ \t]+)?(?:your[ \t]+)?(?:full[ \t]+)?(?:name|surname|first[ \t]*name|forenames?|given[ \t]+names?|last[ \t]*name|family[ \t]+name|surname,[ \t]*forenames?|created[ \t]+by|lead[ \t]+contact|contact[ \t]+name|name[ \t]+of[ \t]+(?:respondent|person[ \t]+submitting))(?:[ \t]*\(s\))?(?:[ \t]*:|[ \t]+[-–][ \t]|[ \t]*\|[ \t]*|[ \t]*\.{3,}|[ \t]*_{2,}|[ \t]{3,})[ \t_.]*/gimu;

export function findFieldNames(text: string): Found[] {
  const found: Found[] = [];
  for (const m of matches(NAME_FIELD, text)) {
    const from = m.index + m[0].length;
    const lineEnd = text.indexOf('\n', from);
    const line = text.slice(from, lineEnd === -1 ? text.length : lineEnd);
    // Each cell of the row: a form may hold the respondent's and the agent's columns side by side.
    let offset = 0;
    for (const cell of line.split(/(?=[ \t]{3,}|\||_{2,})/u)) {
      const lead = cell.length - cell.replace(/^[ \t|_]+/u, '').length;
      const value = cell.slice(lead).replace(/[ \t_|\r]+$/u, '');
      const at = from + offset + lead;
      offset += cell.length;
      if (value === '' || /^(?:n\/?a|none|-+)$/iu.test(value) || NOT_SIGNATURES.has(value.toLowerCase()))
        continue;
      const words = value.split(/[ \t]+|,[ \t]*/u);
      if (words.length > 5 || !words.every((w) => /^[\p{L}'’.-]+$/u.test(w))) continue;
      const titled = words.map((w) => w.charAt(0).toUpperCase() + w.slice(1).toLowerCase());
      if (
        titled.some(
          (w, i) => !isNameWord(w.replace(/^(?:O|Mc)['’]?/u, ''), i, {}) || COMMON_WORDS.has(w.toLowerCase()),
        )
      )
        continue;
      if (TITLES.includes(titled[0]!) && titled.length === 1) continue;
      found.push({ kind: 'name', from: at, to: at + value.length });
    }
  }
  return found;
}

/** "Bryony Hale" in a letter that gives bryony.hale@example.co.uk: the mailbox names its owner. */
export function findNamesOfEmails(text: string): Found[] {
  const found: Found[] = [];
  const locals = new Set<string>();
  // From each "@" or "at" backwards: a pattern tried at every letter of a long letter was slow.
  for (const at of text.matchAll(/@|\[at\]|\(at\)|[ \t]at[ \t]/g)) {
    const m = /([A-Za-z][A-Za-z'’]*(?:[._-][A-Za-z'’]+)+)[ \t]*$/.exec(
      text.slice(Math.max(0, at.index - 60), at.index),
    );
    if (!m || isRoleMailbox(m[1]!)) continue;
    locals.add(m[1]!.toLowerCase().replace(/['’]/g, ''));
  }
  // The pattern is tried only near each place the surname's last letters stand: over a long letter,
  // once for each mailbox, it was slow.
  let lower: string | undefined;
  const seen = new Set<number>();
  for (const local of locals) {
    const parts = local.split(/[._-]/).filter((part) => part.length > 1);
    if (parts.length < 2 || parts.length > 3) continue;
    lower ??= text.toLowerCase();
    // Each part a word, an apostrophe allowed inside ("o’reilly" for oreilly); the first part may be
    // a nickname in quotes after the forename ("stephen “steve” o’reilly").
    const word = (part: string) => part.split('').map(escapeRegExp).join("['’]?");
    const [first, ...others] = parts.map(word);
    const pattern = new RegExp(
      `(?<![\\p{L}])(?:\\p{L}+[ \\t]+["“'‘]${first}["”'’]|${first}(?:[ \\t]+["“'‘]\\p{L}+["”'’])?)[ \\t]+${others.join('[ \\t]+')}(?![\\p{L}@.])`,
      'giu',
    );
    const tail = parts.at(-1)!.slice(-3);
    for (let at = lower.indexOf(tail); at !== -1; at = lower.indexOf(tail, at + 1)) {
      const from = Math.max(0, at - 80);
      const window = text.slice(from, at + tail.length + 1);
      for (const m of window.matchAll(pattern)) {
        if (seen.has(from + m.index) || !/^\p{Lu}|^\p{Ll}+(?:[ \t]|$)/u.test(m[0])) continue;
        seen.add(from + m.index);
        found.push({ kind: 'name', from: from + m.index, to: from + m.index + m[0].length });
      }
    }
  }
  return found;
}

// A sign-off and the name on one line ("Regards, Paddy Nolan", "thanks jen", "from kelsey"), and a
// signature standing alone at the letter's end with no sign-off above it ("…residents.\nCiarán",
// "-mick", "sue and pete", "The Fairweather-Okoros").
export const SIGN_OFF_WORDS =
  '[ \\t]*(?:(?:(?:kind|best|warm|many)[ \\t]+)?(?:regards|thanks|wishes)|cheers|from|love|thank[ \\t]+you|yours(?:[ \\t]+(?:sincerely|faithfully|truly))?|sincerely|sent[ \\t]+by)[ \\t]*[,.!–—-]?';
export const SIGN_OFF_INLINE = new RegExp(`^${SIGN_OFF_WORDS}[ \\t]+(?=\\p{L})`, 'gimu');
export const SIGN_OFF_ALONE = new RegExp(`^${SIGN_OFF_WORDS}$`, 'iu');
export const PARTICLES = new Set([
  'van',
  'von',
  'den',
  'der',
  'de',
  'da',
  'di',
  'del',
  'la',
  'le',
  'ap',
  'ab',
  'bin',
  'al',
]);
export const capitalisedStart = (value: string) => /^\p{Lu}/u.test(value);
export const PLACE_PREFIX =
  /^(?:North|South|East|West|Upper|Lower|Great|Little|Old|New|Kings|Nether|High|Long)$/u;
export const NOT_SIGNATURES = new Set([
  'anon',
  'anonymous',
  'resident',
  'residents',
  'a resident',
  'local resident',
  'concerned resident',
  'name withheld',
  'objector',
  'thanks',
  'regards',
  'cheers',
  'everyone',
  'all',
  'council',
  'ps',
  'nb',
  'not given',
  'not provided',
  'not stated',
  'withheld',
  'date',
  // Words a line may start with after "from" that no one is called ("from no 8 the crescent").
  'no',
  'number',
  'the',
  'me',
  'us',
  'home',
  'here',
  'there',
  'my',
  'our',
]);

export function signatureAt(text: string, from: number, to: number, { cue }: { cue: boolean }): Found | null {
  const raw = text.slice(from, to);
  const value = raw.replace(/^[ \t]*[-–—~][ \t]*/u, '').replace(/[ \t.!,\r]+$/u, '');
  const at = from + raw.indexOf(value);
  if (value === '' || NOT_SIGNATURES.has(value.toLowerCase())) return null;
  const family = /^The[ \t]+(\p{Lu}[\p{L}'’-]+s)$/u.exec(value);
  if (family) return { kind: 'name', from: at + value.indexOf(family[1]!), to: at + value.length };
  const words = value
    .split(/[ \t]+/u)
    .filter((w) => !/^(?:and|&|n)$/iu.test(w) && !(capitalisedStart(value) && PARTICLES.has(w)));
  if (words.length === 0 || words.length > 4 || !words.every((w) => /^[\p{L}'’-]+$/u.test(w))) return null;
  const lower = words.every((w) => w === w.toLowerCase());
  const capitalised = words.every((w) => /^\p{Lu}(?:['’]\p{Lu})?\p{Ll}/u.test(w));
  if (!lower && !capitalised) return null;
  const titled = words.map((w) => w.charAt(0).toUpperCase() + w.slice(1));
  if (titled.some((w, i) => !isNameWord(w, i, {}) || COMMON_WORDS.has(w.toLowerCase()))) return null;
  // Small letters with no sign-off: only a known forename ("tony griffiths", not "see above").
  if (lower && !cue && !titled.some((w) => isForename(w))) return null;
  // A town at the letter's foot ("West Malling", "Little Dunstall") is no signature.
  if (!cue && words.length > 1 && PLACE_PREFIX.test(titled[0]!)) return null;
  return { kind: 'name', from: at, to: at + value.length };
}

// "On 3 May 2026, at 09:12, Gurpreet Bains wrote:": a quoted email's writer.
const WROTE =
  /^[ \t>]*On[ \t][^\n]{3,60},[ \t]+(\p{Lu}[\p{L}'’-]+(?:[ \t]+\p{Lu}[\p{L}'’-]+){1,3})[ \t]+wrote:/gmu;

/** Where the last line with words starts, contact lines (a mailbox, a number) left aside. */
function lastLineWithWords(text: string): number {
  let end = text.length;
  while (end > 0) {
    const from = text.lastIndexOf('\n', end - 1) + 1;
    const line = text.slice(from, end);
    if (/\p{L}/u.test(line) && !/@|\d{3}/u.test(line)) return from;
    end = from - 1;
  }
  return 0;
}

export function findSignOffLines(text: string): Found[] {
  const found: Found[] = [];
  let lastWordsLine: number | undefined;
  for (const m of matches(WROTE, text)) {
    const from = m.index + m[0].lastIndexOf(m[1]!);
    if (m[1]!.split(/[ \t]+/u).every((w, i) => isNameWord(w, i, {})))
      found.push({ kind: 'name', from, to: from + m[1]!.length });
  }
  for (const m of matches(SIGN_OFF_INLINE, text)) {
    const from = m.index + m[0].length;
    const end = text.indexOf('\n', from);
    // The line may go on with where they live: "sent by lee n michelle @ 41 bramley rd".
    const lineEnd = end === -1 ? text.length : end;
    const rest = /[ \t]+(?:@|at|of|from)[ \t]|[,(]|\d/u.exec(text.slice(from, lineEnd));
    // Small letters after the sign-off are a name at the letter's foot, or a known forename
    // ("thanks jen"), not "cheers mate" in the middle of a letter.
    const atFoot = lineEnd >= (lastWordsLine ??= lastLineWithWords(text));
    const sign = signatureAt(text, from, rest ? from + rest.index : lineEnd, { cue: atFoot });
    if (sign) found.push(sign);
  }
  // The last line, under any contact lines (a telephone number, an email address).
  let end = text.length;
  for (let step = 0; step < 4; step++) {
    const trimmedEnd = text.slice(0, end).trimEnd().length;
    const from = text.lastIndexOf('\n', trimmedEnd - 1) + 1;
    const line = text.slice(from, trimmedEnd);
    if (line.trim() === '') break;
    if (/@|\d{3}|^[ \t]*(?:sent from|get outlook)/iu.test(line)) {
      end = from;
      continue;
    }
    // The line above ends a sentence, is a sign-off, or is blank: a signature, not a sentence's tail.
    const above = text.slice(text.lastIndexOf('\n', Math.max(0, from - 2)) + 1, Math.max(0, from - 1)).trim();
    const dash = /^[ \t]*[-–—~]/u.test(line);
    if (above !== '' && !dash && !/[.!?]$/u.test(above) && !SIGN_OFF_ALONE.test(above)) break;
    // The nearest line above with words: a sign-off there is a cue ("kind regards\n\nnaveed").
    const nearest = text.slice(0, from).trimEnd();
    const signedOff = SIGN_OFF_ALONE.test(nearest.slice(nearest.lastIndexOf('\n') + 1).trim());
    const sign = signatureAt(text, from, trimmedEnd, { cue: dash || signedOff });
    if (sign) found.push(sign);
    break;
  }
  return found;
}

// A public body's officer named at work (issue 26): "Clerk: Mrs Meinir Wyn", "Jo Fairweather, Parish
// Clerk", "Rebecca Tollemache\nInspector of Historic Buildings", "Ms Achterberg (Planning Policy
// Manager)". Not a community group's own officers (secretary, chair, treasurer): they are residents.
const PUBLIC_ROLE =
  '(?:\\p{Lu}\\p{L}+[ \\t]+){0,2}(?:(?:[Cc]ase|[Pp]lanning|[Ee]nforcement|[Pp]olicy|Designing[ \\t]+Out[ \\t]+Crime)[ \\t]+[Oo]fficer|Inspector(?![ \\t]+(?:Programme|Report))|Head[ \\t]?[Tt]eacher|(?:Policy|Development[ \\t]+Management)[ \\t]+Manager)(?![\\p{L}])';
const ROLE_LABEL_BEFORE = /(?:^|\n)[ \t]*(?:Case|Planning|Enforcement)[ \t]+[Oo]fficer[ \t]*:[ \t]*$/u;
// "signed by Mr P. Okeke (KCC)", "Ms Ferreira from your team": the council's own.
const ROLE_AFTER_ON_LINE = new RegExp(
  `^(?:[ \\t]+\\p{Lu}[\\p{L}()]*)*?(?:[ \\t]*(?:,|\\(|[-–][ \\t])[ \\t]*(?:the[ \\t]+)?${PUBLIC_ROLE}|[ \\t]*\\(\\p{Lu}{1,4}C\\)|[ \\t]+from[ \\t]+(?:your|the[ \\t]+council['’]s)[ \\t]+(?:team|department|office))`,
  'u',
);
const ROLE_LINE = new RegExp(`^[ \\t]*${PUBLIC_ROLE}`, 'u');
// Post-nominals and the like between the name and its line's end ("BA (Hons) MRTPI").
const LINE_TAIL = /^(?:[ \t]+[\p{Lu}(][\p{L}()]*)*[ \t]*\r?$/u;

export function namedInPublicRole(text: string, f: { from: number; to: number }): boolean {
  const lineStart = text.lastIndexOf('\n', f.from - 1) + 1;
  if (ROLE_LABEL_BEFORE.test(text.slice(Math.max(0, lineStart - 1), f.from))) return true;
  const end = text.indexOf('\n', f.to);
  const rest = text.slice(f.to, end === -1 ? text.length : end);
  if (ROLE_AFTER_ON_LINE.test(rest)) return true;
  // A name alone on its line (a signature) with the role on the next.
  if (end === -1 || !LINE_TAIL.test(rest) || text.slice(lineStart, f.from).trim() !== '') return false;
  const nextEnd = text.indexOf('\n', end + 1);
  return ROLE_LINE.test(text.slice(end + 1, nextEnd === -1 ? text.length : nextEnd));
}
