import { z } from 'zod';
import { adminContentMessages as M } from './messages';

/**
 * Issue 16 point 4: the council's published texts. A privacy policy per application (spec 03 §2
 * consultations and cfs privacy-policy tabs) and the terms of use (/terms).
 */
export const policyKinds = {
  'consultations-privacy': 'Consultations privacy policy',
  'cfs-privacy': 'Community feedback privacy policy',
  terms: 'Terms of use',
} as const;
export type PolicyKind = keyof typeof policyKinds;
export const policyKindSchema = z.enum(Object.keys(policyKinds) as [PolicyKind, ...PolicyKind[]]);

/** HTML as the editor sends it; the server sanitises it before it is kept. */
export const POLICY_MAX_HTML = 100_000;

export const policyInputSchema = z.object({
  html: z.string().max(POLICY_MAX_HTML, M.policyTooLong(POLICY_MAX_HTML)),
});

export const policySchema = z.object({
  kind: policyKindSchema,
  title: z.string(),
  /** Sanitised; empty when the council has not written it. */
  html: z.string(),
  updatedAt: z.string().nullable(),
  updatedBy: z.string().nullable(),
});
export type Policy = z.infer<typeof policySchema>;
export const policyParamsSchema = z.object({ kind: policyKindSchema });
