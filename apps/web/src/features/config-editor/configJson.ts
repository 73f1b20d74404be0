/**
 * The config editor's text side (pure, so the form, the JSON editor and their tests agree): the
 * JSON text of a draft, where each path of it sits in the text (for lint marks), and immutable
 * changes at a path (what the form editors make).
 */

export type JsonPath = ReadonlyArray<string | number>;

/** One problem of a draft, where it is: 'filters.2.min' (empty for the whole document). */
export type DraftIssue = { path: string; message: string };

export type ParsedText = { ok: true; value: unknown } | { ok: false; message: string; offset: number };

/** The text the JSON editor shows for a document: two spaces, as people write it by hand. */
export function formatConfig(value: unknown): string {
  return JSON.stringify(value ?? null, null, 2);
}

/** A path as the validation panel and the server write it: 'filters.0.label'. */
export function pathKey(path: JsonPath): string {
  return path.join('.');
}

/**
 * The text parsed, or where it stops being JSON. The offset is read from the engine's message
 * when it gives one ("… at position 12"), else from our own scan, so the mark lands where the
 * mistake is.
 */
export function parseConfigText(text: string): ParsedText {
  try {
    return { ok: true, value: JSON.parse(text) };
  } catch (error) {
    const message = error instanceof Error ? error.message : 'Invalid JSON';
    const position = /position (\d+)/.exec(message);
    const offset = position ? Number(position[1]) : scanJson(text).errorAt;
    return {
      ok: false,
      message: `The JSON is not valid: ${message.replace(/^JSON\.parse: /, '')}`,
      offset: Math.min(Math.max(0, offset ?? text.length), text.length),
    };
  }
}

/** A span of the text: [from, to). */
export type TextRange = { from: number; to: number };

type Scan = { ranges: Map<string, TextRange>; errorAt: number | null };

/**
 * Where every value of a JSON text sits, by path key ('' is the whole document; a member's range
 * runs from its key to the end of its value, so a mark underlines "min": 5). A hand-written
 * scanner: JSON.parse gives values but no positions.
 */
function scanJson(text: string): Scan {
  const ranges = new Map<string, TextRange>();
  let index = 0;
  const fail = (): never => {
    throw new ScanError(index);
  };
  const space = () => {
    while (index < text.length && /\s/.test(text[index] ?? '')) index += 1;
  };
  const string = () => {
    if (text[index] !== '"') fail();
    const start = index;
    index += 1;
    while (index < text.length && text[index] !== '"') index += text[index] === '\\' ? 2 : 1;
    if (index >= text.length) fail();
    index += 1;
    return JSON.parse(text.slice(start, index)) as string;
  };
  const value = (path: JsonPath, rangeStart: number | null) => {
    space();
    const start = index;
    const char = text[index];
    if (char === '{') {
      index += 1;
      space();
      if (text[index] === '}') index += 1;
      else
        for (;;) {
          space();
          const keyStart = index;
          const key = string();
          space();
          if (text[index] !== ':') fail();
          index += 1;
          value([...path, key], keyStart);
          space();
          if (text[index] === ',') index += 1;
          else if (text[index] === '}') {
            index += 1;
            break;
          } else fail();
        }
    } else if (char === '[') {
      index += 1;
      space();
      if (text[index] === ']') index += 1;
      else
        for (let item = 0; ; item += 1) {
          value([...path, item], null);
          space();
          if (text[index] === ',') index += 1;
          else if (text[index] === ']') {
            index += 1;
            break;
          } else fail();
        }
    } else if (char === '"') string();
    else {
      const literal = /^(-?\d+(\.\d+)?([eE][+-]?\d+)?|true|false|null)/.exec(text.slice(index));
      if (!literal) fail();
      index += literal?.[0].length ?? 0;
    }
    ranges.set(pathKey(path), { from: rangeStart ?? start, to: index });
  };
  try {
    value([], null);
    space();
    if (index < text.length) fail();
    return { ranges, errorAt: null };
  } catch (error) {
    if (error instanceof ScanError) return { ranges, errorAt: error.at };
    throw error;
  }
}

class ScanError extends Error {
  constructor(readonly at: number) {
    super('Invalid JSON');
  }
}

/**
 * Where a problem at `path` is in the text: the value itself, or its nearest parent that exists
 * (a missing member is marked on the object that should hold it).
 */
export function locatePath(text: string, path: string): TextRange {
  const { ranges } = scanJson(text);
  const parts = path === '' ? [] : path.split('.');
  for (let length = parts.length; length >= 0; length -= 1) {
    const range = ranges.get(parts.slice(0, length).join('.'));
    if (range) {
      // A whole object or list would underline half the document: mark its first line only.
      const newline = text.indexOf('\n', range.from);
      return { from: range.from, to: newline > range.from && newline < range.to ? newline : range.to };
    }
  }
  return { from: 0, to: Math.min(text.length, 1) };
}

/** Zod-like issues as the panel lists them. */
export function issuesOf(
  issues: ReadonlyArray<{ path: ReadonlyArray<PropertyKey>; message: string }>,
): DraftIssue[] {
  return issues.map((issue) => ({
    path: issue.path.map((part) => (typeof part === 'symbol' ? String(part.description) : part)).join('.'),
    message: issue.message,
  }));
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** The value at a path, or undefined. */
export function getIn(value: unknown, path: JsonPath): unknown {
  let current = value;
  for (const part of path) {
    if (Array.isArray(current) && typeof part === 'number') current = current[part];
    else if (isRecord(current) && typeof part === 'string') current = current[part];
    else return undefined;
  }
  return current;
}

/**
 * A copy of `value` with `next` at `path`, parents made as needed; `undefined` removes an object's
 * member (optional settings left empty disappear from the JSON rather than staying as "").
 */
export function setIn(value: unknown, path: JsonPath, next: unknown): unknown {
  if (path.length === 0) return next;
  const [head, ...rest] = path;
  if (typeof head === 'number') {
    const list = Array.isArray(value) ? [...(value as unknown[])] : [];
    list[head] = setIn(list[head], rest, next);
    return list;
  }
  const record = isRecord(value) ? { ...value } : {};
  const child = setIn(record[head as string], rest, next);
  if (child === undefined) delete record[head as string];
  else record[head as string] = child;
  return record;
}

/** A copy of the list at `path` with its `index`th item removed. */
export function removeAt(value: unknown, path: JsonPath, index: number): unknown {
  const list = getIn(value, path);
  if (!Array.isArray(list)) return value;
  return setIn(
    value,
    path,
    list.filter((_, at) => at !== index),
  );
}

/** A copy of the list at `path` with `item` added at its end. */
export function appendAt(value: unknown, path: JsonPath, item: unknown): unknown {
  const list = getIn(value, path);
  return setIn(value, path, [...(Array.isArray(list) ? list : []), item]);
}

/** A copy of the list at `path` with the item at `from` moved one place up (-1) or down (+1). */
export function moveAt(value: unknown, path: JsonPath, from: number, by: -1 | 1): unknown {
  const list = getIn(value, path);
  if (!Array.isArray(list)) return value;
  const to = from + by;
  if (to < 0 || to >= list.length) return value;
  const next = [...(list as unknown[])];
  [next[from], next[to]] = [next[to], next[from]];
  return setIn(value, path, next);
}

/** An optional text setting: blank means absent. */
export const optionalText = (text: string): string | undefined => (text.trim() === '' ? undefined : text);

/** An optional number setting: empty means absent. */
export const optionalNumber = (value: number | null | undefined): number | undefined =>
  typeof value === 'number' && Number.isFinite(value) ? value : undefined;

/** Reads a record's member for a form control, whatever the JSON holds there. */
export function textOf(value: unknown, key: string): string {
  const member = isRecord(value) ? value[key] : undefined;
  return typeof member === 'string' || typeof member === 'number' ? String(member) : '';
}

export function numberOf(value: unknown, key: string): number | null {
  const member = isRecord(value) ? value[key] : undefined;
  return typeof member === 'number' ? member : null;
}

export function booleanOf(value: unknown, key: string): boolean {
  return isRecord(value) && value[key] === true;
}

export function listOf(value: unknown, key: string): unknown[] {
  const member = isRecord(value) ? value[key] : undefined;
  return Array.isArray(member) ? member : [];
}

export { isRecord };
