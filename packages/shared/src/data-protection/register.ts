import { z } from 'zod';

/**
 * Issue 26 point 7: the register of the personal data the platform holds, for the council's
 * record of processing activities (UK GDPR article 30). The server builds it from its annotations
 * of the schema (apps/server/src/modules/data-protection/register.annotations.ts).
 */

/** What kind of personal data a column holds. */
export const personalDataCategories = [
  'name',
  'email address',
  'telephone number',
  'postal address',
  'free text that may name people',
  'sign-in secret',
  'network and device',
  'account link',
  'files that may name people',
  /** Issue 26 point 6: which privacy notice a person saw and what they agreed to. */
  'consent given',
] as const;
export const personalDataCategorySchema = z.enum(personalDataCategories);
export type PersonalDataCategory = z.infer<typeof personalDataCategorySchema>;

/** Whose data it is. */
export const dataSubjects = [
  'staff',
  'residents with a consultation account',
  'people who make representations',
  'agents',
  'organisations and their people',
  'landowners and agents named in site data',
] as const;
export const dataSubjectSchema = z.enum(dataSubjects);
export type DataSubject = z.infer<typeof dataSubjectSchema>;

export const registerFieldSchema = z.object({
  column: z.string(),
  category: personalDataCategorySchema,
});

export const registerEntrySchema = z.object({
  /** The table, as a database administrator finds it. */
  table: z.string(),
  /** What the records are, in the council's words. */
  record: z.string(),
  subjects: z.array(dataSubjectSchema),
  fields: z.array(registerFieldSchema),
  purpose: z.string(),
  lawfulBasis: z.string(),
  retention: z.string(),
  /** How many records this council holds today; null for a table shared by every council. */
  rows: z.number().int().nonnegative().nullable(),
});
export type RegisterEntry = z.infer<typeof registerEntrySchema>;

export const registerSchema = z.object({
  council: z.string(),
  generatedAt: z.string(),
  entries: z.array(registerEntrySchema),
});
export type PersonalDataRegister = z.infer<typeof registerSchema>;

/** The CSV export's columns, in order. */
export const registerCsvColumns = [
  'Table',
  'Record',
  'Data subjects',
  'Personal data',
  'Purpose',
  'Lawful basis',
  'Retention',
  'Records held',
] as const;

export const registerCsvFileName = (council: string, day: string) =>
  `personal-data-register-${council}-${day}.csv`;
