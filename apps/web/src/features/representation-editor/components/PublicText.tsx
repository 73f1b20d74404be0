import type { ReactNode } from 'react';
import { publicDocOf, redactionPlaceholder, redactionTypes, type EditorNode } from '@planning/shared';

const PLACEHOLDERS = new Set<string>(redactionTypes.map(redactionPlaceholder));

/**
 * The public view (spec 02 §2 "public view"): the document as the public may read it, from the
 * shared publicDocOf. Only the public document is rendered, so what was redacted is not on the
 * page in any form (not hidden: absent).
 */
export function PublicText({ doc }: { doc: EditorNode }) {
  const publicDoc = publicDocOf(doc);
  return (
    <div className="rep-public" role="region" aria-label="Public view of the text">
      {(publicDoc.content ?? []).map((node, index) => renderNode(node, index))}
    </div>
  );
}

function renderNode(node: EditorNode, key: number): ReactNode {
  const children = (node.content ?? []).map((child, index) => renderNode(child, index));
  switch (node.type) {
    case 'text':
      return <Text key={key} node={node} />;
    case 'hardBreak':
      return <br key={key} />;
    case 'paragraph':
      return <p key={key}>{children}</p>;
    case 'heading': {
      // The text's headings sit under the page's own (h1) and panel (h2) headings.
      const level = Math.min(6, Math.max(3, Number(node.attrs?.level ?? 3) + 2));
      const Heading = `h${level}` as 'h3';
      return <Heading key={key}>{children}</Heading>;
    }
    case 'bulletList':
      return <ul key={key}>{children}</ul>;
    case 'orderedList':
      return <ol key={key}>{children}</ol>;
    case 'listItem':
      return <li key={key}>{children}</li>;
    case 'blockquote':
      return <blockquote key={key}>{children}</blockquote>;
    case 'figure': {
      const { src, alt, title } = (node.attrs ?? {}) as {
        src?: string;
        alt?: string | null;
        title?: string | null;
      };
      return (
        <figure key={key} className="rep-figure">
          {src && <img src={src} alt={alt ?? ''} />}
          {title && <figcaption>{title}</figcaption>}
        </figure>
      );
    }
    default:
      return <span key={key}>{children}</span>;
  }
}

function Text({ node }: { node: EditorNode }) {
  const text = node.text ?? '';
  // publicDocOf writes each redaction as a placeholder text of its own, without marks.
  if (!node.marks && PLACEHOLDERS.has(text)) return <span className="rep-placeholder">{text}</span>;
  let out: ReactNode = text;
  for (const mark of node.marks ?? []) {
    if (mark.type === 'bold') out = <strong>{out}</strong>;
    else if (mark.type === 'italic') out = <em>{out}</em>;
    else if (mark.type === 'underline') out = <u>{out}</u>;
  }
  return <>{out}</>;
}
