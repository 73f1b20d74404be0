import sanitizeHtml from 'sanitize-html';
import { richTextAllowList } from '@planning/shared';
import { safeLinkTag } from '../../lib/safe-links';

/**
 * A response is a letter's paragraph or two: the document builder's HTML allow-list
 * (`richTextAllowList`) less what a letter has no use for (tables, images, rules). Headings become
 * paragraphs, so pasted text keeps its breaks; anything else unknown keeps only its words, and
 * script and style go with their content.
 */
const letterTags = new Set([
  'table',
  'thead',
  'tbody',
  'tr',
  'th',
  'td',
  'img',
  'hr',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
]);

const options: sanitizeHtml.IOptions = {
  allowedTags: richTextAllowList.htmlTags.filter((tag) => !letterTags.has(tag)).concat('p'),
  allowedAttributes: { a: ['href', 'target', 'rel'], ol: ['start'] },
  allowedSchemes: [...richTextAllowList.linkSchemes],
  allowedSchemesAppliedToAttributes: ['href'],
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  transformTags: {
    h1: 'p',
    h2: 'p',
    h3: 'p',
    h4: 'p',
    h5: 'p',
    h6: 'p',
    a: safeLinkTag,
  },
};

/** A response's HTML through the letter allow-list. */
export function sanitiseResponseHtml(html: string): string {
  return sanitizeHtml(html, options);
}
