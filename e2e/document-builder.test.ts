import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { documentMessages } from '../packages/shared/src/documents/messages';
import { documentSchema, publicDocumentSchema } from '../packages/shared/src/documents/api';
import { DEMO_PASSWORD } from '../apps/server/src/seed/demo-users';
import { axeViolations } from './support/axe';
import {
  animationsSettled,
  openAsTenant,
  openedDialog,
  settledDialog,
  openedMenu,
  startRunningApp,
  type RunningApp,
} from './support/running-app';

let running: RunningApp;
// A 2×2 grey PNG.
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAYAAABytg0kAAAAEUlEQVR4AWM8AQQMQMDEAAUAMKYDJOk+9mYAAAAASUVORK5CYII=',
  'base64',
);
/** A screen's first showing: its chunk and first answers, on a machine running other suites too. */
const FIRST_LOAD = { timeout: 60_000 };

beforeAll(async () => {
  running = await startRunningApp();
});
afterAll(() => running?.close());

const shot = async (page: Page, name: string) => {
  if (process.env.E2E_SCREENSHOTS)
    await page.screenshot({ path: `${process.env.E2E_SCREENSHOTS}/${name}.png`, fullPage: true });
};

/** The document as the builder's API stores it, read with the page's own session. */
async function storedDocument(page: Page, id: string) {
  const response = await page.context().request.get(`${running.baseUrl}/api/v1/documents/${id}`, {
    headers: { 'x-tenant': 'demo' },
  });
  expect(response.status()).toBe(200);
  return documentSchema.parse(await response.json());
}

const saveState = (page: Page) => page.locator('.builder-save-state');
const saved = (page: Page) => page.locator('.builder-save-state[data-state="saved"]').waitFor();

/** A second officer's session through the API, as another browser would hold it. */
async function otherOfficer() {
  const context = await running.newContext();
  const login = await context.request.post(`${running.baseUrl}/api/v1/auth/firebase-auth/login`, {
    headers: { 'x-tenant': 'demo' },
    data: { email: 'officer@demo.test', password: DEMO_PASSWORD },
  });
  const { csrfToken } = (await login.json()) as { csrfToken: string };
  const headers = { 'x-tenant': 'demo', 'x-csrf-token': csrfToken };
  return {
    create: async (title: string) => {
      const answer = await context.request.post(`${running.baseUrl}/api/v1/documents`, {
        headers,
        data: { title },
      });
      expect(answer.status()).toBe(201);
      return documentSchema.parse(await answer.json());
    },
    rename: async (id: string, title: string) => {
      const answer = await context.request.put(`${running.baseUrl}/api/v1/documents/${id}`, {
        headers,
        data: { title },
      });
      expect(answer.status()).toBe(200);
    },
    close: () => context.close(),
  };
}

/** Adds a block from the add-block menu; its fields open beside the list. */
async function addBlock(page: Page, label: string) {
  await page.getByRole('button', { name: 'Add block' }).click();
  await (await openedMenu(page)).getByRole('menuitem', { name: label, exact: true }).click();
  await page.locator('.ant-dropdown:visible').waitFor({ state: 'hidden' });
  await page.getByRole('heading', { name: `${label} block` }).waitFor();
}

/**
 * Drags with the pointer from a drag handle onto a target, as a person would: a few steps at a
 * time (dnd-kit starts a drag after 4 px), dropping once the screen reader has been told where.
 */
async function dragOnto(page: Page, handle: Locator, target: Locator, announced: string) {
  const from = (await handle.boundingBox())!;
  const to = (await target.boundingBox())!;
  await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
  await page.mouse.down();
  await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2 + 8, { steps: 4 });
  await page.mouse.move(to.x + to.width / 2, to.y + to.height / 2, { steps: 12 });
  await page.getByText(announced).waitFor({ state: 'attached' });
  await page.mouse.up();
}

describe('document builder (issue 14)', () => {
  it(
    'an officer builds a document with a block of every type, reorders, reloads, publishes and shares it',
    { timeout: 180_000 },
    async () => {
      const page = await openAsTenant(running, 'demo', '/documents', 'officer');
      await page.getByRole('heading', { name: 'Document builder' }).waitFor(FIRST_LOAD);
      await page.getByText(documentMessages.noTemplates).waitFor();
      await shot(page, 'document-builder-list');
      expect(await axeViolations(page)).toEqual([]);

      // Create new: Blank.
      await page.getByRole('button', { name: 'Blank' }).click();
      await page.getByLabel('Title').fill('Issue 14 journey plan');
      await page.getByRole('button', { name: 'Create' }).click();
      await page.waitForURL(/\/documents\/[0-9a-f-]{36}$/);
      const id = page.url().split('/').pop()!;
      await page.getByRole('navigation', { name: 'Sections' }).waitFor();

      // Two sections and a sub-section, named in the section's title field.
      const tree = page.getByRole('navigation', { name: 'Sections' });
      const sectionTitle = page.locator('#builder-section-title');
      /** Adds a section with the button, and names it once its own title field shows. */
      const addNamed = async (button: string, field: string, title: string) => {
        // The sub-section buttons are named exactly ('… to Sites', not '… to Sites in the north');
        // 'Add section' carries its icon's name too.
        await tree.getByRole('button', { name: button, exact: button !== 'Add section' }).click();
        await page.getByLabel(field, { exact: true }).and(sectionTitle).waitFor();
        await sectionTitle.fill(title);
      };
      await addNamed('Add section', 'Section 1 title', 'Vision');
      await addNamed('Add section', 'Section 2 title', 'Sites');
      await addNamed('Add sub-section to Sites', 'Sub-section 2.1 title', 'Sites in the north');
      await tree.getByRole('button', { name: '2.1 Sites in the north' }).waitFor();

      // Keyboard reordering: Sites picked up with Space, moved up with the arrow, dropped with Space.
      const handle = tree.getByRole('button', { name: 'Move section Sites', exact: true });
      await handle.focus();
      // Each step waits for dnd-kit to have taken the one before (it measures the list once picked up).
      await page.keyboard.press('Space');
      await tree.locator('button[aria-label="Move section Sites"][aria-pressed="true"]').waitFor();
      // dnd-kit ignores a key pressed before it has measured the list, which it does after the
      // pick-up is shown: the arrow is pressed again until it is taken (more presses at the top
      // change nothing, as there is no place above the first).
      const over = page.getByText('Sites is over position 1 of 2.');
      await expect
        .poll(async () => {
          await page.keyboard.press('ArrowUp');
          return over.count();
        })
        .toBeGreaterThan(0);
      await page.keyboard.press('Space');
      await tree.getByRole('button', { name: '1 Sites', exact: true }).waitFor();
      await tree.getByRole('button', { name: '1.1 Sites in the north' }).waitFor();
      await tree.getByRole('button', { name: '2 Vision', exact: true }).waitFor();
      await saved(page);

      // A sub-section dragged onto another section's row moves into it, and is numbered there.
      await dragOnto(
        page,
        tree.getByRole('button', { name: 'Move section Sites in the north', exact: true }),
        tree.getByRole('button', { name: '2 Vision', exact: true }),
        'Sites in the north is over Vision: drop it to move it into that section.',
      );
      await tree.getByRole('button', { name: '2.1 Sites in the north' }).waitFor();
      // The move saved before the next click: the save redraws the tree, and a full run once lost
      // the click on 'Add sub-section to Sites' to that redraw.
      await saved(page);
      // And from the keyboard: the sub-section's "Move to section…" dialog.
      await addNamed('Add sub-section to Sites', 'Sub-section 1.1 title', 'Sites in the south');
      await tree.getByRole('button', { name: '1.1 Sites in the south' }).waitFor();
      await page.getByRole('button', { name: 'Move to section…' }).press('Enter');
      const moving = await openedDialog(page, 'Move to another section');
      await shot(page, 'document-builder-move-section');
      const into = moving.getByLabel('Move 1.1 Sites in the south into');
      await into.press('ArrowDown');
      await page.locator('.ant-select-dropdown:visible .ant-select-item-option[title="2 Vision"]').waitFor();
      await into.press('Enter');
      await moving.getByRole('button', { name: 'Move', exact: true }).click();
      await moving.waitFor({ state: 'hidden' });
      await tree.getByRole('button', { name: '2.2 Sites in the south' }).waitFor();
      await tree.getByRole('button', { name: '1 Sites', exact: true }).waitFor();
      await saved(page);

      // One block of each type in Vision, with the fields each needs.
      await tree.getByRole('button', { name: '2 Vision', exact: true }).click();
      await addBlock(page, 'Text');
      const text = page.getByRole('textbox', { name: 'Text' });
      await text.click();
      await page.keyboard.type('Our vision for 2041 is a greener district.');
      // A link needs its address: an empty one is refused, then one is applied to the selected word.
      await text.getByText('Our vision for 2041 is a greener district.').dblclick();
      await page.getByRole('button', { name: 'Link', exact: true }).click();
      const linkForm = page.locator('.rich-text__link-form');
      await linkForm.getByRole('button', { name: 'Apply link' }).click();
      await linkForm.getByRole('alert').filter({ hasText: 'Enter the link’s address' }).waitFor();
      await linkForm.getByLabel('Link address').fill('https://www.gov.uk/vision');
      await linkForm.getByRole('button', { name: 'Apply link' }).click();
      await text.locator('a[href="https://www.gov.uk/vision"]').waitFor();
      await addBlock(page, 'Hero');
      await addBlock(page, 'Image');
      // Not saved until the image has an address and alt text.
      await page.locator('.builder-save-state[data-state="invalid"]').waitFor();
      expect(await saveState(page).textContent()).toMatch(/^Not saved: /);
      await page.getByLabel('Image address', { exact: true }).fill('https://example.org/plan.png');
      await page.getByLabel('Alt text').fill('The district plan');
      await addBlock(page, 'Table');
      await addBlock(page, 'Video');
      await page.getByLabel('Video address').fill('https://www.youtube.com/watch?v=a1b2c3');
      await addBlock(page, 'Chart');
      await page.getByLabel('Chart name').fill('Homes by area');
      await page.getByRole('figure', { name: 'Homes by area' }).waitFor();
      await shot(page, 'document-builder-chart');
      await addBlock(page, 'Map');
      await page.getByLabel('Caption').fill('Proposed sites');
      // Its sites found by a filter of the site search, counted by the search /map runs.
      await page.getByRole('button', { name: 'Choose sites by filters' }).click();
      const filterDrawer = await openedDialog(page, 'Sites found by filters');
      const counted = page.waitForResponse(
        (response) =>
          response.url().endsWith('/api/v1/search/site/flexible') &&
          JSON.stringify(response.request().postDataJSON()).includes('"size_ha"'),
      );
      await filterDrawer.getByLabel('Site area from').fill('1');
      const { total } = (await (await counted).json()) as { total: number };
      expect(total).toBeGreaterThan(0);
      const found = `${total.toLocaleString('en-GB')} ${total === 1 ? 'site' : 'sites'} found`;
      await filterDrawer
        .getByRole('status')
        .filter({ hasText: `${found} by these filters` })
        .waitFor();
      await shot(page, 'document-builder-map-filters');
      await filterDrawer.getByRole('button', { name: 'Search Sites' }).click();
      await filterDrawer.waitFor({ state: 'hidden' });
      const mapFilters = page.getByRole('group', { name: 'Sites found by filters' });
      await mapFilters.getByText('Site area: from 1 ha').waitFor();
      await mapFilters
        .getByRole('status')
        .filter({ hasText: new RegExp(`^${found}$`) })
        .waitFor();
      await shot(page, 'document-builder-map');
      // Checked once saved: while a save runs, the toolbar's buttons are disabled, and one that has
      // just come back is still fading from grey (failed once in a full run).
      await saved(page);
      expect(await axeViolations(page)).toEqual([]);
      await addBlock(page, 'Question');
      await page.getByLabel('Question title').fill('Do you agree with the vision?');
      await shot(page, 'document-builder-question');
      await addBlock(page, 'Poll');
      await addBlock(page, 'Link');
      await page.getByLabel('Link address').fill('https://www.gov.uk/guidance/plan-making');
      await addBlock(page, 'Tag topic');
      await addBlock(page, 'Table of contents');
      await addBlock(page, 'Carousel');
      await page.getByRole('button', { name: 'Add image slide' }).click();
      await page.getByLabel('Slide 1 image address').fill('https://example.org/north.png');
      await page.getByLabel('Slide 1 alt text').fill('Land north of the station');
      await addBlock(page, 'Divider');
      await expect.poll(() => page.locator('.builder-block').count()).toBe(14);

      // Undo takes the divider away, redo puts it back.
      await page.getByRole('button', { name: 'Undo' }).click();
      await expect.poll(() => page.locator('.builder-block').count()).toBe(13);
      await page.getByRole('button', { name: 'Redo' }).click();
      await expect.poll(() => page.locator('.builder-block').count()).toBe(14);
      // And from the keyboard, outside the text fields.
      await page.keyboard.press('Control+z');
      await expect.poll(() => page.locator('.builder-block').count()).toBe(13);
      await page.keyboard.press('Control+Shift+z');
      await expect.poll(() => page.locator('.builder-block').count()).toBe(14);
      await saved(page);
      await shot(page, 'document-builder-editor');
      expect(await axeViolations(page)).toEqual([]);

      // Saved on the server: the sections in their new order and a block of every type.
      const stored = await storedDocument(page, id);
      const { entities, root } = stored.config;
      const titleOf = (key: string) => {
        const entity = entities[key];
        return entity && 'title' in entity ? entity.title : undefined;
      };
      expect(entities[root]!.childSectionIds!.map(titleOf)).toEqual(['Sites', 'Vision']);
      const vision = entities[root]!.childSectionIds![1]!;
      const visionChildren = entities[vision]!.childSectionIds!.map((child) => entities[child]!);
      // Both sub-sections moved into Vision, after its blocks.
      expect(
        visionChildren.filter((child) => child.type === 'subSection').map((child) => titleOf(child.id)),
      ).toEqual(['Sites in the north', 'Sites in the south']);
      expect(entities[entities[root]!.childSectionIds![0]!]!.childSectionIds).toEqual([]);
      const types = visionChildren.filter((child) => child.type !== 'subSection').map((child) => child.type);
      expect([...types].sort()).toEqual(
        [
          'carouselSection',
          'chart',
          'divider',
          'hero',
          'image',
          'link',
          'map',
          'poll',
          'question',
          'table',
          'tableOfContents',
          'tagTopic',
          'textBlock',
          'video',
        ].sort(),
      );
      const map = Object.values(entities).find((entity) => entity.type === 'map');
      expect(map?.type === 'map' && map.sites.filters).toEqual([
        { type: 'range', dbPropertyName: 'size_ha', value: { min: 1, max: null } },
      ]);
      const textBlock = Object.values(entities).find((entity) => entity.type === 'textBlock');
      const words = [...JSON.stringify(textBlock).matchAll(/"text":"([^"]*)"/g)].map((match) => match[1]);
      expect(words.join('')).toBe('Our vision for 2041 is a greener district.');
      expect(JSON.stringify(textBlock)).toContain('"href":"https://www.gov.uk/vision"');
      const images = Object.values(entities).filter((entity) => entity.type === 'image');
      expect(images).toEqual(
        expect.arrayContaining([
          expect.objectContaining({ src: 'https://example.org/plan.png', alt: 'The district plan' }),
          expect.objectContaining({ src: 'https://example.org/north.png', alt: 'Land north of the station' }),
        ]),
      );

      // A reload finds it all again.
      await page.reload();
      await tree.getByRole('button', { name: '1 Sites', exact: true }).waitFor(FIRST_LOAD);
      await tree.getByRole('button', { name: '2.1 Sites in the north' }).waitFor();
      await tree.getByRole('button', { name: '2.2 Sites in the south' }).waitFor();
      await tree.getByRole('button', { name: '2 Vision', exact: true }).click();
      await expect.poll(() => page.locator('.builder-block').count()).toBe(14);
      await page.getByText('Our vision for 2041 is a greener district.').waitFor();
      await page
        .locator('.builder-block', { hasText: 'Proposed sites' })
        .locator('.builder-block__body')
        .click();
      await page
        .getByRole('group', { name: 'Sites found by filters' })
        .getByRole('status')
        .filter({ hasText: new RegExp(`^${found}$`) })
        .waitFor();

      // Publish: asked first, then told where the public page is.
      await page.getByRole('button', { name: 'Publish', exact: true }).click();
      const asked = await settledDialog(
        page,
        page.getByRole('dialog').filter({ hasText: 'Publish “Issue 14 journey plan”?' }),
      );
      await asked.getByRole('button', { name: 'Publish' }).click();
      await page.locator('.builder-bar .ant-tag', { hasText: 'Published' }).waitFor();
      const told = page.locator('.ant-message-notice', { hasText: '“Issue 14 journey plan” is published.' });
      expect(await told.getByRole('link', { name: 'Open the public page' }).getAttribute('href')).toBe(
        `/p/document/${id}`,
      );
      expect((await storedDocument(page, id)).meta.isPublished).toBe(true);

      // Share: the link, copied.
      await page
        .context()
        .grantPermissions(['clipboard-read', 'clipboard-write'], { origin: running.baseUrl });
      await page.getByRole('button', { name: 'Share' }).click();
      const dialog = await openedDialog(page, 'Share');
      const link = dialog.getByLabel('Link');
      await expect.poll(() => link.inputValue()).toContain(`/p/document/${id}?share=`);
      await dialog.getByRole('button', { name: 'Copy link' }).click();
      await dialog.getByText('Success: You copied the link to your clipboard').waitFor();
      expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(await link.inputValue());
      await shot(page, 'document-builder-share');
      await dialog.getByRole('button', { name: 'Close' }).click();
      await dialog.waitFor({ state: 'hidden' });

      // The preview shows the document as the public will read it.
      await page.getByRole('button', { name: 'Preview' }).click();
      await page.getByRole('heading', { level: 1, name: 'Issue 14 journey plan' }).waitFor();
      await page.getByText('Our vision for 2041 is a greener district.').waitFor();
      await shot(page, 'document-builder-preview');

      // Signed out, the public reads it: its title and the text block's text, on the page and from the API.
      const reader = await openAsTenant(running, 'demo', `/p/document/${id}`, null);
      await reader.getByRole('heading', { level: 1, name: 'Issue 14 journey plan' }).waitFor(FIRST_LOAD);
      await reader.getByText('Our vision for 2041 is a greener district.').waitFor();
      // Attached, not visible: the test machine cannot fetch example.org's picture.
      await reader.getByRole('img', { name: 'Land north of the station' }).waitFor({ state: 'attached' });
      await shot(reader, 'document-builder-public');
      const answer = await reader.context().request.get(`${running.baseUrl}/api/v1/public/documents/${id}`, {
        headers: { 'x-tenant': 'demo' },
      });
      expect(answer.status()).toBe(200);
      const published = publicDocumentSchema.parse(await answer.json());
      expect(published.title).toBe('Issue 14 journey plan');
      const html = Object.values(published.config.entities).find((entity) => entity.type === 'textBlock');
      const content =
        html && html.type === 'textBlock' && typeof html.content === 'string' ? html.content : '';
      expect(content.replace(/<[^>]+>/g, '')).toBe('Our vision for 2041 is a greener district.');
      expect(content).toMatch(/<a [^>]*href="https:\/\/www\.gov\.uk\/vision"/);
      await reader.context().close();
    },
  );

  it(
    'tells an officer when someone else saved meanwhile, and reloads their version',
    { timeout: 90_000 },
    async () => {
      const other = await otherOfficer();
      const record = await other.create('Conflict check');
      const page = await openAsTenant(running, 'demo', '/documents', 'officer');
      // The page's own clock, so a minute of the status poll passes at once (time flows as usual).
      await page.clock.install();
      await page.goto(`${running.baseUrl}/documents/${record.id}`);
      const title = page.getByLabel('Document title');
      await title.waitFor(FIRST_LOAD);
      expect(await title.inputValue()).toBe('Conflict check');

      await other.rename(record.id, 'Renamed elsewhere');
      // The status poll (every minute) sees the newer save and warns before any edit of ours.
      await page.clock.fastForward('01:01');
      const warning = page.getByRole('alert').filter({ hasText: documentMessages.changedMeanwhile });
      await warning.waitFor();
      await page
        .getByRole('navigation', { name: 'Sections' })
        .getByRole('button', { name: 'Add section' })
        .click();
      await page.locator('.builder-save-state[data-state="conflict"]').waitFor();
      expect(await saveState(page).textContent()).toBe(
        'Not saved: someone else saved this document meanwhile',
      );
      await warning.getByRole('button', { name: 'Reload' }).click();
      await expect.poll(() => title.inputValue()).toBe('Renamed elsewhere');
      await saved(page);
      await other.close();
    },
  );

  it(
    'uploads an image, saves a document and a block as templates, and uses both',
    { timeout: 120_000 },
    async () => {
      const other = await otherOfficer();
      const record = await other.create('Template source');
      await other.close();
      const page = await openAsTenant(running, 'demo', `/documents/${record.id}`, 'officer');
      const tree = page.getByRole('navigation', { name: 'Sections' });
      await tree.getByRole('button', { name: 'Add section' }).click(FIRST_LOAD);
      await page.locator('#builder-section-title').fill('Background');
      await addBlock(page, 'Link');
      await page.getByLabel('Link text').fill('Evidence base');
      await page.getByLabel('Link address').fill('https://www.gov.uk/guidance/plan-making');
      await saved(page);

      // An image uploaded as an attachment of the document (the documents attachments API).
      await addBlock(page, 'Image');
      await page.locator('.builder-properties input[type="file"]').setInputFiles({
        name: 'site plan.png',
        mimeType: 'image/png',
        buffer: PNG,
      });
      const address = page.getByLabel('Image address', { exact: true });
      await expect
        .poll(() => address.inputValue())
        .toMatch(new RegExp(`^/api/v1/public/documents/${record.id}/attachments/[0-9a-f-]{36}$`));
      await page.getByLabel('Alt text').fill('Site plan');
      // Previewed through the staff download: with no scanner here the public path would not serve it.
      const preview = page.locator('.builder-properties img.builder-image-preview[alt="Site plan"]');
      await expect
        .poll(() => preview.evaluate((element) => (element as HTMLImageElement).naturalWidth))
        .toBe(2);
      await saved(page);

      // The link block as a block template, inserted again.
      await page.getByRole('button', { name: /^Save Link block .* as a block template$/ }).click();
      const naming = await openedDialog(page, 'Save the block as a template');
      await naming.getByLabel('Template name').fill('Evidence link');
      await naming.getByRole('button', { name: 'Save template' }).click();
      await naming.waitFor({ state: 'hidden' });
      await page.getByRole('button', { name: 'Add block' }).click();
      await (await openedMenu(page)).getByRole('menuitem', { name: 'From a block template…' }).click();
      const picker = await openedDialog(page, 'Insert a block template');
      await picker.getByRole('button', { name: 'Insert: Evidence link' }).waitFor();
      await animationsSettled(page);
      await picker.getByRole('button', { name: 'Insert: Evidence link' }).click();
      await picker.waitFor({ state: 'hidden' });
      await expect.poll(() => page.locator('.builder-block', { hasText: 'Evidence base' }).count()).toBe(2);
      await saved(page);

      // The whole document as a template, and a new document made from it.
      await page.getByRole('button', { name: 'More' }).click();
      await (await openedMenu(page)).getByRole('menuitem', { name: 'Save as template' }).click();
      const documentNaming = await openedDialog(page, 'Save the document as a template');
      await documentNaming.getByLabel('Template name').fill('Background pack');
      await documentNaming.getByRole('button', { name: 'Save template' }).click();
      await documentNaming.waitFor({ state: 'hidden' });

      await page.getByRole('link', { name: '← Documents' }).click();
      await page.getByRole('button', { name: 'Use template: Background pack' }).click();
      await page.getByLabel('Title').fill('From the pack');
      await page.getByRole('button', { name: 'Create' }).click();
      await page.waitForURL((url) => url.pathname !== '/documents' && url.pathname.startsWith('/documents/'));
      await tree.getByRole('button', { name: '1 Background', exact: true }).click();
      await expect.poll(() => page.locator('.builder-block', { hasText: 'Evidence base' }).count()).toBe(2);
      // A block moved to another section (the start of the document).
      await page
        .locator('.builder-block', { hasText: 'Evidence base' })
        .first()
        .locator('.builder-block__body')
        .click();
      await page.getByLabel('In section').click();
      await page
        .locator('.ant-select-dropdown:visible .ant-select-item-option[title="Start of the document"]')
        .click();
      await page.locator('.ant-select-dropdown:visible').waitFor({ state: 'hidden' });
      await page.getByRole('heading', { name: 'Start of the document' }).waitFor();
      await expect.poll(() => page.locator('.builder-block', { hasText: 'Evidence base' }).count()).toBe(1);
      await saved(page);
      const copy = await storedDocument(page, page.url().split('/').pop()!);
      expect(copy.title).toBe('From the pack');
      const rootChildren = copy.config.entities[copy.config.root]!.childSectionIds!;
      expect(rootChildren.map((child) => copy.config.entities[child]!.type)).toEqual(['link', 'section']);
    },
  );

  it(
    'shows a read-only member of staff the document without the controls that change it',
    { timeout: 90_000 },
    async () => {
      const list = await openAsTenant(running, 'demo', '/documents', 'viewer');
      await list.getByRole('heading', { name: 'Document builder' }).waitFor(FIRST_LOAD);
      // Dimmed and inert (spec 01 §6), with the reason.
      await list.locator('.not-permitted', { hasText: 'Blank' }).waitFor();
      await list
        .getByRole('link', { name: 'Local Plan 2026–2041: Regulation 18 consultation', exact: true })
        .click();
      await list.getByText('You can read this document but not change it.').waitFor();
      await shot(list, 'document-builder-readonly');
      expect(await list.getByRole('button', { name: 'Add section' }).count()).toBe(0);
      expect(await list.getByRole('button', { name: 'Add block' }).count()).toBe(0);
      expect(
        await list
          .getByRole('button', { name: 'Publish' })
          .or(list.getByRole('button', { name: 'Unpublish' }))
          .isDisabled(),
      ).toBe(true);
      expect(await list.getByLabel('Document title').getAttribute('readonly')).not.toBeNull();
      expect(await list.getByRole('button', { name: 'Share' }).isDisabled()).toBe(true);
    },
  );
});
