import { detectPersonalData, type PersonalDataKind } from './personalData';
import addresses from '../../test-data/personal-data-letters/addresses.json';
import agentsAndBodies2 from '../../test-data/personal-data-letters/agents-and-bodies-2.json';
import agents from '../../test-data/personal-data-letters/agents.json';
import decoys from '../../test-data/personal-data-letters/decoys.json';
import longLetters2 from '../../test-data/personal-data-letters/long-letters-2.json';
import longLetters3 from '../../test-data/personal-data-letters/long-letters-3.json';
import longLetters4 from '../../test-data/personal-data-letters/long-letters-4.json';
import longLetters5 from '../../test-data/personal-data-letters/long-letters-5.json';
import longLetters6 from '../../test-data/personal-data-letters/long-letters-6.json';
import longLetters from '../../test-data/personal-data-letters/long-letters.json';
import mixedStyles from '../../test-data/personal-data-letters/mixed-styles.json';
import morePetitions from '../../test-data/personal-data-letters/more-petitions-forms-emails.json';
import noPersonalData from '../../test-data/personal-data-letters/no-personal-data.json';
import obfuscated from '../../test-data/personal-data-letters/obfuscated-contacts.json';
import organisations from '../../test-data/personal-data-letters/organisations.json';
import petitionsAndForms from '../../test-data/personal-data-letters/petitions-and-forms.json';
import relatives from '../../test-data/personal-data-letters/relatives-and-neighbours.json';
import residents from '../../test-data/personal-data-letters/residents.json';
import split from '../../test-data/personal-data-letters/split.json';
import extraAgentsConsultants from '../../test-data/personal-data-letters-extra/agents-consultants.json';
import extraEmailsObfuscated from '../../test-data/personal-data-letters-extra/emails-obfuscated.json';
import extraFormsPetitions from '../../test-data/personal-data-letters-extra/forms-petitions.json';
import extraLongMixed from '../../test-data/personal-data-letters-extra/long-mixed.json';
import extraNamesWithoutCues from '../../test-data/personal-data-letters-extra/names-without-cues.json';
import extraNoPersonalAndTraps from '../../test-data/personal-data-letters-extra/no-personal-and-traps.json';
import extraOrganisations from '../../test-data/personal-data-letters-extra/organisations.json';
import extraResidentsAddressBlocks from '../../test-data/personal-data-letters-extra/residents-address-blocks.json';
import thirdAgentsAndConsultants from '../../test-data/personal-data-letters-extra3/agents-and-consultants.json';
import thirdEmailsAndThreads from '../../test-data/personal-data-letters-extra3/emails-and-threads.json';
import thirdNoPersonalDataTraps from '../../test-data/personal-data-letters-extra3/no-personal-data-traps.json';
import thirdOrganisationsParishStatutory from '../../test-data/personal-data-letters-extra3/organisations-parish-statutory.json';
import thirdPetitionsAndLists from '../../test-data/personal-data-letters-extra3/petitions-and-lists.json';
import thirdResidentsLongAndHandwritten from '../../test-data/personal-data-letters-extra3/residents-long-and-handwritten.json';
import thirdResidentsShortNotes from '../../test-data/personal-data-letters-extra3/residents-short-notes.json';
import thirdWebForms from '../../test-data/personal-data-letters-extra3/web-forms.json';
import fourthResidents from '../../test-data/personal-data-letters-extra4/residents.json';
import fourthRelativesAndNeighbours from '../../test-data/personal-data-letters-extra4/relatives-and-neighbours.json';
import fourthAgentsAndConsultants from '../../test-data/personal-data-letters-extra4/agents-and-consultants.json';
import fourthOrganisationsAndPublicBodies from '../../test-data/personal-data-letters-extra4/organisations-and-public-bodies.json';
import fourthPetitionsFormsAndLists from '../../test-data/personal-data-letters-extra4/petitions-forms-and-lists.json';
import fourthEmailsAndObfuscatedContacts from '../../test-data/personal-data-letters-extra4/emails-and-obfuscated-contacts.json';
import fourthLongLetters from '../../test-data/personal-data-letters-extra4/long-letters.json';
import fourthNoPersonalDataAndTraps from '../../test-data/personal-data-letters-extra4/no-personal-data-and-traps.json';
import laterAddressStyles from '../../test-data/personal-data-letters-extra2/address-styles.json';
import laterAgentsSignatures from '../../test-data/personal-data-letters-extra2/agents-signatures.json';
import laterFamilyAndNeighbours from '../../test-data/personal-data-letters-extra2/family-and-neighbours.json';
import laterFormsAndEmails from '../../test-data/personal-data-letters-extra2/forms-and-emails.json';
import laterLongLetters from '../../test-data/personal-data-letters-extra2/long-letters.json';
import laterNoPersonalDataTraps from '../../test-data/personal-data-letters-extra2/no-personal-data-traps.json';
import laterObfuscatedContacts from '../../test-data/personal-data-letters-extra2/obfuscated-contacts.json';
import laterPetitionsLists from '../../test-data/personal-data-letters-extra2/petitions-lists.json';

/**
 * The detector measured on the labelled letters of issue 26 (test-data/personal-data-letters,
 * written apart from the detector and split once into a tuning part and a held-out part). Test and
 * bench code, not exported from the package.
 *
 * Matching rule:
 * - Each labelled span is placed at its occurrence in the letter, in the order the spans are
 *   listed (their order of appearance).
 * - A labelled span is FOUND when detections of the same kind together cover at least half of its
 *   characters (so "Mrs J. Doe" proposed as "J. Doe" counts, a stray "Doe" in "Jane Doe-Smith
 *   MRTPI" does not).
 * - A detection is CORRECT when it overlaps, by at least one character, any occurrence in that
 *   letter of a labelled text of the same kind (so an unlabelled repeat of a labelled place or
 *   name is not a false alarm); otherwise it is a false alarm.
 * - A letter with no labelled span raises an alarm when the detector proposes anything in it.
 *
 * Only aggregate figures are reported for the held-out part: nothing here prints a held-out
 * letter or its misses (`misses` refuses held-out letters).
 */

export type LetterKind = 'name' | 'phone' | 'email' | 'address';
export type LabelledLetter = {
  id: string;
  writer: string;
  text: string;
  spans: { kind: LetterKind; text: string }[];
  notPersonal: { text: string; why: string }[];
};
/**
 * tuning: what the detector is changed by. heldOut: split.json's held-out letters (aggregates
 * only). heldOut2: 167 letters written on 2026-11-29 by a third writer who saw ten tuning letters
 * and nothing of the detector, kept out of tuning so that one part stays seldom consulted.
 * heldOut3: 170 letters written on 2026-11-29 (ids v4-…) by a fifth writer who saw no letter and
 * nothing of the detector, only the kinds to cover and the labelling rules; scored once unseen.
 */
export type LetterPart = 'tuning' | 'heldOut' | 'heldOut2' | 'heldOut3';

const files = [
  addresses,
  agentsAndBodies2,
  agents,
  decoys,
  longLetters2,
  longLetters3,
  longLetters4,
  longLetters5,
  longLetters6,
  longLetters,
  mixedStyles,
  morePetitions,
  noPersonalData,
  obfuscated,
  organisations,
  petitionsAndForms,
  relatives,
  residents,
] as unknown as LabelledLetter[][];

// Written after the split (2026-11-29) by a second writer who saw ten tuning letters and nothing
// of the detector: more of what residents, agents and forms write, all in the tuning part. The
// held-out part stays the letters split.json names.
const extraFiles = [
  extraAgentsConsultants,
  extraEmailsObfuscated,
  extraFormsPetitions,
  extraLongMixed,
  extraNamesWithoutCues,
  extraNoPersonalAndTraps,
  extraOrganisations,
  extraResidentsAddressBlocks,
] as unknown as LabelledLetter[][];

// A third batch of tuning letters (2026-11-29, ids v3-…), by a fourth writer who saw eight tuning
// letters and nothing of the detector; scored once as unseen before joining (bench/README).
const thirdFiles = [
  thirdAgentsAndConsultants,
  thirdEmailsAndThreads,
  thirdNoPersonalDataTraps,
  thirdOrganisationsParishStatutory,
  thirdPetitionsAndLists,
  thirdResidentsLongAndHandwritten,
  thirdResidentsShortNotes,
  thirdWebForms,
] as unknown as LabelledLetter[][];

const laterFiles = [
  laterAddressStyles,
  laterAgentsSignatures,
  laterFamilyAndNeighbours,
  laterFormsAndEmails,
  laterLongLetters,
  laterNoPersonalDataTraps,
  laterObfuscatedContacts,
  laterPetitionsLists,
] as unknown as LabelledLetter[][];

// The fifth writer's letters (ids v4-…): the third held-out part.
const fourthFiles = [
  fourthResidents,
  fourthRelativesAndNeighbours,
  fourthAgentsAndConsultants,
  fourthOrganisationsAndPublicBodies,
  fourthPetitionsFormsAndLists,
  fourthEmailsAndObfuscatedContacts,
  fourthLongLetters,
  fourthNoPersonalDataAndTraps,
] as unknown as LabelledLetter[][];

const allLetters = files.flat();
const extraLetters = [...extraFiles.flat(), ...thirdFiles.flat()];
const laterLetters = laterFiles.flat();
const fourthLetters = fourthFiles.flat();

export function lettersOf(part: LetterPart): LabelledLetter[] {
  if (part === 'heldOut2') return laterLetters;
  if (part === 'heldOut3') return fourthLetters;
  const ids = new Set<string>(split[part]);
  const listed = allLetters.filter((letter) => ids.has(letter.id));
  return part === 'tuning' ? [...listed, ...extraLetters] : listed;
}

export const letterKinds: Record<LetterKind, PersonalDataKind> = {
  name: 'name',
  phone: 'telephone number',
  email: 'email address',
  address: 'address',
};

type Range = { from: number; to: number };
export type KindScore = {
  kind: LetterKind;
  labelled: number;
  found: number;
  recall: number;
  detections: number;
  correct: number;
  precision: number;
};
export type PartScore = { kinds: KindScore[]; emptyLetters: number; emptyWithAlarm: number };
export type LetterResult = {
  missed: { kind: LetterKind; text: string }[];
  falseAlarms: { kind: LetterKind; text: string }[];
};

/** Each span's place in the letter, taking the spans in order of appearance. */
function placeSpans(letter: LabelledLetter): (Range & { kind: LetterKind })[] {
  let cursor = 0;
  return letter.spans.map((span) => {
    let at = letter.text.indexOf(span.text, cursor);
    if (at === -1) at = letter.text.indexOf(span.text);
    cursor = at + 1;
    return { kind: span.kind, from: at, to: at + span.text.length };
  });
}

function occurrences(text: string, needle: string): Range[] {
  const found: Range[] = [];
  for (let at = text.indexOf(needle); at !== -1; at = text.indexOf(needle, at + 1))
    found.push({ from: at, to: at + needle.length });
  return found;
}

const overlaps = (a: Range, b: Range) => a.from < b.to && b.from < a.to;

function covered(span: Range, detections: Range[]): number {
  let count = 0;
  for (let i = span.from; i < span.to; i++) if (detections.some((d) => d.from <= i && i < d.to)) count++;
  return count;
}

function scoreLetter(letter: LabelledLetter) {
  const detections = detectPersonalData(letter.text);
  const placed = placeSpans(letter);
  const perKind = (Object.keys(letterKinds) as LetterKind[]).map((kind) => {
    const ofKind = detections.filter((d) => d.kind === letterKinds[kind]);
    const spans = placed.filter((s) => s.kind === kind);
    const anyOccurrence = [
      ...new Set(letter.spans.filter((s) => s.kind === kind).map((s) => s.text)),
    ].flatMap((t) => occurrences(letter.text, t));
    const missed = spans.filter((s) => covered(s, ofKind) * 2 < s.to - s.from);
    const falseAlarms = ofKind.filter((d) => !anyOccurrence.some((o) => overlaps(d, o)));
    return { kind, spans, missed, detections: ofKind, falseAlarms };
  });
  return { detections, perKind };
}

const ratio = (part: number, whole: number) => (whole === 0 ? 1 : part / whole);

export function scorePart(part: LetterPart): PartScore {
  const tally = new Map<
    LetterKind,
    { labelled: number; found: number; detections: number; correct: number }
  >();
  let emptyLetters = 0;
  let emptyWithAlarm = 0;
  for (const letter of lettersOf(part)) {
    const { detections, perKind } = scoreLetter(letter);
    if (letter.spans.length === 0) {
      emptyLetters++;
      if (detections.length > 0) emptyWithAlarm++;
    }
    for (const k of perKind) {
      const t = tally.get(k.kind) ?? { labelled: 0, found: 0, detections: 0, correct: 0 };
      t.labelled += k.spans.length;
      t.found += k.spans.length - k.missed.length;
      t.detections += k.detections.length;
      t.correct += k.detections.length - k.falseAlarms.length;
      tally.set(k.kind, t);
    }
  }
  const kinds = (Object.keys(letterKinds) as LetterKind[]).map((kind) => {
    const t = tally.get(kind) ?? { labelled: 0, found: 0, detections: 0, correct: 0 };
    return { kind, ...t, recall: ratio(t.found, t.labelled), precision: ratio(t.correct, t.detections) };
  });
  return { kinds, emptyLetters, emptyWithAlarm };
}

/** What one tuning letter's detection missed and raised wrongly, for debugging. */
export function tuningLetterResult(letter: LabelledLetter): LetterResult {
  if (!lettersOf('tuning').some((l) => l.id === letter.id))
    throw new Error('Only tuning letters are looked at one by one');
  const { perKind } = scoreLetter(letter);
  return {
    missed: perKind.flatMap((k) =>
      k.missed.map((s) => ({ kind: k.kind, text: letter.text.slice(s.from, s.to) })),
    ),
    falseAlarms: perKind.flatMap((k) =>
      k.falseAlarms.map((d) => ({ kind: k.kind, text: letter.text.slice(d.from, d.to) })),
    ),
  };
}

/** A part's scores as a Markdown table. */
export function partTable(title: string, score: PartScore): string {
  const rows = score.kinds.map(
    (s) =>
      `| ${s.kind.padEnd(7)} | ${String(s.labelled).padStart(8)} | ${String(s.found).padStart(5)} | ${s.recall.toFixed(3)} | ${String(s.detections).padStart(10)} | ${String(s.correct).padStart(7)} | ${s.precision.toFixed(3).padStart(9)} |`,
  );
  return [
    `${title}`,
    '',
    '| kind    | labelled | found | recall | detections | correct | precision |',
    '| ------- | -------: | ----: | -----: | ---------: | ------: | --------: |',
    ...rows,
    '',
    `Letters with no personal data that raised a proposal: ${score.emptyWithAlarm} of ${score.emptyLetters}`,
  ].join('\n');
}
