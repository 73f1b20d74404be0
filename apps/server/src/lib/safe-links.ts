import type sanitizeHtml from 'sanitize-html';
import { SAFE_LINK } from '@planning/shared';

/**
 * sanitize-html's transform for `<a>`: the address kept only when it is one we allow (the web,
 * an email address, a path of ours, an anchor), and the link opens in a new tab without handing
 * the page to the target.
 */
export const safeLinkTag: sanitizeHtml.Transformer = (tagName, attribs) => ({
  tagName,
  attribs: {
    ...(attribs.href && SAFE_LINK.test(attribs.href.trim()) ? { href: attribs.href } : {}),
    target: '_blank',
    rel: 'noopener noreferrer nofollow',
  },
});
