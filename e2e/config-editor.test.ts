import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { axeViolations } from './support/axe';
import { pageSession } from './support/consultations';
import {
  chooseOption,
  openAsTenant,
  openedDialog,
  type RunningApp,
  settledDialog,
  startRunningApp,
} from './support/running-app';

let running: RunningApp;
beforeAll(async () => {
  running = await startRunningApp();
});
afterAll(() => running?.close());

const LABEL = 'Suitable area for homes';

const shot = async (page: Page, name: string) => {
  if (process.env.E2E_SCREENSHOTS)
    await page.screenshot({ path: `${process.env.E2E_SCREENSHOTS}/${name}.png`, fullPage: true });
};

type EditorTile = { root?: { view?: { state: { doc: { toString(): string } } } } };

/**
 * The JSON editor's whole text. CodeMirror draws only the lines in view, so the DOM's text is not
 * all of it; its view hangs off the content element (what EditorView.findFromDOM reads).
 */
const jsonText = (page: Page) =>
  page
    .locator('.cm-content')
    .evaluate(
      (content) =>
        (content as HTMLElement & { cmTile?: EditorTile }).cmTile?.root?.view?.state.doc.toString() ??
        content.textContent ??
        '',
    );

describe('config editor (issue 16 point 2)', () => {
  it(
    'an admin adds a Site search filter in the form, sees it in the JSON, breaks and fixes the JSON, compares, saves and rolls back',
    { timeout: 90_000 },
    async () => {
      const page = await openAsTenant(running, 'demo', '/admin/placemaker/configs', 'admin');
      await page.getByRole('heading', { name: 'Configs', level: 1 }).waitFor({ timeout: 30_000 });
      await page.getByRole('link', { name: 'Site search', exact: true }).waitFor();
      expect(await axeViolations(page)).toEqual([]);
      await page.getByRole('link', { name: 'Site search', exact: true }).click();
      await page.getByRole('heading', { name: 'Site search', level: 1 }).waitFor({ timeout: 30_000 });
      await page.getByText('Config is valid').waitFor();

      // The filter builder: a new filter on a site field, with its condition and values.
      await page.getByRole('button', { name: 'Add filter' }).click();
      const panel = page.locator('.config-panel').last();
      await chooseOption(
        page,
        panel.getByRole('combobox', { name: 'Field' }),
        'Suitable area (suitable_area)',
      );
      await chooseOption(page, panel.getByRole('combobox', { name: 'Type' }), 'Number');
      await chooseOption(page, panel.getByRole('combobox', { name: 'Condition' }), 'at least (GE)');
      await panel.getByRole('textbox', { name: 'Label' }).fill(LABEL);
      await panel.getByRole('spinbutton', { name: 'Minimum' }).fill('1');
      await panel.getByRole('spinbutton', { name: 'Maximum' }).fill('40');
      await expect.poll(() => panel.getByRole('spinbutton', { name: 'Maximum' }).inputValue()).toBe('40');
      await page.getByText('Config is valid').waitFor();
      expect(await axeViolations(page)).toEqual([]);
      await shot(page, 'config-editor-form');

      // The same filter in the JSON.
      await page.getByRole('tab', { name: 'JSON' }).click();
      const editor = page.getByRole('textbox', { name: 'Site search config as JSON' });
      await editor.waitFor();
      await expect.poll(() => jsonText(page)).toContain(`"label": "${LABEL}"`);
      const json = await jsonText(page);
      expect(json).toContain('"dbPropertyName": "suitable_area"');
      expect(json).toContain('"equality": "GE"');
      expect(json).toContain('"max": 40');

      // Broken JSON: the validation result says so, and the editor marks where.
      await editor.click();
      await page.keyboard.press('Control+End');
      await page.keyboard.type(',');
      const invalid = page.locator('.config-validation').getByText('Config is invalid');
      await invalid.waitFor();
      await page
        .locator('.config-validation')
        .getByText(/The JSON is not valid/)
        .waitFor();
      await page.locator('.cm-lintRange-error').first().waitFor();
      expect(await axeViolations(page)).toEqual([]);
      await shot(page, 'config-editor-json-invalid');
      // Fixed again.
      await page.keyboard.press('Backspace');
      await page.getByText('Config is valid').waitFor();

      // Compare: the one added filter.
      await page.getByRole('tab', { name: /Compare/ }).click();
      await page.getByText('1 change', { exact: true }).waitFor();
      const compare = page.getByRole('region', { name: 'Comparison of the initial and current config' });
      await compare.getByText('Added').waitFor();
      expect(await axeViolations(page)).toEqual([]);
      expect(await compare.getByText(LABEL).count()).toBeGreaterThan(0);
      await shot(page, 'config-editor-compare');

      // Save: a new version.
      await page.getByRole('button', { name: 'Save', exact: true }).click();
      await page.getByText('Changes saved').waitFor();
      await page.getByText(/Version 2 ·/).waitFor();

      // The history has it; roll back to version 1.
      await page.getByRole('button', { name: 'Version history' }).click();
      const drawer = await openedDialog(page, 'Version history');
      await drawer.getByText('Version 2').waitFor();
      await drawer.getByText(/filters\.\d+ added/).waitFor();
      await shot(page, 'config-editor-history');
      await drawer.getByRole('button', { name: 'Roll back to version 1' }).click();
      const confirm = await settledDialog(
        page,
        page.getByRole('dialog').filter({ hasText: 'Roll back to version 1?' }),
      );
      await confirm.getByRole('button', { name: 'Roll back' }).click();
      await page.getByText('Rolled back to version 1').waitFor();
      await page.getByText(/Version 3 ·/).waitFor();

      // After a reload the filter is gone.
      await page.reload();
      await page.getByRole('heading', { name: 'Site search', level: 1 }).waitFor({ timeout: 30_000 });
      await page.getByText('Config is valid').waitFor();
      expect(await page.getByText(LABEL).count()).toBe(0);
      await page.getByRole('tab', { name: 'JSON' }).click();
      await page.getByRole('textbox', { name: 'Site search config as JSON' }).waitFor();
      await expect.poll(() => jsonText(page)).toContain('"filters"');
      expect(await jsonText(page)).not.toContain('suitable_area');
    },
  );

  it(
    'a save after another admin saved is refused with a reload; leaving with changes asks first',
    { timeout: 60_000 },
    async () => {
      const page = await openAsTenant(running, 'demo', '/admin/placemaker/configs', 'admin');
      await page.getByRole('link', { name: 'Site card', exact: true }).click();
      await page.getByRole('heading', { name: 'Site card', level: 1 }).waitFor({ timeout: 30_000 });
      await page.getByText('Config is valid').waitFor();
      const configId = page.url().split('/').pop() ?? '';

      await page.locator('.config-panel__toggle').first().click();
      await page.locator('.config-panel').first().getByRole('textbox', { name: 'Label' }).fill('HELAA ref.');

      // Meanwhile another admin saves the same config.
      const { request, headers, url } = await pageSession(running, page);
      const current = (await (
        await request.get(url(`/config-documents/${configId}`), { headers })
      ).json()) as {
        config: { elements: { label: string }[] };
        version: number;
      };
      const theirs = {
        ...current.config,
        elements: current.config.elements.map((element, index) =>
          index === 0 ? { ...element, label: 'Reference' } : element,
        ),
      };
      const saved = await request.put(url(`/config-documents/${configId}`), {
        headers,
        data: { config: theirs, expectedVersion: current.version },
      });
      expect(saved.status()).toBe(200);

      await page.getByRole('button', { name: 'Save', exact: true }).click();
      const stale = page.getByRole('alert').filter({ hasText: 'Someone else has saved this config' });
      await stale.waitFor();
      await shot(page, 'config-editor-stale');
      await stale.getByRole('button', { name: 'Reload' }).click();
      await page.getByText(`Version ${current.version + 1} ·`).waitFor();
      await page.locator('.config-panel__toggle').first().click();
      await expect
        .poll(() =>
          page.locator('.config-panel').first().getByRole('textbox', { name: 'Label' }).inputValue(),
        )
        .toBe('Reference');

      // Leaving with changes not saved asks; Stay keeps them, Leave goes.
      await page.locator('.config-panel').first().getByRole('textbox', { name: 'Label' }).fill('Ref');
      await page.getByRole('link', { name: 'Back to configs' }).click();
      const leaveQuestion = () => page.getByRole('dialog').filter({ hasText: 'Leave without saving?' });
      const question = await settledDialog(page, leaveQuestion());
      await question.getByRole('button', { name: 'Stay' }).click();
      await question.waitFor({ state: 'hidden' });
      expect(
        await page.locator('.config-panel').first().getByRole('textbox', { name: 'Label' }).inputValue(),
      ).toBe('Ref');
      await page.getByRole('link', { name: 'Back to configs' }).click();
      await (
        await openedDialog(page, 'Leave without saving?')
      )
        .getByRole('button', { name: 'Leave' })
        .click();
      await page.getByRole('heading', { name: 'Configs', level: 1 }).waitFor();
    },
  );

  it("says where a type's config shows, and that residents do not see the public maps' configs yet", async () => {
    const page = await openAsTenant(running, 'demo', '/admin/placemaker/configs', 'admin');
    await page.getByRole('heading', { name: 'Configs', level: 1 }).waitFor({ timeout: 30_000 });
    await page.getByRole('button', { name: /^Site card \d+ configs$/ }).click();
    await page.getByRole('heading', { name: 'Site card', level: 2 }).waitFor();
    await page.getByText("Each site's card in the results of").waitFor();
    await page.locator('.config-list__use').getByRole('link', { name: 'the site search' }).click();
    await page.waitForURL('**/map');

    await page.goto(`${running.baseUrl}/admin/consultations/suggestion-map`);
    await page.getByRole('heading', { name: 'Suggestion map', level: 1 }).waitFor({ timeout: 30_000 });
    await page.getByText('Residents do not see Suggestion map configs yet').waitFor();
    await page.getByRole('link', { name: 'Neighbourhood suggestions' }).waitFor();
  });
});
