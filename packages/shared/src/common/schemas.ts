import { z } from 'zod';

export const commonMessages = {
  invalidHexColor: 'Invalid HEX color',
  invalidUrl: 'URL must start with http:// or https://',
} as const;

/** Spec 03 §5: hex colours have 3 or 6 digits. */
export const hexColorSchema = z
  .string()
  .regex(/^#(?:[0-9a-fA-F]{3}|[0-9a-fA-F]{6})$/, commonMessages.invalidHexColor);

/** Spec 01 §5: a URL check accepts only http or https. */
export const httpUrlSchema = z
  .string()
  .max(2048)
  .regex(
    /^https?:\/\/[a-z0-9](?:[a-z0-9.-]*[a-z0-9])?(?::\d{1,5})?(?:[/?#]\S*)?$/i,
    commonMessages.invalidUrl,
  );

/** Asset references may be absolute http(s) URLs or paths the app itself serves. */
export const assetUrlSchema = z.union([z.string().regex(/^\/(?!\/)[^\s]*$/), httpUrlSchema]);
