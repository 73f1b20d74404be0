import { parsePhoneNumberFromString } from 'libphonenumber-js/min';
import { z } from 'zod';
import { authMessages } from './messages';
import { emailSchema, passwordSchema, personNameSchema } from './schemas';

// Apart from the other account rules: the phone number check is ~120 kB of metadata that only
// sign-up needs, and the web app loads this module with the sign-up page alone.

/** Spec 01 §5: a valid UK number, national (07…) or international (+44…) form. */
export const ukPhoneSchema = z
  .string({ error: authMessages.required })
  .trim()
  .min(1, authMessages.required)
  .max(32, authMessages.phoneInvalid)
  .refine((value) => isUkPhoneNumber(value), authMessages.phoneInvalid);

/** A valid number on the UK's +44 plan (Crown dependencies share it); other countries' are refused. */
export function isUkPhoneNumber(value: string): boolean {
  const phone = parsePhoneNumberFromString(value, 'GB');
  return phone !== undefined && phone.isValid() && phone.countryCallingCode === '44';
}

export const signUpSchema = z
  .object({
    email: emailSchema,
    password: passwordSchema,
    confirmPassword: z.string({ error: authMessages.required }),
    name: personNameSchema,
    phone: ukPhoneSchema,
    /** Where to go after the emailed link confirms the address. */
    returnUrl: z.string().max(2000).optional(),
  })
  .refine((value) => value.password === value.confirmPassword, {
    message: authMessages.passwordsShouldMatch,
    path: ['confirmPassword'],
  });
export type SignUpInput = z.input<typeof signUpSchema>;
