import { z } from 'zod';
import { authMessages } from './messages';

export const AUTH_LIMITS = {
  emailMax: 99,
  passwordMin: 6,
  passwordMax: 100,
  nameMax: 128,
} as const;

/** Spec 01 §5: valid and under 100 characters. Stored and compared in lower case. */
export const emailSchema = z
  .string({ error: authMessages.required })
  .trim()
  .min(1, authMessages.required)
  .max(AUTH_LIMITS.emailMax, authMessages.emailTooLong)
  .pipe(z.email(authMessages.emailInvalid))
  .transform((value) => value.toLowerCase());

export const passwordSchema = z
  .string({ error: authMessages.required })
  .min(AUTH_LIMITS.passwordMin, authMessages.passwordTooShort)
  .max(AUTH_LIMITS.passwordMax, authMessages.passwordTooLong);

/** Spec 01 §5: a capital then lower-case letters per part, parts joined by hyphens or spaces. */
export const personNameSchema = z
  .string({ error: authMessages.required })
  .trim()
  .min(1, authMessages.required)
  .max(AUTH_LIMITS.nameMax, authMessages.nameTooLong)
  .regex(/^[A-Z][a-z]*(?:[ -][A-Z][a-z]*)*$/, authMessages.nameInvalid);

export const loginSchema = z.object({
  email: emailSchema,
  // No length rules at sign-in: they would tell an attacker what the policy is, for nothing.
  password: z.string({ error: authMessages.required }).min(1, authMessages.required).max(1000),
  returnUrl: z.string().max(2000).optional(),
});
export type LoginInput = z.input<typeof loginSchema>;

export const requestPasswordResetSchema = z.object({ email: emailSchema });

export const completePasswordResetSchema = z
  .object({
    token: z.string().min(16).max(200),
    password: passwordSchema,
    confirmPassword: z.string({ error: authMessages.required }),
  })
  .refine((value) => value.password === value.confirmPassword, {
    message: authMessages.passwordsShouldMatch,
    path: ['confirmPassword'],
  });

export const verifyEmailSchema = z.object({ token: z.string().min(16).max(200) });

export const changePasswordSchema = z
  .object({
    currentPassword: z.string().min(1, authMessages.required).max(1000),
    password: passwordSchema,
    confirmPassword: z.string(),
  })
  .refine((value) => value.password === value.confirmPassword, {
    message: authMessages.passwordsShouldMatch,
    path: ['confirmPassword'],
  });

export const authProviderNames = ['firebase-auth', 'azure', 'saml-sso'] as const;
export const authProviderSchema = z.enum(authProviderNames);
export type AuthProviderName = z.infer<typeof authProviderSchema>;

export const providerSchema = z.object({
  name: authProviderSchema,
  label: z.string(),
  /** Where the browser goes to start a redirect-based sign-in; absent for the password form. */
  startUrl: z.string().nullable(),
});

export const authUserSchema = z.object({
  id: z.uuid(),
  email: z.string(),
  name: z.string(),
  phone: z.string().nullable(),
  provider: authProviderSchema,
  emailVerified: z.boolean(),
  kind: z.enum(['staff', 'public']),
});
export type AuthUser = z.infer<typeof authUserSchema>;

export const sessionStateSchema = z.object({
  isAuthenticated: z.boolean(),
  /** Send back as X-CSRF-Token on every state-changing call. */
  csrfToken: z.string().nullable(),
});

/** Public pages land here after sign-in; staff go to the site map. */
export const DEFAULT_PUBLIC_REDIRECT = '/p/document/all';
export const DEFAULT_STAFF_REDIRECT = '/map';

/** Only same-site paths may be used as a return URL, so a link cannot send someone elsewhere. */
export function safeReturnUrl(value: string | null | undefined, fallback: string): string {
  if (!value || !value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return fallback;
  if (/[\r\n\t]/.test(value)) return fallback;
  return value;
}
