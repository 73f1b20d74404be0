import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { allowListMessages } from '@planning/shared';
import { buildEvent, buildRepresentation } from '../apps/server/test/consultation-factories';
import { axeViolationsIn } from './support/axe';
import { FIRST_LOAD, pageSession } from './support/consultations';
import { councilId, openAsTenant, startRunningApp, type RunningApp } from './support/running-app';

let running: RunningApp;
let tenantId: string;
beforeAll(async () => {
  running = await startRunningApp();
  tenantId = await councilId(running);
});
afterAll(() => running?.close());

const HELPLINE = '01632 960555';
const RESIDENT_PHONE = '07700 900987';
const COUNCILLOR = 'Ann Lee'; // on the demo council's seeded allow list
const letter = [
  'Dear Sir or Madam,',
  '',
  `The notice said to ring ${HELPLINE} for the facts. My councillor, ${COUNCILLOR}, agreed with me. Please ring me on ${RESIDENT_PHONE}.`,
  '',
  'Yours faithfully,',
  'Sam Resident',
].join('\n');

describe('the allow list (issue 26 point 2)', () => {
  it('is kept by the data protection officer, who is told what is wrong with an entry', async () => {
    const page = await openAsTenant(running, 'demo', '/data-protection');
    const card = page.locator('.ant-card').filter({ hasText: allowListMessages.cardTitle });
    // The demo council's own contacts, seeded.
    await expect
      .poll(() => card.getByRole('textbox', { name: 'Entry 1', exact: true }).inputValue())
      .toBe('01632 960000');
    expect(await card.getByRole('textbox', { name: 'Entry 4', exact: true }).inputValue()).toBe(COUNCILLOR);

    await card.getByRole('button', { name: 'Add entry' }).click();
    const value = card.getByRole('textbox', { name: 'Entry 5', exact: true });
    await value.fill('A');
    await card.getByRole('button', { name: 'Save allow list' }).click();
    await card.getByText(allowListMessages.nameTooShort).waitFor();

    await card.getByRole('combobox', { name: 'Entry 5 kind' }).click();
    await page.locator('.ant-select-dropdown:visible').getByTitle('Telephone number').click();
    await value.fill(HELPLINE);
    await card.getByRole('textbox', { name: 'Entry 5 note' }).fill('Planning helpline');
    await card.getByRole('button', { name: 'Save allow list' }).click();
    await page.getByText(allowListMessages.saved).waitFor();
    expect(await card.getByText(allowListMessages.nameTooShort).count()).toBe(0);

    await page.reload();
    await expect
      .poll(() => card.getByRole('textbox', { name: 'Entry 5', exact: true }).inputValue())
      .toBe(HELPLINE);
    await card.getByText(/Last changed .* by /).waitFor();
    expect(await axeViolationsIn(page, '#allow-list')).toEqual([]);
  });

  it('is never proposed for redaction in the editor, while the resident’s number is', async () => {
    const event = await buildEvent(running.database.db, tenantId, { name: 'Allow list journey' });
    const representation = await buildRepresentation(running.database.db, tenantId, {
      eventId: event.id,
      text: letter,
    });
    // The helpline is on the list since the journey above; add it here too if this runs alone.
    const admin = await openAsTenant(running, 'demo', '/data-protection');
    const { request, headers, url } = await pageSession(running, admin);
    const list = (await (await request.get(url('/data-protection/allow-list'), { headers })).json()) as {
      entries: { kind: string; value: string; note: string | null }[];
    };
    if (!list.entries.some((entry) => entry.value === HELPLINE)) {
      const saved = await request.put(url('/data-protection/allow-list'), {
        headers,
        data: { entries: [...list.entries, { kind: 'telephone number', value: HELPLINE }] },
      });
      expect(saved.status()).toBe(200);
    }

    const page = await openAsTenant(
      running,
      'demo',
      `/consultations/representations/editor?representationId=${representation.id}`,
      'officer',
    );
    await page.getByRole('heading', { name: /^Representation R\d+$/ }).waitFor(FIRST_LOAD);
    const proposals = page.getByRole('list', { name: 'Suggested redactions' });
    await proposals.getByRole('listitem').filter({ hasText: RESIDENT_PHONE }).waitFor();
    const texts = await proposals.getByRole('listitem').allTextContents();
    expect(texts.join(' | ')).not.toContain(HELPLINE);
    expect(texts.join(' | ')).not.toContain(COUNCILLOR);
  });

  it('is changed only with the data-protection write grant, and refuses bad entries', async () => {
    const officer = await openAsTenant(running, 'demo', '/map', 'officer');
    const asOfficer = await pageSession(running, officer);
    const refused = await asOfficer.request.put(asOfficer.url('/data-protection/allow-list'), {
      headers: asOfficer.headers,
      data: { entries: [] },
    });
    expect(refused.status()).toBe(403);

    const admin = await openAsTenant(running, 'demo', '/map');
    const asAdmin = await pageSession(running, admin);
    const bad = await asAdmin.request.put(asAdmin.url('/data-protection/allow-list'), {
      headers: asAdmin.headers,
      data: { entries: [{ kind: 'email address', value: 'planning at demo' }] },
    });
    expect(bad.status()).toBe(400);
    expect(await bad.json()).toMatchObject({
      message: 'Payload data is invalid',
      issues: [{ message: allowListMessages.emailInvalid }],
    });
  });
});
