import { readFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import type { Page } from 'playwright-core';
import { cfsReviewMessages as R, siteMessages } from '@planning/shared';
import { withTenant } from '../apps/server/src/db/tenant-transaction';
import { axeViolationsIn } from './support/axe';
import { FIRST_LOAD, pageSession, sessionApi } from './support/consultations';
import {
  councilId,
  openAsTenant,
  openedDialog,
  signInThroughApi,
  startRunningApp,
  type RunningApp,
} from './support/running-app';

/**
 * Issue 27 points 4 and 6, the officers' side of a call for sites: the queue with its counts,
 * overlaps and constraints, one submission's sites and overlaps, starting a review, accepting one
 * (a site is made, whose page shows the submission), merging one into the site it lies over,
 * rejecting two at once from the queue and another alone with a reason (the submitter is emailed
 * it), the call's figures and its CSV export, and the accepted site found by /map's search with
 * its availability (point 8); a viewer has no way in. Screens are reached by their links, not reloaded.
 */

let running: RunningApp;
let callId = '';
const CALL = 'Review journey call for sites';
const HOURS = 3_600_000;
const subs: Record<'overlapping' | 'apart' | 'other' | 'bulkA' | 'bulkB', { id: string; reference: string }> =
  {} as never;

const square = (x: number, y: number) => ({
  type: 'Polygon',
  coordinates: [
    [
      [x, y],
      [x + 0.0014, y],
      [x + 0.0014, y + 0.0009],
      [x, y + 0.0009],
      [x, y],
    ],
  ],
});

const questionnaire = {
  topics: [
    {
      id: 'access',
      title: 'Access',
      showMode: 'all',
      questions: [
        {
          kind: 'Preferences',
          id: 'q-access',
          question: 'How is the site reached?',
          options: [
            { id: 'road', label: 'From a public road' },
            { id: 'track', label: 'By a private track' },
          ],
        },
      ],
    },
  ],
};

const heading = (page: Page, name: string | RegExp) => page.getByRole('heading', { level: 1, name });

async function accessible(page: Page) {
  expect(await axeViolationsIn(page, 'html')).toEqual([]);
}

/** A screenshot of the page when E2E_SCREENSHOTS names a folder, for a person to look through. */
async function screenshot(page: Page, name: string) {
  if (!process.env.E2E_SCREENSHOTS) return;
  const style = await page.addStyleTag({
    content: '.app-layout{height:auto!important}.app-layout__content{overflow:visible!important}',
  });
  await page.screenshot({ path: `${process.env.E2E_SCREENSHOTS}/${name}.png`, fullPage: true });
  await style.evaluate((element) => (element as Element).remove());
}

beforeAll(async () => {
  running = await startRunningApp();
  const tenantId = await councilId(running);
  const { configId, existing } = await withTenant(running.database.db, tenantId, async (trx) => {
    const config = await sql<{
      id: string;
    }>`insert into configs (tenant_id, config_type, label, config, assignment)
      values (${tenantId}, 'call-for-sites-questionnaire', 'Review journey questions', ${JSON.stringify(questionnaire)}::jsonb, null)
      returning id`.execute(trx);
    const site = await sql<{ boundary: string }>`
      select ST_AsGeoJSON(ST_Transform(ST_GeometryN(geom, 1), 4326), 7) as boundary
      from sites where not is_deleted and geom is not null order by id limit 1`.execute(trx);
    return { configId: config.rows[0]!.id, existing: JSON.parse(site.rows[0]!.boundary) as object };
  });

  const admin = await running.newPage();
  await signInThroughApi(running, admin, 'demo', 'admin');
  const call = await (
    await sessionApi(running, admin)
  ).post('/admin/cfs/calls', {
    name: CALL,
    startsAt: new Date(Date.now() - HOURS).toISOString(),
    endsAt: new Date(Date.now() + 30 * 24 * HOURS).toISOString(),
    questionnaireConfigId: configId,
  });
  callId = call.id as string;
  await admin.context().close();

  // A landowner's agent submits three pieces of land: one over an existing site, two apart.
  const resident = await running.newPage();
  await signInThroughApi(running, resident, 'demo', 'resident');
  const api = await sessionApi(running, resident);
  const { request, headers, url } = await pageSession(running, resident);
  const submit = async (name: string, boundary: object) => {
    const started = await api.post(`/public/cfs/calls/${callId}/submissions`, {});
    const id = started.id as string;
    const saved = await request.put(url(`/public/cfs/submissions/${id}`), {
      headers,
      data: {
        contact: { name: 'Mair Evans', email: 'mair@example.com', address: 'Ty Gwyn, Hadlow' },
        onBehalfOf: { name: 'Evans Family Trust' },
        sites: [
          {
            name,
            boundary,
            details: {
              ownership: 'sole',
              availability: '6-10',
              proposedUses: ['housing'],
              homes: 40,
              constraintsKnown: ['flooding'],
            },
            answers: { 'q-access': ['track'] },
          },
        ],
      },
    });
    expect(saved.status(), await saved.text()).toBe(200);
    const submitted = await api.post(`/public/cfs/submissions/${id}/submit`, {}, 200);
    return { id, reference: submitted.reference as string };
  };
  subs.overlapping = await submit('Land by the existing site', existing);
  subs.apart = await submit('Paddock at Oldbury', square(0.3, 51.1));
  subs.other = await submit('Orchard at Hale', square(0.32, 51.12));
  subs.bulkA = await submit('Copse at Ash', square(0.34, 51.14));
  subs.bulkB = await submit('Meadow at Ash', square(0.36, 51.16));
  await resident.context().close();
});
afterAll(() => running?.close());

describe('reviewing call for sites submissions (issue 27 points 4 and 6)', () => {
  it('takes an officer through the queue, a review, an acceptance and its site, a merge, a bulk and a single rejection, the figures and the export', async () => {
    const page = await openAsTenant(running, 'demo', `/cfs/submissions?callId=${callId}`, 'officer');
    await heading(page, 'Call for sites submissions').waitFor(FIRST_LOAD);
    await page.getByRole('menuitem', { name: 'Calls for sites' }).waitFor();
    await page.getByRole('tab', { name: 'New (5)', exact: true }).waitFor();
    for (const tab of ['In review (0)', 'Accepted (0)', 'Not accepted (0)', 'Withdrawn (0)'])
      await page.getByRole('tab', { name: tab, exact: true }).waitFor();
    const rows = page.locator('.ant-table-tbody tr.ant-table-row');
    await expect.poll(() => rows.count()).toBe(5);
    await page.getByRole('columnheader', { name: 'Constraints' }).waitFor();
    const overlappingRow = rows.filter({ hasText: subs.overlapping.reference });
    await overlappingRow.getByText(/^Overlaps \d+ sites?$/).waitFor();
    expect(await overlappingRow.innerText()).toContain('Evans Family Trust');
    expect(
      await rows
        .filter({ hasText: subs.apart.reference })
        .getByText(/^Overlaps/)
        .count(),
    ).toBe(0);
    // The map of every outline, with its key.
    await page.locator('.cfs-review-map [data-map-ready="true"]').waitFor(FIRST_LOAD);
    await page.getByRole('list', { name: 'Key' }).getByText('New (5)').waitFor();
    await accessible(page);
    await screenshot(page, 'cfs-review-list-1280');

    // The CSV export: a download whose first line is the header.
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Export CSV' }).click(),
    ]);
    const csv = await readFile((await download.path())!, 'utf8');
    expect(csv.replace(/^\uFEFF/, '').split(/\r?\n/)[0]).toMatch(/^"?Reference"?,"?Status"?,"?Submitted"?,/);
    expect(csv).toContain('Paddock at Oldbury');

    // One submission: its sites and overlaps; review started, then accepted.
    await page.getByRole('link', { name: subs.apart.reference }).click();
    await heading(page, `Submission ${subs.apart.reference}`).waitFor();
    await page.getByRole('heading', { level: 2, name: 'Site 1: Paddock at Oldbury' }).waitFor();
    await page.getByText('By a private track').waitFor();
    await page.getByText('I own all of the land, or my client does').waitFor();
    await page
      .getByText('The boundary meets no existing site, other submission or constraint layer.')
      .waitFor();
    await page.getByText('mair@example.com').waitFor();
    await page.locator('.cfs-review-map [data-map-ready="true"]').waitFor(FIRST_LOAD);
    await accessible(page);
    await screenshot(page, 'cfs-review-detail-1280');
    await page.getByRole('button', { name: 'Start review' }).click();
    await page.getByText(R.inReview).waitFor();
    await page.locator('.cfs-review__status', { hasText: 'In review' }).waitFor();
    expect(await page.getByRole('button', { name: 'Start review' }).count()).toBe(0);
    await page.getByRole('button', { name: 'Accept', exact: true }).click();
    const accept = await openedDialog(page, `Accept ${subs.apart.reference}?`);
    await accept.getByText('Its site becomes a site of the council', { exact: false }).waitFor();
    await accept.getByRole('button', { name: 'Accept', exact: true }).click();
    await page.getByText(R.accepted(1)).waitFor();
    await page.locator('.cfs-review__status', { hasText: 'Accepted' }).waitFor();
    const added = page.getByRole('region', { name: 'Sites added' });
    await added.getByRole('link', { name: 'Paddock at Oldbury' }).click();
    await page.waitForURL(/\/site\/\d+$/);
    await heading(page, /Paddock at Oldbury/).waitFor(FIRST_LOAD);
    // The site page names the submission it came from, with its answers, to reviewing officers.
    const fromCfs = page.getByRole('region', { name: 'Call for sites submission' });
    await fromCfs.getByText('Mair Evans').waitFor();
    await fromCfs.getByText('Questionnaire answers (1)').click();
    await fromCfs.getByText('By a private track').waitFor();
    await fromCfs.getByRole('link', { name: subs.apart.reference }).click();
    await heading(page, `Submission ${subs.apart.reference}`).waitFor();

    // The overlapping one shows the land it meets (reached from the queue).
    await page.getByRole('link', { name: 'Back to the submissions' }).click();
    await page.getByRole('tab', { name: 'New (4)', exact: true }).click();
    await page.getByRole('link', { name: subs.overlapping.reference }).click();
    await heading(page, `Submission ${subs.overlapping.reference}`).waitFor();
    await page.getByText(/^Existing sites:/).waitFor();
    // Accepting it is refused (this council does not let sites overlap): an officer must merge it.
    await page.getByRole('button', { name: 'Accept', exact: true }).click();
    const refused = await openedDialog(page, `Accept ${subs.overlapping.reference}?`);
    await refused.getByRole('button', { name: 'Accept', exact: true }).click();
    const alert = page.getByRole('alert').filter({ hasText: siteMessages.overlap });
    await alert.getByText('An officer must merge it with the existing site', { exact: false }).waitFor();
    await page.locator('.cfs-review__status', { hasText: 'New' }).waitFor();
    await page.mouse.move(0, 0);
    await accessible(page);
    await screenshot(page, 'cfs-review-overlap-1280');
    // So it is merged into the existing site it lies over, offered first.
    await page.getByRole('button', { name: 'Merge into an existing site' }).click();
    const merge = await openedDialog(page, 'Merge into an existing site');
    const choices = merge.getByRole('group', { name: 'Existing sites this land meets' });
    await choices.getByRole('radio').first().check();
    await merge.getByText('Merging into').waitFor();
    await page.mouse.move(0, 0);
    await accessible(page);
    await merge.getByRole('button', { name: 'Merge', exact: true }).click();
    await page.getByText(/^Merged into site /).waitFor();
    await page.locator('.cfs-review__status', { hasText: 'Accepted' }).waitFor();

    // Two rejected at once from the queue, with one reason.
    await page.getByRole('link', { name: 'Back to the submissions' }).click();
    await page.getByRole('tab', { name: 'New (3)', exact: true }).click();
    await expect.poll(() => rows.count()).toBe(3);
    await page.getByRole('checkbox', { name: `Select ${subs.bulkA.reference}` }).check();
    await page.getByRole('checkbox', { name: `Select ${subs.bulkB.reference}` }).check();
    await page.getByText('2 selected').waitFor();
    await page.getByRole('button', { name: 'Reject', exact: true }).click();
    const bulkReject = await openedDialog(page, 'Reject 2 submissions');
    await bulkReject.getByLabel('Reason').fill('The land is in the green belt.');
    await bulkReject.getByRole('button', { name: 'Reject', exact: true }).click();
    await page.getByRole('status').filter({ hasText: '2 submissions rejected' }).first().waitFor();
    await page.getByRole('tab', { name: 'New (1)', exact: true }).waitFor();
    await expect.poll(() => rows.count()).toBe(1);
    await accessible(page);
    await screenshot(page, 'cfs-review-bulk-1280');

    // Another rejected: first without a reason, which is asked for.
    await page.getByRole('link', { name: subs.other.reference }).click();
    await heading(page, `Submission ${subs.other.reference}`).waitFor();
    await page.getByRole('button', { name: 'Reject', exact: true }).click();
    const reject = await openedDialog(page, `Reject ${subs.other.reference}`);
    await reject.getByRole('button', { name: 'Reject', exact: true }).click();
    await reject.getByText(R.reasonRequired).waitFor();
    // The pointer off the button it pressed (axe would measure its hover colour).
    await page.mouse.move(0, 0);
    await accessible(page);
    await screenshot(page, 'cfs-review-reject-1280');
    await reject.getByLabel('Reason').fill('The land lies outside the plan area.');
    await reject.getByRole('button', { name: 'Reject', exact: true }).click();
    await page.getByText(R.rejected).waitFor();
    await page.locator('.cfs-review__status', { hasText: 'Not accepted' }).waitFor();
    await page.getByText('The reason given: The land lies outside the plan area.').waitFor();
    // The submitter is told, with the reason.
    await expect
      .poll(async () =>
        (await running.outbox()).find(
          (mail) => mail.subject === `Submission ${subs.other.reference} not accepted`,
        ),
      )
      .toMatchObject({
        to: 'mair@example.com',
        text: expect.stringContaining('The reason given: The land lies outside the plan area.'),
      });

    // The call's figures.
    await page.getByRole('link', { name: 'Back to the submissions' }).click();
    await page.getByRole('link', { name: 'Figures for this call' }).click();
    await heading(page, 'Call for sites figures').waitFor();
    const byStatus = page.getByRole('region', { name: 'Submissions by status' });
    await expect
      .poll(async () => (await byStatus.locator('tbody').innerText()).replace(/\s+/g, ' ').trim())
      .toBe('New 0 In review 0 Accepted 2 Not accepted 3 Withdrawn 0');
    await page.getByRole('region', { name: 'Submissions by day' }).getByRole('row').nth(1).waitFor();
    await page.getByText('Sites', { exact: true }).waitFor();
    await accessible(page);
    await screenshot(page, 'cfs-review-figures-1280');

    // Back in the queue, the counts have moved.
    await page.getByRole('link', { name: 'See the submissions' }).click();
    await page.getByRole('tab', { name: 'Accepted (2)', exact: true }).waitFor();
    await page.getByRole('tab', { name: 'New (0)', exact: true }).waitFor();
    await page.getByRole('tab', { name: 'Not accepted (3)' }).waitFor();

    // Issue 27 point 8: the accepted site is one of the council's sites, found by /map's search
    // with the availability its submission gave ('6 to 10 years' becomes '6-10 years').
    const sixToTen = await withTenant(running.database.db, await councilId(running), async (trx) => {
      const { rows } = await sql<{ n: number; paddock: number }>`
        select count(*)::int as n, count(*) filter (where site_name = 'Paddock at Oldbury')::int as paddock
        from sites where availability_time_period = '6-10 years' and scenario_name = 'Base' and not is_deleted`.execute(
        trx,
      );
      return rows[0]!;
    });
    expect(sixToTen.paddock).toBe(1);
    await page.getByRole('menuitem', { name: 'Map' }).click();
    await page.waitForURL(/\/map$/);
    await page
      .getByRole('group', { name: 'Availability' })
      .getByRole('checkbox', { name: '6-10 years', exact: true })
      .check();
    await page.getByRole('button', { name: 'Search Sites' }).click();
    await expect
      .poll(() => page.locator('.site-results__count').textContent(), { timeout: 30_000 })
      .toBe(`${sixToTen.n.toLocaleString('en-GB')} sites found`);
  });

  it('gives a viewer no menu entry and no way in', async () => {
    const page = await openAsTenant(running, 'demo', '/map', 'viewer');
    await page.getByRole('menuitem', { name: 'Map' }).waitFor(FIRST_LOAD);
    expect(await page.getByRole('menuitem', { name: 'Calls for sites' }).count()).toBe(0);
    await page.goto(`${running.baseUrl}/cfs/submissions?callId=${callId}`);
    // Without the grant the guard sends them home (spec 01 §2), not to the queue.
    await page.waitForURL((address) => !address.pathname.startsWith('/cfs'), FIRST_LOAD);
    expect(await heading(page, 'Call for sites submissions').count()).toBe(0);
  });
});
