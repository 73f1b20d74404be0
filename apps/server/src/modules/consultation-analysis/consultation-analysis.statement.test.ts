import { beforeAll, describe, expect, it } from 'vitest';
import { analysisSchema, representationStatuses, type RepresentationStatus } from '@planning/shared';
import { withTenant } from '../../db/tenant-transaction';
import {
  buildContact,
  buildEvent,
  buildOrganisation,
  buildRepresentation,
  buildSubRepresentation,
} from '../../../test/consultation-factories';
import { consultationTestBed } from '../../../test/consultation-setup';
import { run, scratchFiles } from '../../../test/scratch-files';
import { recomputeCampaigns } from '../representations/representations.campaign-rows';

/**
 * Issue 25 point 6: the consultation statement says how each topic was addressed (the council's
 * own words), quotes a campaign once, counts as the representation manager does, and is a tagged
 * PDF. A consultation of its own: a campaign of three letters on two topics, letters in five
 * statuses (one deleted), parts in two, and a response written to one letter and sent to another.
 */
const { t, tenant, officer, viewer, call } = consultationTestBed();
const { save } = scratchFiles('consultation-statement');

const CAMPAIGN =
  'The valley roads cannot take the traffic from another thousand homes. Build the bypass before any new housing is started.';
const CAMPAIGN_FIRST = 'The valley roads cannot take the traffic from another thousand homes.';
const MEADOW_ANSWER =
  'The council has moved the site boundary north so that the water meadow stays open land, and Policy H4 now asks for a flood risk assessment.';
const BUS_ANSWER =
  'The bus service to the station will run every 20 minutes from the first phase of building.';
// The officer's text names the writer: withheld from the statement, as in the letters' quotes.
const GREETING = 'Harriet Greenwood asked us to look again at the flooding.';
let eventId = '';
let eventName = '';
const statuses: Record<RepresentationStatus, number> = Object.fromEntries(
  representationStatuses.map((status) => [status, 0]),
) as Record<RepresentationStatus, number>;

beforeAll(async () => {
  const db = t.database.db;
  const event = await buildEvent(db, tenant.id, { name: 'Issues and options consultation' });
  eventId = event.id;
  eventName = 'Issues and options consultation';
  const [housing, transport] = await withTenant(db, tenant.id, (trx) =>
    Promise.all(
      ['Housing', 'Transport'].map(
        async (name) =>
          (
            await trx
              .insertInto('consultation_topics')
              .values({ tenant_id: tenant.id, name })
              .returning('id')
              .executeTakeFirstOrThrow()
          ).id,
      ),
    ),
  );
  const letter = async (
    text: string,
    status: RepresentationStatus,
    topicIds: string[],
    name = { firstName: 'Sam', lastName: 'Writer' },
  ) => {
    const contact = await buildContact(db, tenant.id, name);
    const made = await buildRepresentation(db, tenant.id, {
      eventId,
      contactId: contact.id,
      text,
      status,
      topicIds,
    });
    statuses[status] += 1;
    return made;
  };
  for (const status of ['Received', 'Acknowledged', 'In review'] as const)
    await letter(CAMPAIGN, status, [housing!, transport!]);
  const meadow = await letter(
    'Keep the water meadow free of houses because it floods every winter.',
    'Response sent',
    [housing!],
    { firstName: 'Harriet', lastName: 'Greenwood' },
  );
  const bus = await letter('A better bus service is needed before the new estate.', 'Response drafted', [
    transport!,
  ]);
  const trust = await buildOrganisation(db, tenant.id, { name: 'Valley Wildlife Trust' });
  const trustLetter = await buildRepresentation(db, tenant.id, {
    eventId,
    organisationId: trust.id,
    text: 'The hedgerows along Mill Lane are home to dormice and must be kept.',
    status: 'Reviewed',
    topicIds: [housing!],
  });
  statuses.Reviewed += 1;
  // A deleted letter counts nowhere.
  const deleted = await buildRepresentation(db, tenant.id, {
    eventId,
    text: 'A letter entered twice by mistake.',
    status: 'Pending',
  });
  await buildSubRepresentation(db, tenant.id, trustLetter.id, { sequentialId: 1, status: 'In review' });
  await buildSubRepresentation(db, tenant.id, meadow.id, { sequentialId: 1, status: 'Response sent' });
  await withTenant(db, tenant.id, async (trx) => {
    await trx
      .updateTable('representations')
      .set({ deleted_at: new Date() })
      .where('id', '=', deleted.id)
      .execute();
    await recomputeCampaigns(trx, eventId);
    for (const [representationId, description, text] of [
      [meadow.id, 'Water meadow protected', `${MEADOW_ANSWER}\n${GREETING}`],
      [bus.id, 'Bus service', BUS_ANSWER],
    ] as const)
      await trx
        .insertInto('consultation_responses')
        .values({
          tenant_id: tenant.id,
          description,
          text: `<p>${text}</p>`,
          plain_text: text,
          representation_id: representationId,
        })
        .execute();
  });
});

/** The statement's words as Word writes them, a space between paragraphs and cells. */
async function statementText(): Promise<{ words: string; cells: string[] }> {
  const answer = await call(viewer, 'GET', `/consultations/events/${eventId}/statement?format=docx`);
  expect(answer.statusCode, answer.body).toBe(200);
  const xml = run('unzip', ['-p', save('statement.docx', answer.rawPayload), 'word/document.xml']);
  return {
    words: xml
      .replace(/<\/w:p>/g, ' ')
      .replace(/<[^>]+>/g, '')
      .replace(/\s+/g, ' '),
    cells: [...xml.matchAll(/<w:tc>.*?<\/w:tc>/g)].map((cell) => cell[0].replace(/<[^>]+>/g, '')),
  };
}

const occurrences = (text: string, phrase: string) => text.split(phrase).length - 1;

describe('the consultation statement (issue 25 point 6)', () => {
  it("says how each topic was addressed in the council's own words, not only the responses' titles", async () => {
    const { words } = await statementText();
    const addressed = words.slice(words.indexOf('How the issues have been addressed'));
    expect(addressed).toContain(`Water meadow protected (to R`);
    expect(addressed).toContain(MEADOW_ANSWER);
    // The bus letter's answer is only drafted: a published statement gives approved answers only.
    expect(words).not.toContain(BUS_ANSWER);
    expect(addressed).toContain('No response on this topic has been approved yet.');
    expect(addressed).toContain('redacted] asked us to look again at the flooding.');
    expect(words).not.toContain('Greenwood');
    // Each topic says how far the answering has got, by the letters' statuses.
    expect(addressed).toContain('Responses have been sent to 1 of 5 representations on this topic.');
    expect(addressed).toContain('Responses have been sent to 0 of 4 representations on this topic.');
  });

  it('quotes a campaign once in the whole statement; a later topic counts its letters and says where it is', async () => {
    const { words } = await statementText();
    const campaign = await call(
      officer,
      'GET',
      `/consultations/representations/campaigns?eventId=${eventId}`,
    );
    expect(campaign.statusCode, campaign.body).toBe(200);
    const [group] = campaign.json().groups;
    expect(group.size).toBe(3);
    const label = `Campaign ${group.exemplar.reference}`;
    expect(occurrences(words, CAMPAIGN_FIRST)).toBe(1);
    const issues = words.slice(
      words.indexOf('Main issues raised'),
      words.indexOf('How the issues have been addressed'),
    );
    const housing = issues.slice(issues.indexOf('Housing ('), issues.indexOf('Transport ('));
    const transport = issues.slice(issues.indexOf('Transport ('));
    expect(housing).toContain(
      `${label} (3 representations on this topic, 3 letters in all): “${CAMPAIGN_FIRST}`,
    );
    expect(transport).toContain(`${label} (3 representations on this topic): quoted under Housing`);
    expect(transport).not.toContain('valley roads');
  });

  it('counts by status as the representation manager and the analysis do, deleted letters nowhere', async () => {
    const { words, cells } = await statementText();
    expect(words).toContain('6 representations and 2 sub-representations were received.');
    const table = await call(officer, 'POST', '/consultations/representations/search', {
      groupBy: 'status',
      filter: [{ type: 'select', dbPropertyName: 'consultation_event_id', value: eventId }],
    });
    expect(table.statusCode, table.body).toBe(200);
    const manager = new Map<string, number>(
      table
        .json()
        .result.groupedByDistinctValue.map((group: { value: string; count: number }) => [
          group.value,
          group.count,
        ]),
    );
    const analysis = await call(officer, 'GET', `/consultations/analysis?eventId=${eventId}`);
    expect(analysis.statusCode, analysis.body).toBe(200);
    const analysed = analysisSchema.parse(analysis.json()).event!.statuses;
    const byStatus = cells.indexOf('Status');
    const subs = { 'In review': 1, 'Response sent': 1 } as Record<string, number>;
    representationStatuses.forEach((status, i) => {
      const row = cells.slice(byStatus + 3 * (i + 1), byStatus + 3 * (i + 2));
      expect(row, status).toEqual([status, String(statuses[status]), String(subs[status] ?? 0)]);
      expect(manager.get(status) ?? 0, status).toBe(statuses[status]);
      expect(analysed[i], status).toEqual({ status, count: statuses[status] });
    });
    // The deleted letter was 'Pending': counted by none of the three.
    expect(manager.get('Pending')).toBeUndefined();
  });

  it('is a tagged, accessible PDF: language, title, headings, lists and tables in its structure tree', async () => {
    const answer = await call(officer, 'GET', `/consultations/events/${eventId}/statement?format=pdf`);
    expect(answer.statusCode, answer.body).toBe(200);
    const file = save('statement.pdf', answer.rawPayload);
    const info = run('pdfinfo', [file]);
    expect(info).toMatch(/^Tagged:\s+yes$/m);
    expect(info).toMatch(new RegExp(`^Title:\\s+${eventName}: consultation statement$`, 'm'));
    expect(info).toMatch(/^PDF version:\s+1\.7$/m);
    const struct = run('pdfinfo', ['-struct-text', file]);
    const lines = struct.split('\n').map((line) => line.trim());
    const textOf = (tag: string) =>
      lines.flatMap((line, i) => (line.startsWith(`${tag} `) || line === tag ? [lines[i + 1] ?? ''] : []));
    expect(lines[0]).toMatch(/^Document\b/);
    expect(textOf('H1')).toEqual([`"${eventName}: consultation statement"`]);
    expect(textOf('H2')).toEqual(
      [
        'Who was consulted',
        'Representations received',
        'Main issues raised',
        'How the issues have been addressed',
      ].map((text) => `"${text}"`),
    );
    expect(textOf('H3')).toContain('"By status"');
    for (const tag of ['L', 'LI', 'Lbl', 'LBody', 'Table', 'TR', 'TH', 'TD', 'P', 'BlockQuote'])
      expect(
        lines.some((line) => line === tag || line.startsWith(`${tag} `)),
        tag,
      ).toBe(true);
    expect(struct).toContain(MEADOW_ANSWER.slice(0, 40));
    // The page numbers are page furniture, not text of the statement.
    expect(struct).not.toContain('Page 1 of');
    expect(run('pdftotext', [file, '-'])).toContain('Page 1 of');
  });
});
