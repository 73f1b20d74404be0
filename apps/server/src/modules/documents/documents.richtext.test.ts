import { Window } from 'happy-dom';
import { describe, expect, it } from 'vitest';
import { richTextAllowList, SAFE_IMAGE, SAFE_LINK, type RichTextNode } from '@planning/shared';
import { renderRichText } from './documents.richtext';

const allowedAttributes: Record<string, string[]> = {
  a: ['href', 'target', 'rel'],
  img: ['src', 'alt', 'title'],
  td: ['colspan', 'rowspan'],
  th: ['colspan', 'rowspan'],
  ol: ['start'],
};

/**
 * Reads the HTML as a browser would and checks every element and attribute against the
 * allow-list: a payload that survives in any form (a tag, a handler, a URL scheme) fails here.
 */
function expectSafe(html: string) {
  const window = new Window();
  const container = window.document.createElement('div');
  container.innerHTML = html;
  for (const element of container.querySelectorAll('*')) {
    const tag = element.tagName.toLowerCase();
    expect(richTextAllowList.htmlTags as readonly string[], `<${tag}> in ${html}`).toContain(tag);
    for (const attribute of element.getAttributeNames()) {
      expect(allowedAttributes[tag] ?? [], `${tag}[${attribute}] in ${html}`).toContain(attribute);
    }
    const href = element.getAttribute('href');
    if (href !== null) expect(href.trim()).toMatch(SAFE_LINK);
    const src = element.getAttribute('src');
    if (src !== null) expect(src.trim()).toMatch(SAFE_IMAGE);
  }
  // Escaped text holds no '<': every '<' left opens a real tag.
  expect(html).not.toMatch(/<\s*\/?\s*(script|iframe|svg|meta|style|object|embed|form|button|math|body)/i);
  window.close();
}

const doc = (...content: RichTextNode[]): RichTextNode => ({ type: 'doc', content });
const paragraph = (...content: RichTextNode[]): RichTextNode => ({ type: 'paragraph', content });
const text = (value: string, marks?: RichTextNode['marks']): RichTextNode => ({
  type: 'text',
  text: value,
  ...(marks ? { marks } : {}),
});
const link = (href: string) => doc(paragraph(text('click', [{ type: 'link', attrs: { href } }])));
const image = (src: string) => doc({ type: 'image', attrs: { src, alt: 'x' } });

describe('rich text to sanitised HTML', () => {
  it('renders what the builder writes: headings, lists, marks, links, quotes, tables, images', async () => {
    const html = await renderRichText(
      doc(
        { type: 'heading', attrs: { level: 2 }, content: [text('Policy H1')] },
        paragraph(
          text('Bold', [{ type: 'bold' }]),
          text(' italic', [{ type: 'italic' }]),
          text(' under', [{ type: 'underline' }]),
          text(' struck', [{ type: 'strike' }]),
          { type: 'hardBreak' },
          text('site', [{ type: 'link', attrs: { href: 'https://example.gov.uk/plan' } }]),
          text(' mail', [{ type: 'link', attrs: { href: 'mailto:plan@example.gov.uk' } }]),
        ),
        {
          type: 'bulletList',
          content: [{ type: 'listItem', content: [paragraph(text('one'))] }],
        },
        {
          type: 'orderedList',
          attrs: { start: 3 },
          content: [{ type: 'listItem', content: [paragraph(text('three'))] }],
        },
        { type: 'blockquote', content: [paragraph(text('quoted'))] },
        {
          type: 'table',
          content: [
            { type: 'tableRow', content: [{ type: 'tableHeader', content: [paragraph(text('Head'))] }] },
            {
              type: 'tableRow',
              content: [{ type: 'tableCell', attrs: { colspan: 1 }, content: [paragraph(text('Cell'))] }],
            },
          ],
        },
        { type: 'image', attrs: { src: '/api/v1/public/documents/d/attachments/f', alt: 'Plan' } },
      ),
    );
    expect(html).toContain('<h2>Policy H1</h2>');
    expect(html).toContain('<strong>Bold</strong><em> italic</em><u> under</u><s> struck</s><br />');
    expect(html).toContain(
      '<a href="https://example.gov.uk/plan" target="_blank" rel="noopener noreferrer nofollow">site</a>',
    );
    expect(html).toContain('href="mailto:plan@example.gov.uk"');
    expect(html).toContain('<ul><li><p>one</p></li></ul>');
    expect(html).toContain('<ol start="3">');
    expect(html).toContain('<blockquote><p>quoted</p></blockquote>');
    expect(html).toContain('<th><p>Head</p></th>');
    expect(html).toContain('<img src="/api/v1/public/documents/d/attachments/f" alt="Plan" />');
    expect(html).not.toContain('style=');
    expectSafe(html);
  });

  // At least fourteen payloads, in TipTap JSON and in HTML stored as text.
  const payloads: [string, RichTextNode | string][] = [
    ['a script tag in HTML', '<p>hi</p><script>alert(1)</script>'],
    ['a script tag as a node', doc({ type: 'script', content: [text('alert(1)')] })],
    ['an onerror handler', '<img src="x" onerror="alert(1)">'],
    ['an onload handler on body', '<body onload="alert(1)"><p>x</p></body>'],
    ['a javascript: link in HTML', '<a href="javascript:alert(1)">x</a>'],
    ['a mixed-case JaVaScRiPt: link', '<a href="JaVaScRiPt:alert(1)">x</a>'],
    ['an entity-encoded javascript: link', '<a href="&#106;avascript&#58;alert(1)">x</a>'],
    ['a tab inside javascript:', '<a href="java\tscript:alert(1)">x</a>'],
    ['a hex-encoded javascript: link', '<a href="&#x6A;&#x61;vascript:alert(1)">x</a>'],
    ['a data: link', '<a href="data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==">x</a>'],
    ['a vbscript: link', '<a href="vbscript:msgbox(1)">x</a>'],
    ['a data: image', '<img src="data:image/svg+xml;base64,PHN2ZyBvbmxvYWQ9YWxlcnQoMSk+">'],
    ['an svg with onload', '<svg onload="alert(1)"><circle r="1"/></svg>'],
    ['an iframe', '<iframe src="https://evil.example"></iframe>'],
    ['an iframe srcdoc', '<iframe srcdoc="<script>alert(1)</script>"></iframe>'],
    [
      'a style expression',
      '<p style="width: expression(alert(1))">x</p><style>p{x:expression(alert(1))}</style>',
    ],
    ['a form button formaction', '<form><button formaction="javascript:alert(1)">go</button></form>'],
    ['a meta refresh', '<meta http-equiv="refresh" content="0;url=javascript:alert(1)">'],
    [
      'an object and an embed',
      '<object data="javascript:alert(1)"></object><embed src="javascript:alert(1)">',
    ],
    ['a protocol-relative image', '<img src="//evil.example/x.png">'],
    ['a javascript: link mark', link('javascript:alert(1)')],
    ['a mixed-case and spaced javascript: link mark', link('  JaVaScRiPt:alert(1)')],
    ['a data: link mark', link('data:text/html,<script>alert(1)</script>')],
    ['a vbscript: link mark', link('vbscript:msgbox(1)')],
    ['a javascript: image node', image('javascript:alert(1)')],
    ['a data: image node', image('data:image/png;base64,AAAA')],
    [
      'an unknown node carrying HTML in its attributes',
      doc({ type: 'htmlBlock', attrs: { html: '<img src=x onerror=alert(1)>' }, content: [text('x')] }),
    ],
    [
      'a known node with an extra attribute carrying handlers',
      doc({ type: 'paragraph', attrs: { onclick: 'alert(1)', style: 'x' }, content: [text('x')] }),
    ],
    [
      'an image whose alt text breaks out of its quotes',
      doc({ type: 'image', attrs: { src: 'https://ok.example/a.png', alt: '" onerror="alert(1)' } }),
    ],
    [
      'an unknown mark with an href',
      doc(paragraph(text('x', [{ type: 'evilLink', attrs: { href: 'javascript:alert(1)' } }]))),
    ],
    ['text holding HTML', doc(paragraph(text('<script>alert(1)</script><img src=x onerror=alert(1)>')))],
    ['a text node at the top (renderer refuses the structure)', doc(text('<b onmouseover=alert(1)>x</b>'))],
  ];

  it.each(payloads)('leaves nothing of %s', async (_name, payload) => {
    const html = await renderRichText(payload);
    expectSafe(html);
    expect(html.toLowerCase()).not.toContain('<script');
  });

  it('keeps the words of text that holds HTML, escaped', async () => {
    expect(await renderRichText(doc(paragraph(text('<b>x</b>'))))).toBe('<p>&lt;b&gt;x&lt;/b&gt;</p>');
  });
});
