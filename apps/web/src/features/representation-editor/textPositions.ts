import type { Node as PMNode } from '@tiptap/pm/model';

/**
 * The document's plain text exactly as the shared `plainTextOf` writes it (paragraphs a blank line
 * apart, a hard break a new line, a figure its alt text, runs of new lines kept to two, trimmed),
 * with where each character sits in the ProseMirror document. The personal-data detector reads
 * the text; its offsets come back here to become editor ranges.
 *
 * `positions[i]` is the document position of character i, or null for what the editor has no
 * text for (the breaks between blocks, a hard break, a figure's alt text).
 */
export type PlainText = { text: string; positions: (number | null)[] };

// Nodes after which plainTextOf writes a blank line (shared editor.ts `blockBreak`).
const BLOCK_BREAK = new Set(['paragraph', 'heading', 'listItem', 'blockquote', 'figure']);

export function plainTextWithPositions(doc: PMNode): PlainText {
  const chars: string[] = [];
  const positions: (number | null)[] = [];
  const push = (text: string, at: number | null) => {
    for (let i = 0; i < text.length; i++) {
      chars.push(text[i]!);
      positions.push(at === null ? null : at + i);
    }
  };
  // `start` is where the node's content begins (the doc's at 0, any other node's one past it).
  const walk = (node: PMNode, pos: number) => {
    if (node.isText) push(node.text ?? '', pos);
    else if (node.type.name === 'hardBreak') push('\n', null);
    else if (node.type.name === 'figure') push(String(node.attrs.alt ?? ''), null);
    const start = node.type.name === 'doc' ? 0 : pos + 1;
    node.forEach((child, offset) => walk(child, start + offset));
    if (BLOCK_BREAK.has(node.type.name)) push('\n\n', null);
  };
  walk(doc, 0);

  // .replace(/\n{3,}/g, '\n\n'): keep the first two of each longer run of new lines.
  const keptChars: string[] = [];
  const keptPositions: (number | null)[] = [];
  let run = 0;
  chars.forEach((char, index) => {
    run = char === '\n' ? run + 1 : 0;
    if (run > 2) return;
    keptChars.push(char);
    keptPositions.push(positions[index]!);
  });
  // .trim(): /\s/ is the same set of characters as String.prototype.trim's.
  let first = 0;
  let last = keptChars.length;
  while (first < last && /\s/.test(keptChars[first]!)) first++;
  while (last > first && /\s/.test(keptChars[last - 1]!)) last--;
  return { text: keptChars.slice(first, last).join(''), positions: keptPositions.slice(first, last) };
}

/**
 * The editor range of the plain text's [from, to): from the first character the editor has to
 * just past the last one. Null when none of it is editor text (a figure's alt text alone).
 */
export function editorRangeOf(
  plain: PlainText,
  from: number,
  to: number,
): { from: number; to: number } | null {
  let start = Math.max(0, from);
  let end = Math.min(plain.positions.length, to) - 1;
  while (start <= end && plain.positions[start] === null) start++;
  while (end >= start && plain.positions[end] === null) end--;
  if (start > end) return null;
  return { from: plain.positions[start]!, to: plain.positions[end]! + 1 };
}

/** Whether any text in [from, to) carries a mark of that type (a redaction, say). */
export function rangeHasMark(doc: PMNode, from: number, to: number, markType: string): boolean {
  let found = false;
  doc.nodesBetween(from, to, (node) => {
    if (found) return false;
    if (node.isText && node.marks.some((mark) => mark.type.name === markType)) found = true;
    return !found;
  });
  return found;
}
