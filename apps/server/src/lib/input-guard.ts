import type { FastifyRequest } from 'fastify';
import { INPUT_DEPTH_MAX, inputMessages, type ErrorBody } from '@planning/shared';
import { badRequest } from './errors';

// Node 20 has String.prototype.isWellFormed (ES2024); the TypeScript lib we build with is ES2023.
/* eslint-disable @typescript-eslint/consistent-type-definitions */
declare global {
  interface String {
    isWellFormed(): boolean;
  }
}
/* eslint-enable @typescript-eslint/consistent-type-definitions */

type Issue = NonNullable<ErrorBody['issues']>[number];
type Key = string | number;

const MAX_ISSUES = 10;
/** Keys are echoed in an issue's path; a megabyte-long one is cut. */
const KEY_SHOWN_MAX = 64;

/** Why a text cannot be taken, or null: NUL (PostgreSQL text cannot hold it) or a lone surrogate. */
function textProblem(text: string): string | null {
  if (text.includes('\u0000')) return inputMessages.nulCharacter;
  if (!text.isWellFormed()) return inputMessages.invalidCharacter;
  return null;
}

/**
 * Every problem in one request part (body, querystring, params), found by an explicit stack rather
 * than recursion, so no nesting can overflow the call stack here, and nesting deeper than
 * INPUT_DEPTH_MAX is refused before zod's recursive validation ever sees it.
 */
export function inputIssues(value: unknown, where: string): Issue[] {
  const issues: Issue[] = [];
  const report = (path: readonly Key[], message: string) =>
    issues.push({ path: [where, ...path].join('.'), message });
  if (typeof value === 'string') {
    const problem = textProblem(value);
    if (problem) report([], problem);
    return issues;
  }
  const stack: { value: object; depth: number; path: readonly Key[] }[] = [];
  if (typeof value === 'object' && value !== null) stack.push({ value, depth: 1, path: [] });
  while (stack.length > 0 && issues.length < MAX_ISSUES) {
    const node = stack.pop()!;
    if (node.depth > INPUT_DEPTH_MAX) {
      report(node.path, inputMessages.tooDeep);
      continue;
    }
    const entries: Iterable<[Key, unknown]> = Array.isArray(node.value)
      ? node.value.entries()
      : Object.entries(node.value);
    for (const [key, child] of entries) {
      if (typeof key === 'string') {
        const problem = textProblem(key);
        // The key itself is not echoed: the path stops at the object holding it.
        if (problem) {
          report(node.path, problem);
          continue;
        }
      }
      const path = [...node.path, typeof key === 'string' ? key.slice(0, KEY_SHOWN_MAX) : key];
      if (typeof child === 'string') {
        const problem = textProblem(child);
        if (problem) report(path, problem);
      } else if (typeof child === 'object' && child !== null) {
        stack.push({ value: child, depth: node.depth + 1, path });
      }
    }
  }
  return issues.slice(0, MAX_ISSUES);
}

function refuse(issues: Issue[]) {
  // The first problem is the message: it says what to fix, where "Payload data is invalid" would not.
  if (issues.length > 0) throw badRequest(issues[0]!.message, issues.slice(0, MAX_ISSUES));
}

/**
 * Runs on every API request before its zod validation (after the access guard, so a caller without
 * a session still learns nothing about a route's input): no input can then reach SQL with a NUL
 * or a lone surrogate, or a recursive validator with nesting deep enough to overflow the stack.
 */
export async function guardInput(request: FastifyRequest): Promise<void> {
  refuse([
    ...inputIssues(request.params, 'params'),
    ...inputIssues(request.query, 'querystring'),
    ...inputIssues(request.body, 'body'),
  ]);
}

/** The same check on JSON a route parses itself (a tile's filters, carried in its query string). */
export function checkInput(value: unknown, where: string): void {
  refuse(inputIssues(value, where));
}
