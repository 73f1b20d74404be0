import { parsePhoneNumberFromString } from 'libphonenumber-js/min';
import { z } from 'zod';
import { REPRESENTATION_LIMITS as L } from './limits';
import { representationMessages as m } from './messages';
import { contactTypeSchema, countrySchema, organisationTypes, requiredChoice } from './statuses';

/**
 * The GOV.UK bulk-data postcode pattern. As published it is mis-anchored (the alternation escapes
 * its anchors), so it is wrapped whole in ^(?:…)$ here.
 */
export const UK_POSTCODE_PATTERN =
  /^(?:[Gg][Ii][Rr] ?0[Aa]{2}|(?:(?:[A-Za-z][0-9]{1,2})|(?:(?:[A-Za-z][A-Ha-hJ-Yj-y][0-9]{1,2})|(?:(?:[A-Za-z][0-9][A-Za-z])|(?:[A-Za-z][A-Ha-hJ-Yj-y][0-9][A-Za-z]?))))\s?[0-9][A-Za-z]{2})$/;

export const isUkPostcode = (value: string): boolean => UK_POSTCODE_PATTERN.test(value.trim());

/** 'sw1a1aa' → 'SW1A 1AA': the form Royal Mail prints. */
export function formatPostcode(value: string): string {
  const compact = value.replace(/\s+/g, '').toUpperCase();
  return `${compact.slice(0, -3)} ${compact.slice(-3)}`;
}

/** Spec 02 §5: a valid UK number (national 01…/02…/07… or +44). */
export function isValidUkPhone(value: string): boolean {
  const phone = parsePhoneNumberFromString(value, 'GB');
  return phone !== undefined && phone.isValid() && phone.countryCallingCode === '44';
}

/** An optional text field: '' and null mean "none" and are stored as null. */
const optionalText = (max: number, message: string) =>
  z
    .string()
    .trim()
    .max(max, message)
    .nullish()
    .transform((value) => (value ? value : null));

export const contactEmailSchema = z
  .string()
  .trim()
  .max(L.emailMaxExclusive - 1, m.emailTooLong)
  .pipe(z.union([z.literal(''), z.email(m.emailInvalid)]))
  .nullish()
  .transform((value) => (value ? value.toLowerCase() : null));

export const contactPhoneSchema = z
  .string()
  .trim()
  .max(32, m.phoneInvalid)
  .refine((value) => value === '' || isValidUkPhone(value), m.phoneInvalid)
  .nullish()
  .transform((value) => (value ? value : null));

export const postcodeSchema = z
  .string()
  .trim()
  .refine((value) => value === '' || isUkPostcode(value), m.postcodeInvalid)
  .nullish()
  .transform((value) => (value ? formatPostcode(value) : null));

/** Spec 02 §3 Organisation address, §5 limits. */
export const addressSchema = z.object({
  addressLine1: optionalText(L.addressLineMax, m.addressLineTooLong),
  addressLine2: optionalText(L.addressLineMax, m.addressLineTooLong),
  town: optionalText(L.townMax, m.townTooLong),
  country: countrySchema.nullish().transform((value) => value ?? null),
  postcode: postcodeSchema,
});

const requiredName = (message: string) =>
  z.string({ error: message }).trim().min(1, message).max(L.nameMax, m.nameTooLong);

/**
 * Spec 02 §3 Contact and §5. The phone number is sent as `contactNumber` (spec 02 §7); both names
 * are accepted. An individual needs a first and last name; an agent also an organisation (their
 * firm) and a job title.
 */
export const contactInputSchema = z
  .object({
    contactType: contactTypeSchema.default('individual'),
    title: z
      .string()
      .trim()
      .max(20)
      .nullish()
      .transform((value) => value || null),
    firstName: requiredName(m.firstNameRequired),
    lastName: requiredName(m.lastNameRequired),
    jobTitle: optionalText(L.jobTitleMax, `Job title must be at most ${L.jobTitleMax} characters`),
    email: contactEmailSchema,
    contactNumber: contactPhoneSchema,
    phoneNumber: contactPhoneSchema,
    organisationId: z
      .uuid()
      .nullish()
      .transform((value) => value ?? null),
    isPrimary: z.boolean().default(false),
  })
  .extend(addressSchema.shape)
  .superRefine((value, ctx) => {
    if (value.contactType === 'agent' || value.contactType === 'organisation') {
      if (!value.organisationId)
        ctx.addIssue({ code: 'custom', path: ['organisationId'], message: m.organisationRequired });
    }
    if (value.contactType === 'agent' && !value.jobTitle) {
      ctx.addIssue({ code: 'custom', path: ['jobTitle'], message: m.jobTitleRequired });
    }
  })
  .transform(({ contactNumber, phoneNumber, ...rest }) => ({
    ...rest,
    phoneNumber: contactNumber ?? phoneNumber,
  }));
export type ContactInput = z.input<typeof contactInputSchema>;
export type ContactValues = z.output<typeof contactInputSchema>;

/** Spec 02 §7 "Create contacts sends a list with contactNumber and organisationId". */
export const createContactsBodySchema = z.object({ contacts: z.array(contactInputSchema).min(1).max(50) });

/** Spec 02 §3 Organisation, sent as `organisationName` (spec 02 §7). */
export const organisationInputSchema = z
  .object({
    organisationName: requiredName(m.organisationNameRequired),
    organisationType: requiredChoice(organisationTypes, m.organisationTypeRequired, 'organisation types'),
    email: contactEmailSchema,
    phoneNumber: contactPhoneSchema,
    /** The agents (contacts of type agent) who act for the organisation. */
    agentContactIds: z.array(z.uuid()).max(L.idsMax).default([]),
  })
  .extend(addressSchema.shape);
export type OrganisationInput = z.input<typeof organisationInputSchema>;
export type OrganisationValues = z.output<typeof organisationInputSchema>;

export const addressOutputSchema = z.object({
  addressLine1: z.string().nullable(),
  addressLine2: z.string().nullable(),
  town: z.string().nullable(),
  country: z.string().nullable(),
  postcode: z.string().nullable(),
});

/** What the server sends for a contact (spec 02 §3: avatar is initials, no picture). */
export const contactSchema = addressOutputSchema.extend({
  id: z.string(),
  contactType: contactTypeSchema,
  title: z.string().nullable(),
  firstName: z.string(),
  lastName: z.string(),
  name: z.string(),
  initials: z.string(),
  jobTitle: z.string().nullable(),
  email: z.string().nullable(),
  phoneNumber: z.string().nullable(),
  organisationId: z.string().nullable(),
  organisationName: z.string().nullable(),
  isPrimary: z.boolean(),
  custom: z.record(z.string(), z.unknown()),
  representationCount: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Contact = z.infer<typeof contactSchema>;

export const organisationSchema = addressOutputSchema.extend({
  id: z.string(),
  name: z.string(),
  organisationType: z.enum(organisationTypes),
  email: z.string().nullable(),
  phoneNumber: z.string().nullable(),
  agents: z.array(z.object({ id: z.string(), name: z.string(), organisationName: z.string().nullable() })),
  contactCount: z.number().int(),
  representationCount: z.number().int(),
  custom: z.record(z.string(), z.unknown()),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Organisation = z.infer<typeof organisationSchema>;

/** "Jane Doe" → "JD" for the avatar (spec 02 §3 Contact avatar initials). */
export function initialsOf(firstName: string, lastName: string): string {
  return `${firstName.trim().charAt(0)}${lastName.trim().charAt(0)}`.toUpperCase();
}
