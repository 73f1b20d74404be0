import { execFileSync } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { DEMO_DOCUMENT_TITLE } from '../apps/server/src/modules/documents/documents.seed';
import { demoDocumentId } from './support/documents';
import { councilId, openAsTenant, startRunningApp, type RunningApp } from './support/running-app';

let running: RunningApp;
let documentId: string;

beforeAll(async () => {
  running = await startRunningApp();
  const tenantId = await councilId(running);
  documentId = await demoDocumentId(running, tenantId);
});
afterAll(() => running?.close());

/** Opens the header's Download menu and picks `item`; resolves with the file the browser saved. */
async function download(page: Page, item: string) {
  const button = page.getByRole('banner').getByRole('button', { name: /Download/ });
  await button.click();
  const [file] = await Promise.all([
    page.waitForEvent('download', { timeout: 60_000 }),
    page.getByRole('menuitem', { name: item, exact: true }).click(),
  ]);
  return file;
}

describe('downloading a document (spec 02 §2 Download, §4 export steps)', () => {
  it('gives a signed-out reader the PDF at once', async () => {
    const page = await openAsTenant(running, 'demo', `/p/document/${documentId}`, null);
    await page.getByRole('heading', { level: 1, name: DEMO_DOCUMENT_TITLE }).waitFor();
    const file = await download(page, 'PDF');
    expect(file.suggestedFilename()).toBe(
      `${DEMO_DOCUMENT_TITLE.replace(':', ' ').replace(/\s+/g, ' ')}.pdf`,
    );
    const text = execFileSync('pdftotext', [await file.path(), '-'], { encoding: 'utf8' });
    expect(text).toContain('1 Introduction');
    expect(text).toContain('Proposed allocations');
  });

  it('makes a signed-in reader’s Word file with its spreadsheet as a job, the button busy meanwhile', async () => {
    const page = await openAsTenant(running, 'demo', `/p/document/${documentId}`, 'resident');
    await page.getByRole('heading', { level: 1, name: DEMO_DOCUMENT_TITLE }).waitFor();
    const button = page.getByRole('banner').getByRole('button', { name: /Download/ });
    await button.click();
    const [file] = await Promise.all([
      page.waitForEvent('download', { timeout: 60_000 }),
      (async () => {
        await page
          .getByRole('menuitem', { name: 'Word with site information spreadsheet', exact: true })
          .click();
        // Saving: the button says so and takes no second click (spec 02 §5).
        await page
          .getByRole('banner')
          .getByRole('button', { name: /Preparing Word/ })
          .waitFor();
      })(),
    ]);
    expect(file.suggestedFilename()).toMatch(/\.zip$/);
    const names = execFileSync('unzip', ['-Z1', await file.path()], { encoding: 'utf8' })
      .trim()
      .split('\n');
    expect(names.map((name) => name.split('.').pop()).sort()).toEqual(['docx', 'xlsx']);
    await page
      .getByRole('banner')
      .getByRole('button', { name: /^Download/ })
      .waitFor();
  });
});
