import sanitizeHtml from 'sanitize-html';
import { safeLinkTag } from './safe-links';

/**
 * Prose written in the admin's rich-text editor (a privacy policy, a call's guidance) is headed
 * prose: headings, paragraphs, emphasis, lists and links. Everything else
 * keeps only its words; script and style go with their content.
 */
const options: sanitizeHtml.IOptions = {
  allowedTags: [
    'h2',
    'h3',
    'h4',
    'p',
    'br',
    'strong',
    'b',
    'em',
    'i',
    'u',
    's',
    'ul',
    'ol',
    'li',
    'a',
    'blockquote',
  ],
  allowedAttributes: { a: ['href', 'target', 'rel'], ol: ['start'] },
  allowedSchemes: ['http', 'https', 'mailto', 'tel'],
  allowedSchemesAppliedToAttributes: ['href'],
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  transformTags: { h1: 'h2', h5: 'h4', h6: 'h4', a: safeLinkTag },
};

export function sanitiseProseHtml(html: string): string {
  const clean = sanitizeHtml(html, options).trim();
  // An editor left empty sends '<p></p>': kept as no text at all.
  return sanitizeHtml(clean, { allowedTags: [], allowedAttributes: {} }).trim() === '' ? '' : clean;
}
