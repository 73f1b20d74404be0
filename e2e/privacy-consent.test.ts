import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { consentMessages, documentMessages, privacyNoticeMessages } from '@planning/shared';
import { withTenant } from '../apps/server/src/db/tenant-transaction';
import { DEMO_DOCUMENT_TITLE } from '../apps/server/src/modules/documents/documents.seed';
import { buildContact, buildEvent, buildRepresentation } from '../apps/server/test/consultation-factories';
import { axeViolationsIn } from './support/axe';
import { FIRST_LOAD, pageSession } from './support/consultations';
import { demoDocumentId } from './support/documents';
import {
  councilId,
  openAsTenant,
  settledDialog,
  startRunningApp,
  type RunningApp,
} from './support/running-app';

let running: RunningApp;
let tenantId: string;
let documentId: string;
beforeAll(async () => {
  running = await startRunningApp();
  tenantId = await councilId(running);
  documentId = await demoDocumentId(running, tenantId);
});
afterAll(() => running?.close());

const NOTICE = 'Version two of the notice: your name is published only if you agree.';

/** The resident's recorded choices on the demo document, as the database keeps them. */
const recorded = () =>
  withTenant(running.database.db, tenantId, (trx) =>
    trx
      .selectFrom('document_responses as r')
      .innerJoin('users as u', 'u.id', 'r.user_id')
      .select(['r.notice_version', 'r.publish_name', 'r.contact_for_updates'])
      .where('r.document_id', '=', documentId)
      .where('u.email', '=', 'resident@demo.test')
      .executeTakeFirst(),
  );

describe('privacy notices and consent (issue 26 point 6)', () => {
  it('publishes a new version of the privacy notice, keeping the first; officers may not', async () => {
    const page = await openAsTenant(running, 'demo', '/data-protection');
    const card = page.locator('.ant-card').filter({ hasText: privacyNoticeMessages.cardTitle });
    await card.getByText(/^Version 1\. Published/).waitFor();
    const text = card.getByRole('textbox', { name: 'Notice text' });
    await expect.poll(() => text.inputValue()).toContain('data controller');

    await card.getByRole('button', { name: privacyNoticeMessages.publish }).click();
    await card.getByText(privacyNoticeMessages.unchanged).waitFor();
    await text.fill(NOTICE);
    await card.getByRole('button', { name: privacyNoticeMessages.publish }).click();
    await page.getByText(privacyNoticeMessages.published(2)).waitFor();
    await card.getByText(/^Version 2\. Published .* by /).waitFor();
    await card.getByRole('button', { name: /^Version 1 · Published/ }).click();
    await card.getByText(/data controller/).waitFor();

    const officer = await openAsTenant(running, 'demo', '/map', 'officer');
    const { request, headers, url } = await pageSession(running, officer);
    const refused = await request.post(url('/data-protection/privacy-notices'), {
      headers,
      data: { text: 'Mine' },
    });
    expect(refused.status()).toBe(403);
    expect(await axeViolationsIn(page, '#privacy-notice')).toEqual([]);
  });

  it('links the notice from the consultation account sign-up form', async () => {
    const page = await openAsTenant(running, 'demo', '/consultations/sign-up', null);
    await page.getByRole('heading', { name: 'Create an account' }).waitFor(FIRST_LOAD);
    await page.getByText(consentMessages.noticeLink(2)).click();
    await page.getByText(NOTICE).waitFor();
  });

  it('shows the notice with the questions and records with an answer the version seen and the choices', async () => {
    const page = await openAsTenant(running, 'demo', `/p/document/${documentId}`, 'resident');
    await page.getByRole('heading', { level: 1, name: DEMO_DOCUMENT_TITLE }).waitFor(FIRST_LOAD);
    const panel = page.getByRole('region', { name: consentMessages.legend });
    await panel.getByText(consentMessages.noticeLink(2)).click();
    await panel.getByText(NOTICE).waitFor();
    expect(await axeViolationsIn(page, '.consent-panel')).toEqual([]);
    const publishName = panel.getByRole('checkbox', { name: consentMessages.publishName });
    const contact = panel.getByRole('checkbox', { name: consentMessages.contactForUpdates });
    expect(await publishName.isChecked()).toBe(false);
    await publishName.check();
    await contact.check();

    const vision = page.locator('#question-q-vision');
    await vision.getByRole('radio', { name: 'Yes' }).check();
    await vision.getByRole('button', { name: 'Submit' }).click();
    await vision.getByText(documentMessages.answerSubmitted).waitFor();
    expect(await recorded()).toEqual({ notice_version: 2, publish_name: true, contact_for_updates: true });

    // Withdrawn as easily as given: the change is saved at once, and kept after a reload.
    await publishName.uncheck();
    await panel.getByText(consentMessages.saved).waitFor();
    await expect.poll(async () => (await recorded())?.publish_name).toBe(false);
    await page.reload();
    await expect.poll(() => contact.isChecked()).toBe(true);
    expect(await publishName.isChecked()).toBe(false);
  });

  it('publishes a private individual’s name only once the officer records their consent', async () => {
    const event = await buildEvent(running.database.db, tenantId, {
      name: 'Closed consent journey',
      startsOn: '2024-01-01',
      endsOn: '2024-02-01',
    });
    const contact = await buildContact(running.database.db, tenantId, {
      firstName: 'Robin',
      lastName: 'Consentwell',
    });
    const representation = await buildRepresentation(running.database.db, tenantId, {
      eventId: event.id,
      contactId: contact.id,
      text: 'I support the plan.\n\nYours sincerely,\nRobin Consentwell',
    });
    const published = async () => {
      const answer = await fetch(
        `${running.baseUrl}/api/v1/public/consultations/events/${event.id}/representations`,
        { headers: { 'x-tenant': 'demo' } },
      );
      expect(answer.status).toBe(200);
      return answer.text();
    };
    const before = await published();
    expect(before).not.toContain('Consentwell');
    expect(before).toContain('Private individual');

    const page = await openAsTenant(
      running,
      'demo',
      `/consultations/representations/all?representationId=${representation.id}`,
      'officer',
    );
    const drawer = await settledDialog(page, page.getByRole('dialog', { name: /^Representation R\d+$/ }));
    const section = drawer.getByRole('region', { name: consentMessages.legend });
    await section.getByText(consentMessages.recorded(null, null)).waitFor(FIRST_LOAD);
    // Ticked once the server has it: the box shows what is recorded, not what was clicked.
    const publishName = section.getByRole('checkbox', { name: consentMessages.publishName });
    await publishName.click();
    await page.getByText(consentMessages.saved).waitFor();
    await expect.poll(() => publishName.isChecked()).toBe(true);
    await section.getByText(/^Privacy notice version 2, /).waitFor();

    const after = JSON.parse(await published()) as {
      representations: { representee: string; text: string }[];
    };
    expect(after.representations[0]?.representee).toBe('Robin Consentwell');
    expect(after.representations[0]?.text).toContain('Robin Consentwell');
  });
});
