/**
 * Whose contact details these are (issue 26). A telephone number, email address or postal address
 * is personal data only when it is a person's: the council's switchboard, a public body's published
 * mailbox and an agent's office address are published on purpose and must not be proposed.
 *
 * What tells them apart is the text around them: the block of lines they stand in (a letterhead or
 * signature naming a firm or a body) or the sentence they stand in ("ring the council on …").
 */

import { isForename } from './personalData.names';

type Range = { from: number; to: number };

const APPLICATION_LINE = /^[ \t]*\d{2}\/\d{3,5}(?:\/[A-Z]{2,5})?[ \t]*[-–—:][ \t]*$/u;
const JOB_BEFORE =
  /(?<![\p{L}])(?:Adviser|Advisor|Officer|Manager|Director|Inspector|Planner)[ \t]*,[ \t]*$/u;
const ROLE_HOLDER_BEFORE = /:[ \t]*(\p{Lu}\p{Ll}+)[ \t]+\p{Lu}[\p{Ll}'’]+(?:-\p{Lu}\p{Ll}+)?,[ \t]*$/u;

// A firm, a public body, a job title: a block holding one of these is an organisation's.
const ORGANISATION =
  /(?<![\p{L}])(?:Ltd|Limited|LLP|PLC|plc|Council|Agency|Authority|Trust|Consultants?|Consultancy|Associates|Architects|Surveyors|Solicitors|Partnership|Planning(?:[ \t]+(?:Policy|Consultants|LLP|Ltd|Team))|Homes|Developments|Estates|Group|Forum|Federation|Village[ \t]+Hall|Chambers|England|Network[ \t]+Rail|National[ \t]+(?:Highways|Landscape|Trust)|Officer|Director|Manager|Specialist|Planner|Partner|Clerk|Secretary|Team|team|on[ \t]+behalf[ \t]+of|Registered[ \t]+in)(?![\p{L}])/u;
// In a sentence: the body whose number or mailbox it is ("the council's switchboard", "Floodline").
const PUBLIC_IN_SENTENCE =
  /(?<![\p{L}])(?:council|Council|switchboard|helpline|Helpline|Floodline|Agency|Highways|Trust|team|Team|Ltd|LLP|Society|Association|the[ \t]+EA|KCC|TMBC|Natural[ \t]+England|Historic[ \t]+England|Environment[ \t]+Agency|Programme[ \t]+Officer|society|club|Club|church|Church|school|School|surgery|Surgery|website|enquiries|plc|Department|Service|Offices|Chamber|Clerk|company|Manager|parish[ \t]+office|\p{Lu}\p{L}+['’]s[ \t]+(?:phone[ \t]+)?(?:number|line|helpline|switchboard)|(?:rang|phoned|called|dialled|tried)[ \t]+(?:them[ \t]+on[ \t]+)?…|(?:had|tried|have)[ \t]+to[ \t]+(?:ring|call|phone)[ \t]+…)(?![\p{L}])/u;
// Whose number: "my mobile", "call me on", "reach us"; "I rang 01732 844522" is not the writer's.
const FIRST_PERSON = /(?<![\p{L}])(?:I'm|I’m|I[ \t]+am|my|My|me|mine|us|our|Our)(?![\p{L}])/u;
// A role mailbox: the local part names a job or a purpose, not a person. Not a community group's
// officers (secretary, chair, members, friends of…, a campaign): their mailbox reaches one
// resident, and a public output must withhold it (consultation-analysis.test.ts).
const ROLE_MAILBOX =
  /plan|info|clerk|consult|polic|officer|team|contrib|enquir|admin|office|contact|estates|ldf|prow|devcon|mmo|hello|mail|reception|support|general|press|media|council|parish|trust|bookings|sales|lettings|news|events|no-?reply|do-?not-?reply|strategy|services/i;
// A UK mobile number as written (07…, +44 7…): a person's, wherever it stands.
const MOBILE = /^(?:\+44[ \t]*)?0?7/;
// A direct line or mobile in an organisation's block is the person's own.
const DIRECT_LINE =
  /(?:DD|Direct(?:[ \t]+(?:dial|line))?|Mob(?:ile)?|M|Personal|Mobile[ \t]+phone)[ \t]*[:.]?[ \t]*$/i;

// A line in a signature labelled as the person's own ("DD: 01632 …", "Direct line: …").
const DIRECT_LINE_IN_BLOCK =
  /(?:^|\n|[ \t|])(?:DD|Direct(?:[ \t]+(?:dial|line))?)[ \t]*[:.]?[ \t]*(?:\+44[ \t]*(?:\(0\))?[ \t]*)?0?\d/i;

/** The block of non-blank lines holding `at`. */
function blockAround(text: string, at: Range): Range {
  const before = text.lastIndexOf('\n\n', at.from);
  const beforeCr = text.lastIndexOf('\n\r\n', at.from);
  const from = Math.max(before, beforeCr) + 1;
  const after = text.slice(at.to).search(/\r?\n[ \t]*\r?\n/);
  return { from, to: after === -1 ? text.length : at.to + after };
}

/** The sentence or line holding `at`. */
function sentenceAround(text: string, at: Range): string {
  // The found text itself is left out: "12 School Lane" is no school.
  let from = at.from;
  while (from > 0 && !/[.!?\n]/.test(text[from - 1]!) && at.from - from < 300) from--;
  // "... Ltd." or "e.g." inside would end it early: good enough, it stays short.
  let to = at.to;
  while (
    to < text.length &&
    !/[!?\n]/.test(text[to]!) &&
    !(text[to] === '.' && /\s/.test(text[to + 1] ?? ' ')) &&
    to - at.to < 300
  )
    to++;
  return `${text.slice(from, at.from)} … ${text.slice(at.to, to)}`;
}

/** The lines of the block from four above `at` to two below: a signature or letterhead's reach. */
function linesNear(text: string, at: Range, block: Range): string {
  let from = at.from;
  for (let n = 0; n < 5 && from > block.from; n++) from = text.lastIndexOf('\n', from - 2) + 1;
  let to = at.to;
  for (let n = 0; n < 3 && to < block.to; n++) {
    const next = text.indexOf('\n', to + 1);
    to = next === -1 ? text.length : next;
  }
  return text.slice(Math.max(from, block.from), Math.min(to, block.to));
}

function lineStartBefore(text: string, at: number): string {
  return text.slice(text.lastIndexOf('\n', at - 1) + 1, at);
}

/** A block that reads as lines (a letterhead, a signature) rather than prose. */
function isListBlock(block: string): boolean {
  const lines = block.split('\n').filter((l) => l.trim() !== '');
  return lines.length > 1 && lines.every((l) => l.length < 90);
}

function personalEmailIn(block: string): boolean {
  return (block.match(/[^\s<>()@,;:]+@[^\s<>()@,;:]+/g) ?? []).some((email) => !isRoleMailbox(email));
}

export function isRoleMailbox(email: string): boolean {
  // "jane.doe+planning@…" is Jane Doe's: the tag after + is hers to choose.
  const local = (email.split(/@|[ \t]+at[ \t]+|\[at\]|\(at\)/i)[0] ?? '').replace(/\+.*/, '');
  return ROLE_MAILBOX.test(local);
}

/** Whether a contact detail found at `at` belongs to an organisation rather than a person. */
export function isOrganisationContact(
  text: string,
  at: Range,
  kind: 'telephone number' | 'email address' | 'address',
): boolean {
  const found = text.slice(at.from, at.to);
  if (kind === 'email address' && isRoleMailbox(found)) return true;
  if (kind === 'address') {
    const before = text.slice(Math.max(0, at.from - 60), at.from);
    // "I live at …", "my postal address is …", "owners of …": someone's own home whatever follows.
    if (OWN_HOME_BEFORE.test(before)) return false;
    // "Footpath Secretary: Tessa Oyelaran-Booth, 7 Meadowsweet Close": a group's officer at home.
    const holder = ROLE_HOLDER_BEFORE.exec(lineStartBefore(text, at.from));
    if (holder && isForename(holder[1]!) && !ORGANISATION.test(holder[0])) return false;
    // "Registered office: …", "the Civic Centre, Mill Lane", "c/o Oakhurst Village Hall, …", a site's line.
    const firstPart = found.split(/,|\r?\n/)[0]!;
    // "25/04118/HFUL – 42 Woollards Lane": a line led by an application's reference names its site;
    // "Casework Adviser, 6 Fitzroy Square": a job title before it, the body's office.
    if (APPLICATION_LINE.test(lineStartBefore(text, at.from)) || JOB_BEFORE.test(before)) return true;
    if (/(?<![\p{L}])(?:Civic|Council)[ \t]+(?:Centre|Offices)(?![\p{L}])/u.test(found)) return true;
    if (PREMISES_BEFORE.test(before) || PREMISES_NAME.test(firstPart)) return true;
    if (
      /^[ \t]*(?:Site(?:[ \t]+address)?|Location|Land[ \t]+(?:at|off|to|adjacent))\b/iu.test(
        lineStartBefore(text, at.from),
      )
    )
      return true;
  }
  // "Case officer: Sarah Maitland, 01539 733333": the council's officer's line at work.
  if (
    kind !== 'address' &&
    /(?:Case|Planning|Enforcement)[ \t]+[Oo]fficer[ \t]*:/u.test(lineStartBefore(text, at.from))
  )
    return true;
  // An extension is a person's own line at their firm.
  if (kind === 'telephone number' && /^[ \t]*\(?ext/i.test(text.slice(at.to, at.to + 8))) return false;
  // A councillor's official mailbox: "'Cllr Rob Stainer' <rob.stainer@councillors.example.gov.uk>".
  if (kind === 'email address' && /@councillors?\./iu.test(found)) return true;
  // A public body's mailbox with no person's name in it: "dm@southlakeland.gov.uk".
  if (kind === 'email address' && /^[a-z0-9-]+@[^@\s]+\.(?:gov|police|nhs|parliament)\.uk$/iu.test(found))
    return true;
  if (kind === 'telephone number') {
    // Beside a role mailbox or a website on its line ("planning.policy@…, 01732 227000", "Tel: … |
    // clerk@…", "(kentdowns.org.uk, 01303 815170)"), and no person's own mailbox: the body's.
    const line = lineAround(text, at);
    if (!personalEmailIn(line) && !FIRST_PERSON.test(line)) {
      const mailboxes = line.match(/[^\s<>()@,;:|]+@[^\s<>()@,;:|]+/g) ?? [];
      if (
        mailboxes.some(isRoleMailbox) ||
        /(?<![@\w.-])(?:www\.)?[a-z0-9-]+\.(?:org|gov|co|com|net)(?:\.uk)?(?![\w@-])/iu.test(
          line.replace(/\S+@\S+/g, ''),
        )
      )
        return true;
    }
    // "020 7946 0552 (direct)" is the person's own; "(main)", "Switchboard:", "our office number is"
    // the firm's or the body's.
    const after = text.slice(at.to, at.to + 16);
    if (/^[ \t]*\((?:direct|mobile|mob|personal|home|evenings?|my[ \t]+mobile)\)/iu.test(after)) return false;
    if (/^[ \t]*\((?:main|reception|switchboard|general|enquiries)\)/iu.test(after)) return true;
    if (
      /(?:Switchboard|Reception|Main[ \t]+line|office[ \t]+(?:number|line)[ \t]+is)[ \t]*[:.]?[ \t]*$/iu.test(
        text.slice(Math.max(0, at.from - 30), at.from),
      )
    )
      return true;
  }
  const blockRange = blockAround(text, at);
  const block = text.slice(blockRange.from, blockRange.to);
  const sentence = sentenceAround(text, at);
  // "If you have any queries please contact 01354 654321": a landline given for queries, with no
  // one's own words, is the office's. A mobile stays its owner's ("ring Jo on 07700 …").
  if (
    kind === 'telephone number' &&
    !MOBILE.test(found) &&
    /(?<![\p{L}])queries(?![\p{L}])/u.test(sentence) &&
    !FIRST_PERSON.test(sentence)
  )
    return true;
  const listed = isListBlock(block);
  if (listed && ORGANISATION.test(linesNear(text, at, blockRange))) {
    // "Lead petitioner: Mrs Kelly Marsh, 14 Constitution Hill": a person's own address on their line.
    if (kind === 'address') {
      // "Secretary: Rosalind Ekpo, 2 Allotment Cottages": a person named just before it on its line.
      const lead = lineStartBefore(text, at.from);
      const named =
        /(?:^[ \t]*|:[ \t]*)(?!The[ \t])\p{Lu}\p{Ll}+[ \t]+\p{Lu}[\p{Ll}'’]+(?:-\p{Lu}\p{Ll}+)?,[ \t]*$/u.exec(
          lead,
        );
      if (named && !ORGANISATION.test(named[0])) return false;
      return !/(?<![\p{L}])(?:Mr|Mrs|Ms|Miss|Mx|Dr)\.?[ \t]/u.test(lead);
    }
    if (kind === 'telephone number') {
      const lead = lineStartBefore(text, at.from);
      if (DIRECT_LINE.test(lead) || MOBILE.test(found)) return false;
      // Beside the person's own direct line, another number in the block is the firm's.
      if (DIRECT_LINE_IN_BLOCK.test(block)) return true;
      // A signature with the person's own email address gives their own line too.
      return !personalEmailIn(block);
    }
    return false; // a named person's email address at a firm is still theirs
  }
  if (!FIRST_PERSON.test(sentence) && PUBLIC_IN_SENTENCE.test(sentence)) return true;
  if (kind === 'address' && !HOME.test(sentence)) {
    // A body's premises: "The Coal Authority, 200 Lichfield Lane, …", "our day centre at …", "the
    // former Newsprint site at …", or beside a role mailbox.
    if (ORGANISATION.test(sentence) || PREMISES.test(sentence) || FIRM.test(sentence)) return true;
    const line = lineAround(text, at);
    if (!personalEmailIn(line) && /[^\s@]+@[^\s@]+\.[a-z]{2,}/i.test(line)) return true;
  }
  // "… West Malling ME19 4LZ. Tel 01732 844522.": a bare number takes the sentence before it.
  if (
    kind === 'telephone number' &&
    sentence.replace(/…/, '').trim().length < 25 &&
    // On the same line as the sentence before: "Tel 01732 844522." after the body's address.
    !/\n[^\n]*$/.test(text.slice(Math.max(0, at.from - sentence.indexOf('…') - 2), at.from)) &&
    !personalEmailIn(block)
  ) {
    const before = sentenceAround(text, {
      from: Math.max(0, at.from - 2 - sentence.indexOf('…')),
      to: at.from,
    });
    if (!FIRST_PERSON.test(before) && (PUBLIC_IN_SENTENCE.test(before) || ORGANISATION.test(before)))
      return true;
  }
  return false;
}

// Where someone lives: "I live at", "my house", "our home".
const HOME =
  /(?<![\p{L}])(?:I|I'm|I’m|my|My|we[ \t]+live|We[ \t]+live|our[ \t]+(?:home|house|property|garden|cottage|flat|bungalow)|Our[ \t]+(?:home|house|property|garden|cottage|flat|bungalow))(?![\p{L}])/u;
const PREMISES =
  /(?<![\p{L}])(?:centre|Centre|premises|offices|Offices|headquarters|depot|site|works|factory|warehouse|Research|Authority|Organisation|BC|DC|campus)(?![\p{L}])/u;
// A firm named with its trade: "Savills Planning", "DHA Planning".
const FIRM =
  /\p{Lu}[\p{L}&)]*[ \t]+(?:Planning|Architects|Surveyors|Solicitors|Estates|Property|Properties)(?![ \t]+(?:Committee|Inspector|Inspectorate|Policy|Officer|application|permission))/u;

function lineAround(text: string, at: Range): string {
  const from = text.lastIndexOf('\n', at.from - 1) + 1;
  const end = text.indexOf('\n', at.to);
  return `${text.slice(from, at.from)} … ${text.slice(at.to, end === -1 ? text.length : end)}`;
}

// "Dr and Mrs Sanjay Bhattacharya of …", "Mr Hamish Strachan (…": a titled person's own home.
const TITLED_PERSON =
  "(?<![\\p{L}])(?:Mr|Mrs|Ms|Miss|Mx|Dr)\\.?[ \\t]+(?:\\p{Lu}[\\p{L}'’.-]*[ \\t]+){0,3}\\p{Lu}[\\p{Ll}'’-]+";
const OWN_HOME_BEFORE = new RegExp(
  String.raw`(?:(?<![\\p{L}])(?:(?:I|[Ww]e)[ \t]+)?(?:(?:have[ \t]+)?lived?|am[ \t]+living|are[ \t]+living)[ \t]+(?:at|in|on)(?:[ \t]+the[ \t]+[\p{L} ]{1,30}\()?|(?:[Mm]y|[Oo]ur)[ \t]+(?:postal[ \t]+)?(?:address|home|house)[ \t]+is|lives?[ \t]+at|owners?[ \t]+of|who[ \t]+owns?|letters[ \t]+to|${TITLED_PERSON}(?:[ \t]+of|[ \t]*\(|,)[ \t]*(?:\p{Lu}[^,\n()]{1,30},[ \t]*)?)[ \t]*$`,
  'u',
);
const PREMISES_BEFORE =
  /(?:[Rr]egistered[ \t]+[Oo]ffice|[Oo]ffice[ \t]+is[ \t]+at(?:[ \t]+Suite[ \t]+\d+,)?|Centre|Center|(?:Village|Town|Church|County|Memorial|Parish|Community|Scout)[ \t]+Hall|(?:Reading|Meeting|Committee)[ \t]+Room|Exchange|Library|Pavilion|Offices)[ \t]*[:,]?[ \t]*$/u;
const PREMISES_NAME =
  /(?<![\p{L}])(?:Village[ \t]+Hall|Civic[ \t]+Centre|Community[ \t]+Centre|Reading[ \t]+Room|Business[ \t]+Park|Industrial[ \t]+Estate|Offices)(?![\p{L}])/u;
