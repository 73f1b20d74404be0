import type { Page } from 'playwright-core';

/** What has focus: its role, and its name as a reader would hear it (label, aria-label or text). */
export const focused = (page: Page) =>
  page.evaluate(() => {
    const element = document.activeElement as HTMLElement | null;
    if (!element) return { role: '', name: '', checked: false };
    const labelledBy = element.getAttribute('aria-labelledby');
    const label =
      element.getAttribute('aria-label') ??
      (labelledBy ? document.getElementById(labelledBy.split(' ')[0]!)?.textContent : null) ??
      (element as HTMLInputElement).labels?.[0]?.textContent ??
      element.textContent ??
      '';
    return {
      role: element.getAttribute('role') ?? element.tagName.toLowerCase(),
      name: label.trim(),
      checked: (element as HTMLInputElement).checked ?? false,
    };
  });

/** Presses Tab until focus reaches the control named `name` (keyboard only, no clicks). */
export async function tabTo(page: Page, name: string | RegExp, limit = 40) {
  const matches = (now: { name: string }) =>
    typeof name === 'string' ? now.name === name : name.test(now.name);
  for (let step = 0; step < limit; step += 1) {
    await page.keyboard.press('Tab');
    const now = await focused(page);
    if (matches(now)) return now;
  }
  throw new Error(`Tab never reached ${String(name)}`);
}
