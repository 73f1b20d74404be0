export type LayoutVisibility = { header: boolean; sideNav: boolean };

type Rule = { pattern: RegExp; header: boolean; sideNav: boolean };

// Spec 01 §2 and spec 02 §2. Public documents keep the header (it carries Download, Share and the
// user menu) but lose the side bar; the full-screen site map loses both.
const rules: Rule[] = [
  { pattern: /^\/sign-in\/?$/, header: false, sideNav: false },
  // The account pages (spec 02 §2 "Public consultation routes") share the sign-in page's frame.
  {
    pattern: /^\/(?:consultations\/)?(?:login|sign-up|confirm-email|password-reset|auth-action)\/?$/,
    header: false,
    sideNav: false,
  },
  { pattern: /^\/select-tenant\/?$/, header: false, sideNav: false },
  { pattern: /^\/session-expired\/?$/, header: false, sideNav: false },
  { pattern: /^\/site\/[^/]+\/map\/?$/, header: false, sideNav: false },
  { pattern: /^\/p\/document(?:\/|$)/, header: true, sideNav: false },
];

/** Which parts of the shell a path shows: the one place these rules live. */
export function layoutVisibility(pathname: string): LayoutVisibility {
  const rule = rules.find(({ pattern }) => pattern.test(pathname));
  return rule ? { header: rule.header, sideNav: rule.sideNav } : { header: true, sideNav: true };
}
