import { getSchema } from '@tiptap/core';
import { EditorState } from '@tiptap/pm/state';
import type { EditorNode } from '@planning/shared';
import { representationExtensions } from './editorExtensions';

/** The editor's tests' documents, in the editor's own schema (the one the server checks). */
export const schema = getSchema(representationExtensions);

export const text = (value: string, marks?: EditorNode['marks']): EditorNode => ({
  type: 'text',
  text: value,
  ...(marks ? { marks } : {}),
});
export const paragraph = (...content: EditorNode[]): EditorNode => ({
  type: 'paragraph',
  ...(content.length ? { content } : {}),
});
export const hardBreak: EditorNode = { type: 'hardBreak' };
export const doc = (...content: EditorNode[]): EditorNode => ({ type: 'doc', content });

/** An editor state holding these blocks. */
export const stateOf = (...content: EditorNode[]) =>
  EditorState.create({ schema, doc: schema.nodeFromJSON(doc(...content)) });
