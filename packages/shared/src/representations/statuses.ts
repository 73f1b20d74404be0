import { z } from 'zod';

/**
 * A choice the form requires: a missing value says `required` (the spec's words), any other value
 * not in the list says which list it must come from.
 */
export function requiredChoice<const T extends readonly [string, ...string[]]>(
  values: T,
  required: string,
  what: string,
) {
  return z.enum(values, {
    error: (issue) =>
      issue.input === undefined || issue.input === null || issue.input === ''
        ? required
        : `Choose one of the ${what}`,
  });
}

/** Spec 02 §4: the eight statuses of a representation and a sub-representation, in order. */
export const representationStatuses = [
  'Received',
  'Acknowledged',
  'Pending',
  'In review',
  'Reviewed',
  'Response drafted',
  'Response approved',
  'Response sent',
] as const;
export const representationStatusSchema = z.enum(representationStatuses);
export type RepresentationStatus = z.infer<typeof representationStatusSchema>;

/**
 * Spec 02 §4 "Colours are defined per status (not listed)": ours run from grey (nothing done) through
 * blue (being worked on) to green (answered), each dark enough for white text and to be read on its own
 * pale tint, as antd draws a tag that is not solid (WCAG AA: the teal was #08979c, 3.4:1 on its tint).
 */
export const statusColours: Record<RepresentationStatus, string> = {
  Received: '#595959',
  Acknowledged: '#4a5a8c',
  Pending: '#8a5a00',
  'In review': '#0958d9',
  Reviewed: '#1d39c4',
  'Response drafted': '#722ed1',
  'Response approved': '#006d75',
  'Response sent': '#237804',
};

/** Spec 02 §4: attitudes. */
export const attitudes = ['Support', 'Neutral', 'Oppose'] as const;
export const attitudeSchema = z.enum(attitudes);
export type Attitude = z.infer<typeof attitudeSchema>;

/** Spec 02 §3 Consultation correspondence form "correspondence": how it arrived (ours; the spec's list is not shown). */
export const correspondenceTypes = [
  'Email',
  'Letter',
  'Online form',
  'Hand delivered',
  'Telephone',
  'Other',
] as const;
export const correspondenceTypeSchema = z.enum(correspondenceTypes);
export type CorrespondenceType = z.infer<typeof correspondenceTypeSchema>;

/** Spec 02 §3 Representee types. */
export const representeeTypes = ['organisation', 'privateIndividual'] as const;
export const representeeTypeSchema = z.enum(representeeTypes);
export type RepresenteeType = z.infer<typeof representeeTypeSchema>;
export const representeeTypeLabels: Record<RepresenteeType, string> = {
  organisation: 'Organisation',
  privateIndividual: 'Private individual',
};

/** Spec 02 §5: organisation types and countries. */
export const organisationTypes = [
  'Consultant',
  'Statutory authority',
  'Community group',
  'Residents association',
  'Business',
  'Other',
] as const;
export const organisationTypeSchema = z.enum(organisationTypes);
export type OrganisationType = z.infer<typeof organisationTypeSchema>;

export const countries = ['England', 'Scotland', 'Wales', 'Northern Ireland'] as const;
export const countrySchema = z.enum(countries);

/** Contacts: a private individual, a person at an organisation, or an agent acting for clients. */
export const contactTypes = ['individual', 'organisation', 'agent'] as const;
export const contactTypeSchema = z.enum(contactTypes);
export type ContactType = z.infer<typeof contactTypeSchema>;

/** Spec 02 §3 "Salutations are fetched from a lookup": the lookup's answer. */
export const salutations = [
  'Mr',
  'Mrs',
  'Ms',
  'Miss',
  'Mx',
  'Dr',
  'Prof',
  'Rev',
  'Cllr',
  'Sir',
  'Dame',
  'Lord',
  'Lady',
] as const;

/** Spec 02 §3 Redaction types. */
export const redactionTypes = ['name', 'telephone number', 'email address', 'address', 'other'] as const;
export const redactionTypeSchema = z.enum(redactionTypes);
export type RedactionType = z.infer<typeof redactionTypeSchema>;

/** Spec 02 §3 Column metadata tables and §5 column types. */
export const customColumnTables = ['representations', 'contacts', 'organisations'] as const;
export const customColumnTableSchema = z.enum(customColumnTables);
export type CustomColumnTable = z.infer<typeof customColumnTableSchema>;

export const customColumnTypes = [
  'checkbox',
  'singleSelect',
  'multiSelect',
  'text',
  'paragraph',
  'number',
  'percentage',
  'date',
  'currency',
] as const;
export const customColumnTypeSchema = z.enum(customColumnTypes);
export type CustomColumnType = z.infer<typeof customColumnTypeSchema>;
export const customColumnTypeLabels: Record<CustomColumnType, string> = {
  checkbox: 'Checkbox',
  singleSelect: 'Single select',
  multiSelect: 'Multi-select',
  text: 'Text (single line)',
  paragraph: 'Text (paragraph)',
  number: 'Number',
  percentage: 'Percentage',
  date: 'Date',
  currency: 'Currency',
};

/** Spec 02 §3 Editor marks and their colours (§9). */
export const markColours = {
  redaction: 'purple',
  tag: 'orange',
  map: 'green',
  subRepresentation: 'blue',
} as const;
