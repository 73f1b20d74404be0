import { z } from 'zod';

/**
 * Issue 26 point 2: the council's allow list. Contacts that are public in their role (the council's
 * own switchboard, mailbox and address, councillors, an agent's firm when the council so decides,
 * a public body's published contact) are a setting, never proposed for redaction: the detector
 * drops a proposal that matches an entry (`allowListed`), ignoring case, spaces and punctuation.
 */

/** The detector's kinds of personal data, which an entry is one of. */
export const allowListKinds = ['name', 'email address', 'telephone number', 'address'] as const;
export const allowListKindSchema = z.enum(allowListKinds);
export type AllowListKind = z.infer<typeof allowListKindSchema>;

export const ALLOW_LIST_MAX_ENTRIES = 500;
export const ALLOW_LIST_VALUE_MAX = 300;
export const ALLOW_LIST_NOTE_MAX = 200;

export const allowListMessages = {
  valueMissing: 'Enter the name, email address, telephone number or address.',
  valueTooLong: `An entry cannot be longer than ${ALLOW_LIST_VALUE_MAX} characters.`,
  noteTooLong: `A note cannot be longer than ${ALLOW_LIST_NOTE_MAX} characters.`,
  emailInvalid: 'Enter a valid email address, like planning@council.gov.uk.',
  phoneInvalid: 'Enter a telephone number with at least 10 digits.',
  nameTooShort: 'Enter the full name, at least 3 letters.',
  addressTooShort: 'Enter the address line or the postcode.',
  tooMany: `The allow list can hold at most ${ALLOW_LIST_MAX_ENTRIES} entries.`,
  duplicate: 'This entry is on the list twice.',
  saved: 'Allow list saved. Its entries are no longer proposed for redaction.',
  empty: 'Nothing is on the allow list: every contact found is proposed for redaction.',
  cardTitle: 'Allow list',
  cardIntro:
    'Contacts that are public in their role (the council’s own switchboard, mailbox and address, councillors, an agent’s firm when the council decides so, a public body’s published contact) are never proposed for redaction. A resident’s details always are.',
} as const;

const POSTCODE = /\b[A-Z]{1,2}\d[A-Z\d]?\s*\d[A-Z]{2}\b/gi;

/** Letters and digits only, in lower case: what two spellings of one entry have in common. */
const squash = (value: string) => value.toLowerCase().replace(/[^\p{L}\p{N}@]/gu, '');
/** A UK number's digits, +44 written as the leading 0 ("+44 (0)1632 960 000" = "01632 960000"). */
const phoneDigits = (value: string) => {
  const digits = value.replace(/\D/g, '');
  if (digits.startsWith('440')) return digits.slice(2);
  if (digits.startsWith('44')) return `0${digits.slice(2)}`;
  return digits;
};
const nameWords = (value: string) =>
  value
    .toLowerCase()
    .split(/[^\p{L}'’-]+/u)
    .filter((word) => word.length > 0 && !TITLES.has(word.replace(/\.$/, '')));
// Titles before a name: "Cllr Jane Smith" is the entry "Jane Smith".
const TITLES = new Set(['mr', 'mrs', 'ms', 'miss', 'mx', 'dr', 'cllr', 'councillor', 'sir', 'dame', 'prof']);

const entryValue = z
  .string()
  .trim()
  .min(1, allowListMessages.valueMissing)
  .max(ALLOW_LIST_VALUE_MAX, allowListMessages.valueTooLong)
  .transform((value) => value.replace(/\s+/g, ' '));

export const allowListEntryInputSchema = z
  .object({
    kind: allowListKindSchema,
    value: entryValue,
    note: z
      .string()
      .trim()
      .max(ALLOW_LIST_NOTE_MAX, allowListMessages.noteTooLong)
      .nullish()
      .transform((note) => note || null),
  })
  .superRefine((entry, context) => {
    const problem = entryProblem(entry.kind, entry.value);
    if (problem) context.addIssue({ code: 'custom', path: ['value'], message: problem });
  });
export type AllowListEntryInput = z.input<typeof allowListEntryInputSchema>;

function entryProblem(kind: AllowListKind, value: string): string | null {
  if (kind === 'email address')
    return z.email().safeParse(value.toLowerCase()).success ? null : allowListMessages.emailInvalid;
  if (kind === 'telephone number')
    return phoneDigits(value).length >= 10 ? null : allowListMessages.phoneInvalid;
  if (kind === 'name')
    return value.replace(/[^\p{L}]/gu, '').length >= 3 ? null : allowListMessages.nameTooShort;
  return squash(value).length >= 5 ? null : allowListMessages.addressTooShort;
}

/** PUT /data-protection/allow-list: the whole list, replacing the last. */
export const allowListInputSchema = z.object({
  entries: z
    .array(allowListEntryInputSchema)
    .max(ALLOW_LIST_MAX_ENTRIES, allowListMessages.tooMany)
    .superRefine((entries, context) => {
      const seen = new Set<string>();
      entries.forEach((entry, index) => {
        const key = `${entry.kind}:${normalisedEntry(entry)}`;
        if (seen.has(key))
          context.addIssue({ code: 'custom', path: [index, 'value'], message: allowListMessages.duplicate });
        seen.add(key);
      });
    }),
});
export type AllowListInput = z.input<typeof allowListInputSchema>;

export const allowListEntrySchema = z.object({
  kind: allowListKindSchema,
  value: z.string(),
  note: z.string().nullable(),
});
export type AllowListEntry = z.infer<typeof allowListEntrySchema>;

export const allowListSchema = z.object({
  entries: z.array(allowListEntrySchema),
  updatedAt: z.string().nullable(),
  updatedBy: z.string().nullable(),
});
export type AllowList = z.infer<typeof allowListSchema>;

/** What the detector needs: the entries without their notes (the editor reads only these). */
export const allowListValuesSchema = z.object({
  entries: z.array(allowListEntrySchema.pick({ kind: true, value: true })),
});
export type AllowListValues = z.infer<typeof allowListValuesSchema>['entries'];

function normalisedEntry(entry: { kind: AllowListKind; value: string }): string {
  if (entry.kind === 'telephone number') return phoneDigits(entry.value);
  if (entry.kind === 'name') return nameWords(entry.value).join(' ');
  return squash(entry.value);
}

/**
 * What `detectPersonalData` is told: `names`, the writer's and agent's, looked for anywhere; `allow`,
 * the council's allow list, whose matches are not proposed.
 */
export type DetectorKnown = { names?: string[]; allow?: readonly { kind: string; value: string }[] };

/** The detector's find, as `allowListed` reads it. */
type Find = { kind: string; from: number; to: number };

/**
 * Whether a find is on the allow list: the same email address or telephone number; the same
 * name (titles aside), or a part of an allow-listed name whose whole name the text holds
 * ("Cllr Ann Lee … Ms Lee"); the address, or a line of it (never its postcode alone, which the
 * neighbours share).
 * A resident who shares a councillor's surname alone is still proposed.
 */
export function allowListed(text: string, find: Find, entries: readonly { kind: string; value: string }[]) {
  const found = text.slice(find.from, find.to);
  let textWords: string | undefined; // read once, and only for a one-word name
  return entries.some((entry) => {
    if (entry.kind !== find.kind) return false;
    const kind = entry.kind as AllowListKind;
    if (kind === 'telephone number') return phoneDigits(found) === phoneDigits(entry.value);
    if (kind === 'email address') return squash(found) === squash(entry.value);
    if (kind === 'address') {
      // A postcode alone is shared by the neighbours: only a line of the address itself counts.
      const part = squash(found);
      const withoutPostcode = squash(found.replace(POSTCODE, ''));
      return withoutPostcode.length >= 5 && squash(entry.value).includes(part);
    }
    const words = nameWords(found);
    const whole = nameWords(entry.value);
    if (words.length === 0) return false;
    if (words.join(' ') === whole.join(' ')) return true;
    const inEntry = words.every((word) => whole.includes(word));
    if (!inEntry) return false;
    textWords ??= ` ${nameWords(text).join(' ')} `;
    return words.length >= 2 || textWords.includes(` ${whole.join(' ')} `);
  });
}
