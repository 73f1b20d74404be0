import { mkdir } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { PNG } from 'pngjs';
import { documentConfigSchema, documentMapMessages, documentMessages, sectionAnchor } from '@planning/shared';
import { withTenant } from '../apps/server/src/db/tenant-transaction';
import {
  DEMO_DOCUMENT_TITLE,
  demoLocalPlanConfig,
} from '../apps/server/src/modules/documents/documents.seed';
import { axeViolations } from './support/axe';
import { colourShare, seedFillLayer } from './support/layers';
import { demoDocumentId } from './support/documents';
import { councilId, openAsTenant, startRunningApp, type RunningApp } from './support/running-app';

let running: RunningApp;
let tenantId: string;
let documentId: string;
const SCREENSHOTS = process.env.E2E_SCREENSHOTS;

beforeAll(async () => {
  running = await startRunningApp();
  tenantId = await councilId(running);
  documentId = await demoDocumentId(running, tenantId);
  if (SCREENSHOTS) await mkdir(SCREENSHOTS, { recursive: true });
});
afterAll(() => running?.close());

const snap = async (page: Page, name: string, fullPage = false) => {
  if (SCREENSHOTS) await page.screenshot({ path: `${SCREENSHOTS}/${name}.png`, fullPage });
};

/** The demo Local Plan, signed out, with the clipboard allowed (the heading links). */
async function openDemoDocument() {
  const page = await openAsTenant(running, 'demo', `/p/document/${documentId}`, null);
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: running.baseUrl });
  await page.getByRole('heading', { level: 1, name: DEMO_DOCUMENT_TITLE }).waitFor();
  return page;
}

describe('a public document (spec 02 §2 Public document page)', () => {
  it('shows a signed-out reader the Local Plan: header, numbered sections, contents and every block', async () => {
    const page = await openDemoDocument();
    // The header: council, Download and Share, Log in; no All Documents with one document.
    const header = page.getByRole('banner');
    await header.getByRole('button', { name: /Download/ }).waitFor();
    expect(await header.getByRole('button', { name: 'Share' }).count()).toBe(1);
    expect(await header.getByRole('link', { name: 'Log in' }).count()).toBe(1);
    expect(await header.getByRole('link', { name: 'All Documents' }).count()).toBe(0);

    // Sections numbered 1 to 4 in reading order, each reachable by its anchor. The body paints its
    // first sections at once and the rest a step later (DocumentBody), so the list is polled.
    await expect
      .poll(() => page.getByRole('heading', { level: 2 }).allTextContents())
      .toEqual(['1Introduction', '2Housing need', '3Proposed sites', '4Have your say']);
    expect(await page.locator(`#${sectionAnchor('intro')}`).count()).toBe(1);
    const contents = page.getByRole('navigation', { name: 'Document contents' });
    expect(await contents.getByRole('link').allTextContents()).toEqual([
      '1Introduction',
      '2Housing need',
      '3Proposed sites',
      '4Have your say',
    ]);
    expect(await contents.getByRole('link', { name: /Housing need/ }).getAttribute('href')).toBe(
      `#${sectionAnchor('housing')}`,
    );

    // Hero, table of contents block, text (server HTML with its link), chart with its data table,
    // divider, map placeholder, and the questions with the sign-in notice.
    await page.getByText('have your say on where new homes should go').waitFor();
    expect(await page.getByRole('navigation', { name: 'Contents', exact: true }).count()).toBe(1);
    await page.getByText('The Local Plan sets out how much development').waitFor();
    expect(await page.getByRole('link', { name: 'evidence base' }).getAttribute('href')).toBe(
      'https://www.gov.uk/guidance/plan-making',
    );
    const chart = page.getByRole('figure', { name: 'Homes needed by 2041' });
    // The chart is drawn once its code has arrived (split from the page's first bundle).
    await chart.getByRole('img').first().waitFor();
    expect(await chart.getByRole('img').count()).toBe(1);
    await chart.getByText('Show the chart’s data as a table').click();
    const dataRow = chart.getByRole('row', { name: /Urban extensions/ });
    expect(await dataRow.textContent()).toContain('4,200');
    expect(await page.locator('hr.document-divider').count()).toBe(1);
    // Question blocks arrive as they come near: the question first, then its form and the notice.
    const vision = page.getByRole('heading', { name: 'Do you agree with the vision for the plan?' });
    // The heading is swapped for the answer form's own as that arrives: scrolled to again if the
    // one being scrolled to went in the meantime.
    await expect
      .poll(() =>
        vision.scrollIntoViewIfNeeded({ timeout: 5_000 }).then(
          () => true,
          () => false,
        ),
      )
      .toBe(true);
    await page.getByRole('heading', { name: 'Which should the plan prioritise?' }).waitFor();
    await page.getByText(documentMessages.loginToAnswer).first().waitFor();
    await page.getByText('Not sure', { exact: true }).waitFor();

    // Download offers PDF and Word (with the site information spreadsheet, as the plan has a map).
    await header.getByRole('button', { name: /Download/ }).click();
    const menu = page.getByRole('menu', { name: 'Download as' });
    expect(await menu.getByRole('menuitem').allTextContents()).toEqual([
      'PDF',
      'Word',
      'PDF with site information spreadsheet',
      'Word with site information spreadsheet',
    ]);
    await page.keyboard.press('Escape');
    await menu.waitFor({ state: 'detached' });
    await snap(page, 'public-document', true);
  });

  it('copies a heading link and says so for 5 seconds', async () => {
    const page = await openDemoDocument();
    await page.getByRole('button', { name: 'Copy link to heading 2 Housing need' }).click();
    const notice = page.getByRole('status').filter({ hasText: documentMessages.headingLinkCopied });
    await notice.waitFor();
    const copied = await page.evaluate(() => navigator.clipboard.readText());
    expect(copied).toBe(`${running.baseUrl}/p/document/${documentId}#${sectionAnchor('housing')}`);
    await snap(page, 'public-document-copied');
    // Gone after its 5 seconds (waited for, not slept).
    await page.getByText(documentMessages.headingLinkCopied).waitFor({ state: 'detached', timeout: 8_000 });

    // The copied address opens the page at that section.
    await page.goto(copied);
    await page.getByRole('heading', { level: 1, name: DEMO_DOCUMENT_TITLE }).waitFor();
    await expect
      .poll(() =>
        page.evaluate(
          (id) => document.getElementById(id)?.getBoundingClientRect().top ?? -1,
          sectionAnchor('housing'),
        ),
      )
      .toBeLessThan(200);
  });

  it('loads the map when it is scrolled to, hints until a site is chosen, then shows its information', async () => {
    const page = await openDemoDocument();
    const maplibre: string[] = [];
    page.on('request', (request) => {
      if (/maplibre/i.test(request.url())) maplibre.push(request.url());
    });
    const block = page.locator('.document-map-block');
    expect(await block.locator('.document-map').getAttribute('data-map-state')).toBe('waiting');
    expect(maplibre).toEqual([]);
    const accordionTitle = documentMapMessages.siteInformation('Proposed allocations');
    await block.scrollIntoViewIfNeeded();
    const frame = block.locator('.document-map__frame[data-ready]');
    await frame.waitFor({ timeout: 30_000 });
    expect(maplibre.length).toBeGreaterThan(0);
    await block.getByRole('button', { name: accordionTitle }).waitFor();
    await block.getByText(documentMapMessages.selectSite).waitFor();
    // Metric scale bar, and the map's tools.
    await block.locator('.maplibregl-ctrl-scale').waitFor();
    expect(await block.locator('.maplibregl-ctrl-scale').textContent()).toMatch(/\d+\s?(m|km)$/);
    for (const tool of ['Zoom in', 'Zoom out', 'Full screen', 'Download a screenshot'])
      expect(await block.getByRole('button', { name: tool }).count()).toBe(1);
    await snap(page, 'public-document-map');

    // Choose a site from the list: its information (rows and table) replaces the hint.
    const select = block.getByRole('combobox', { name: 'Choose a site' });
    const options = await select.locator('option').allTextContents();
    expect(options.length).toBeGreaterThan(1);
    await select.selectOption({ index: 1 });
    const info = block.locator('.document-site-info__panel');
    await info.getByText('HELAA reference').waitFor();
    expect(await info.getByText(documentMapMessages.selectSite).count()).toBe(0);
    expect(
      await info.getByRole('table', { name: 'Capacity' }).getByRole('columnheader').allTextContents(),
    ).toEqual(['Size (ha)', 'Homes']);
    const size = await info.getByRole('table', { name: 'Capacity' }).getByRole('cell').first().textContent();
    expect(size).toMatch(/^(-|\d+(\.\d{1,2})?)$/);

    // The map flies to the site: a click at its centre opens the popup of that site.
    await block.locator('.document-map__frame[data-camera="still"]').waitFor();
    const box = (await block.locator('.document-map__canvas canvas').boundingBox())!;
    await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
    const popup = page.getByRole('dialog', { name: 'Map feature' });
    await popup.waitFor();
    expect(await popup.getByText('Site ID').count()).toBe(1);
    await popup.getByRole('button', { name: 'Site Information' }).waitFor();
    await snap(page, 'public-document-site');

    // WCAG 2.2 AA across the page with the map, its popup and the site's information open.
    expect(await axeViolations(page)).toEqual([]);
  });

  it('offers the public layers in the map’s key with Show all layers, and saves a screenshot', async () => {
    const layerId = await seedFillLayer(running, tenantId, {
      layerName: 'pubdoc_journey_flood',
      title: 'Public document journey flood zone',
      color: '#2f54eb',
      fields: [],
    });
    await withTenant(running.database.db, tenantId, (trx) =>
      trx.updateTable('layers').set({ public_webmap_visibility: true }).where('id', '=', layerId).execute(),
    );
    const page = await openDemoDocument();
    const block = page.locator('.document-map-block');
    await block.scrollIntoViewIfNeeded();
    await block.locator('.document-map__frame[data-ready]').waitFor({ timeout: 30_000 });
    await block.getByRole('button', { name: 'Key' }).click();
    const key = page.getByRole('dialog', { name: 'Map key' });
    await key.getByText('Sites (5)').waitFor();
    const layer = key.getByRole('checkbox', { name: 'Public document journey flood zone' });
    expect(await layer.isChecked()).toBe(false);
    await key.getByRole('switch').click();
    await expect.poll(() => layer.isChecked()).toBe(true);
    await key.getByRole('region', { name: 'Key' }).getByText('Public document journey flood zone').waitFor();
    // The layer is drawn under the sites: its colour fills the map around them.
    const canvas = block.locator('.document-map__canvas canvas');
    await expect
      .poll(async () => colourShare(PNG.sync.read(await canvas.screenshot()), [0x2f, 0x54, 0xeb]), {
        timeout: 20_000,
      })
      .toBeGreaterThan(0.2);
    await snap(page, 'public-document-key');

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      block.getByRole('button', { name: 'Download a screenshot' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('map-screenshot.png');
    await withTenant(running.database.db, tenantId, (trx) =>
      trx.updateTable('layers').set({ public_webmap_visibility: false }).where('id', '=', layerId).execute(),
    );
  });

  it('gives staff a Documents link and residents their account menu in the header', async () => {
    const staff = await openAsTenant(running, 'demo', `/p/document/${documentId}`, 'officer');
    const staffHeader = staff.getByRole('banner');
    await staffHeader.getByRole('link', { name: 'Documents', exact: true }).waitFor();
    expect(await staffHeader.getByRole('link', { name: 'Log in' }).count()).toBe(0);
    await staffHeader.getByRole('button', { name: /Olu Officer/ }).click();
    expect(
      await staff.getByRole('menu', { name: 'Account' }).getByRole('menuitem').allTextContents(),
    ).toEqual(['Log out']);

    const resident = await openAsTenant(running, 'demo', `/p/document/${documentId}`, 'resident');
    const header = resident.getByRole('banner');
    await header.getByRole('button', { name: /Download/ }).waitFor();
    expect(await header.getByRole('link', { name: 'Documents', exact: true }).count()).toBe(0);
    await header.locator('button[aria-haspopup="menu"]').last().click();
    const menu = resident.getByRole('menu', { name: 'Account' });
    expect(await menu.getByRole('menuitem').allTextContents()).toEqual([
      'Document',
      'Attachments',
      'My responses',
      'Communications preferences',
      'Log out',
    ]);
    await menu.getByRole('menuitem', { name: 'Attachments' }).click();
    await resident.getByRole('heading', { level: 1, name: `Attachments: ${DEMO_DOCUMENT_TITLE}` }).waitFor();
  });

  it('lists the published documents and the document’s attachments', async () => {
    const page = await openAsTenant(running, 'demo', '/p/document/all', null);
    await page.getByRole('heading', { level: 1, name: 'All documents' }).waitFor();
    await page.getByRole('link', { name: DEMO_DOCUMENT_TITLE }).click();
    await page.getByRole('heading', { level: 1, name: DEMO_DOCUMENT_TITLE }).waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await page.getByRole('link', { name: 'Attachments' }).click();
    await page.getByRole('heading', { level: 1, name: `Attachments: ${DEMO_DOCUMENT_TITLE}` }).waitFor();
    await page.getByText('This document has no attachments.').waitFor();
  });

  it('renders the other block types: carousel, image, videos, tags, link, table, poll; tracks the view', async () => {
    const config = documentConfigSchema.parse({
      root: 'root',
      documentSettings: { hideSectionNumberings: true },
      entities: {
        root: { id: 'root', type: 'section', title: 'Blocks', childSectionIds: ['main'] },
        main: {
          id: 'main',
          type: 'section',
          title: 'Every block',
          childSectionIds: [
            'carousel',
            'picture',
            'own-video',
            'other-video',
            'topics',
            'link',
            'table',
            'poll',
          ],
        },
        carousel: {
          id: 'carousel',
          type: 'carouselSection',
          title: 'Photos',
          childSectionIds: ['slide-1', 'slide-2'],
        },
        'slide-1': { id: 'slide-1', type: 'textBlock', content: '<p>First slide</p>' },
        'slide-2': { id: 'slide-2', type: 'textBlock', content: '<p>Second slide</p>' },
        picture: {
          id: 'picture',
          type: 'image',
          src: `${running.baseUrl}/favicon.svg`,
          alt: 'The council crest',
          caption: 'Our crest',
        },
        'own-video': {
          id: 'own-video',
          type: 'video',
          url: `${running.baseUrl}/media/plan.mp4`,
          title: 'Plan film',
        },
        'other-video': {
          id: 'other-video',
          type: 'video',
          url: 'https://www.youtube.com/watch?v=abc',
          title: 'Walk of the sites',
        },
        topics: { id: 'topics', type: 'tagTopic', title: 'Topics', tags: ['Housing', 'Transport'] },
        link: {
          id: 'link',
          type: 'link',
          title: 'National Planning Policy Framework',
          url: 'https://www.gov.uk/guidance/national-planning-policy-framework',
          description: 'The government’s planning policies',
        },
        table: {
          id: 'table',
          type: 'table',
          caption: 'Targets',
          header: ['Year', 'Homes'],
          rows: [['2030', '900']],
        },
        poll: {
          id: 'poll',
          type: 'poll',
          question: {
            id: 'q-poll',
            title: 'Quick poll: how did you hear of the plan?',
            type: 'radioQuestion',
            options: [{ title: 'Post' }, { title: 'Online' }],
          },
        },
      },
    });
    const row = await withTenant(running.database.db, tenantId, (trx) =>
      trx
        .insertInto('documents')
        .values({
          tenant_id: tenantId,
          title: 'Public document journey: every block',
          config: JSON.stringify(config),
          author_id: null,
          author_name: 'Journey',
          is_published: true,
          published_at: new Date(),
        })
        .returning('id')
        .executeTakeFirstOrThrow(),
    );
    const page = await openAsTenant(running, 'demo', `/p/document/${row.id}`, null);
    await page.getByRole('heading', { level: 1, name: 'Public document journey: every block' }).waitFor();
    // hideSectionNumberings: headings without numbers; two documents now, so All Documents shows.
    expect(await page.getByRole('heading', { level: 2 }).allTextContents()).toEqual(['Every block']);
    await page.getByRole('banner').getByRole('link', { name: 'All Documents' }).waitFor();

    const carousel = page.getByRole('region', { name: 'Photos' });
    await carousel.getByText('First slide').waitFor();
    await carousel.getByRole('button', { name: 'Next slide' }).click();
    await carousel.getByText('Second slide').waitFor();
    expect(await carousel.getByText('Slide 2 of 2').getAttribute('aria-live')).toBe('polite');
    await carousel.getByRole('button', { name: 'Next slide' }).click();
    await carousel.getByText('First slide').waitFor();

    expect(await page.getByRole('img', { name: 'The council crest' }).count()).toBe(1);
    expect(await page.locator('video').getAttribute('src')).toBe(`${running.baseUrl}/media/plan.mp4`);
    // Another site's video is a link to it: no player, request or cookie of theirs on our page.
    expect(await page.locator('iframe').count()).toBe(0);
    const card = page.getByRole('link', { name: /Walk of the sites/ });
    expect(await card.getAttribute('href')).toBe('https://www.youtube.com/watch?v=abc');
    expect(await page.getByRole('list', { name: 'Topics' }).getByRole('listitem').allTextContents()).toEqual([
      'Housing',
      'Transport',
    ]);
    expect(
      await page.getByRole('link', { name: /National Planning Policy Framework/ }).getAttribute('target'),
    ).toBe('_blank');
    expect(await page.getByRole('table', { name: 'Targets' }).getByRole('cell').allTextContents()).toEqual([
      '2030',
      '900',
    ]);
    // Every question is in the page from the start, not only once scrolled to (issue 25).
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.getByText(documentMessages.loginToAnswer).first().waitFor({ state: 'attached' });
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
    await page
      .getByRole('heading', { name: 'Quick poll: how did you hear of the plan?' })
      .scrollIntoViewIfNeeded();
    await snap(page, 'public-document-blocks', true);
    expect(await axeViolations(page)).toEqual([]);

    // The view was tracked: opened on arrival, closed on leaving (keepalive).
    await page.goto(`${running.baseUrl}/p/document/all`);
    const events = async () =>
      (
        await withTenant(running.database.db, tenantId, (trx) =>
          trx.selectFrom('document_interactions').select('event').where('document_id', '=', row.id).execute(),
        )
      ).map((event) => event.event);
    await expect.poll(events, { timeout: 10_000 }).toEqual(expect.arrayContaining(['open', 'close']));
  });

  it('reads the document again when the minute’s status poll finds it changed, and says so', async () => {
    const configWith = (words: string) =>
      JSON.stringify(
        documentConfigSchema.parse({
          root: 'root',
          entities: {
            root: { id: 'root', type: 'section', title: 'Poll', childSectionIds: ['changes'] },
            changes: { id: 'changes', type: 'section', title: 'Changes', childSectionIds: ['words'] },
            words: { id: 'words', type: 'textBlock', content: `<p>${words}</p>` },
          },
        }),
      );
    const row = await withTenant(running.database.db, tenantId, (trx) =>
      trx
        .insertInto('documents')
        .values({
          tenant_id: tenantId,
          title: 'Public document journey: changed while read',
          config: configWith('The first words'),
          author_id: null,
          author_name: 'Journey',
          is_published: true,
          published_at: new Date(),
        })
        .returning('id')
        .executeTakeFirstOrThrow(),
    );
    const page = await running.newPage();
    await page.addInitScript(() => window.localStorage.setItem('tenantName', 'demo'));
    // The page's own clock, moved on by a minute below rather than waited for.
    await page.clock.install();
    await page.goto(`${running.baseUrl}/p/document/${row.id}`);
    await page.getByText('The first words').waitFor();
    await withTenant(running.database.db, tenantId, (trx) =>
      trx
        .updateTable('documents')
        .set({ config: configWith('The revised words') })
        .where('id', '=', row.id)
        .execute(),
    );
    await page.clock.fastForward('01:05');
    await page.getByText('The revised words').waitFor();
    await page.getByRole('status').filter({ hasText: 'This document has been updated' }).waitFor();
  });

  it('shows a not-found page for an unpublished document', async () => {
    const row = await withTenant(running.database.db, tenantId, (trx) =>
      trx
        .insertInto('documents')
        .values({
          tenant_id: tenantId,
          title: 'Public document journey: unpublished draft',
          config: JSON.stringify(demoLocalPlanConfig('Demo', [])),
          author_id: null,
          author_name: 'Journey',
          is_published: false,
        })
        .returning('id')
        .executeTakeFirstOrThrow(),
    );
    const page = await openAsTenant(running, 'demo', `/p/document/${row.id}`, null);
    await page.getByRole('heading', { level: 1, name: 'Document not found' }).waitFor();
    expect(await page.getByText('Public document journey: unpublished draft').count()).toBe(0);
    expect(await axeViolations(page)).toEqual([]);
  });
});
