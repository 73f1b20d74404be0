import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';
import { animationsSettled } from './running-app';

// axe-core's own build, evaluated in the page (the app's CSP rightly refuses an injected script tag).
const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
const WCAG_22_AA = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

type Violation = { id: string; help: string; nodes: Array<{ target: string[]; failureSummary?: string }> };

/** WCAG 2.2 AA failures on the page, one line per failing element: rule, where and why. */
export function axeViolations(page: Page): Promise<string[]> {
  return axeViolationsIn(page, 'html');
}

/** WCAG 2.2 AA failures inside `selector`, one line per failing element: rule, where and why. */
export async function axeViolationsIn(page: Page, selector: string): Promise<string[]> {
  await animationsSettled(page);
  await page.evaluate(axeSource);
  const violations = await page.evaluate(
    ({ tags, within }) =>
      (
        window as unknown as {
          axe: { run(context: string, options: object): Promise<{ violations: Violation[] }> };
        }
      ).axe
        .run(within, { runOnly: { type: 'tag', values: tags } })
        .then((result) => result.violations),
    { tags: WCAG_22_AA, within: selector },
  );
  return violations.flatMap((violation) =>
    violation.nodes.map(
      (node) => `${violation.id}: ${node.target.join(' ')} — ${node.failureSummary ?? violation.help}`,
    ),
  );
}
