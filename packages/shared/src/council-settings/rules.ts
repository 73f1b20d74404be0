import { BRAND_TEXT_COLOUR, contrastRatio, formatContrastRatio, WCAG_AA_NORMAL_TEXT } from './contrast';
import { MAINTENANCE_PROTECTED_ROUTES } from './limits';
import { brandColourLabels, type BrandColour } from './messages';

/**
 * Why a brand colour may not be used, or null when white text on it meets WCAG AA (4.5:1): the
 * server refuses with this message and the screen shows it as the colour is picked.
 */
export function brandColourIssue(which: BrandColour, hex: string): string | null {
  const ratio = contrastRatio(BRAND_TEXT_COLOUR, hex);
  if (ratio >= WCAG_AA_NORMAL_TEXT) return null;
  return `${brandColourLabels[which]} ${hex} gives white text a contrast of only ${formatContrastRatio(ratio)}; WCAG AA needs at least ${WCAG_AA_NORMAL_TEXT}:1`;
}

/** Whether page maintenance on `route` would also cover a page administrators must keep. */
export function coversProtectedRoute(route: string): boolean {
  const normalised = route.replace(/\/+$/, '') || '/';
  return MAINTENANCE_PROTECTED_ROUTES.some(
    (kept) => kept === normalised || kept.startsWith(`${normalised}/`) || normalised.startsWith(`${kept}/`),
  );
}

/** Paths where global maintenance still lets people through, so administrators can sign in and turn it off. */
export function isMaintenanceExempt(pathname: string): 'sign-in' | 'admin' | null {
  if (pathname === '/sign-in' || pathname.startsWith('/sign-in/')) return 'sign-in';
  if (['/settings', '/admin'].some((root) => pathname === root || pathname.startsWith(`${root}/`)))
    return 'admin';
  return null;
}
