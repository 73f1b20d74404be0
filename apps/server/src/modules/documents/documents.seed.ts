import type { Kysely } from 'kysely';
import { documentConfigSchema, type DocumentConfig } from '@planning/shared';
import type { Database } from '../../db/schema';
import { withTenant } from '../../db/tenant-transaction';

export const DEMO_DOCUMENT_TITLE = 'Local Plan 2026–2041: Regulation 18 consultation';

const paragraph = (text: string) => ({ type: 'paragraph', content: [{ type: 'text', text }] });

/**
 * A small Local Plan consultation: sections, a text block, a chart, a map of a few sites, and one
 * question of each kind (radio, checkbox, textarea, select, and one about a chosen site).
 */
export function demoLocalPlanConfig(councilName: string, siteIds: readonly string[]): DocumentConfig {
  return documentConfigSchema.parse({
    root: 'root',
    heroSection: 'hero',
    initialSection: 'intro',
    documentSettings: { hideSectionNumberings: false },
    entities: {
      root: {
        id: 'root',
        type: 'section',
        title: DEMO_DOCUMENT_TITLE,
        childSectionIds: ['hero', 'toc', 'intro', 'housing', 'sites', 'have-your-say'],
      },
      hero: {
        id: 'hero',
        type: 'hero',
        title: DEMO_DOCUMENT_TITLE,
        subtitle: `${councilName}: have your say on where new homes should go`,
      },
      toc: { id: 'toc', type: 'tableOfContents', title: 'Contents' },
      intro: { id: 'intro', type: 'section', title: 'Introduction', childSectionIds: ['intro-text'] },
      'intro-text': {
        id: 'intro-text',
        type: 'textBlock',
        content: {
          type: 'doc',
          content: [
            paragraph('The Local Plan sets out how much development the area needs and where it should go.'),
            {
              type: 'paragraph',
              content: [
                { type: 'text', text: 'Read the ' },
                {
                  type: 'text',
                  text: 'evidence base',
                  marks: [{ type: 'link', attrs: { href: 'https://www.gov.uk/guidance/plan-making' } }],
                },
                { type: 'text', text: ' and tell us what you think.', marks: [{ type: 'bold' }] },
              ],
            },
          ],
        },
      },
      housing: {
        id: 'housing',
        type: 'section',
        title: 'Housing need',
        childSectionIds: ['housing-chart', 'housing-divider'],
      },
      'housing-chart': {
        id: 'housing-chart',
        type: 'chart',
        chartName: 'Homes needed by 2041',
        chartType: 'column',
        chartData: [
          { label: 'Urban extensions', value: 4200 },
          { label: 'Town centres', value: 1800, color: '#0B6E4F' },
          { label: 'Villages', value: 900, color: '#F47738' },
        ],
        columns: ['Homes'],
      },
      'housing-divider': { id: 'housing-divider', type: 'divider' },
      sites: {
        id: 'sites',
        type: 'section',
        title: 'Proposed sites',
        childSectionIds: ['sites-map', 'sites-question'],
      },
      'sites-map': {
        id: 'sites-map',
        type: 'map',
        caption: 'Proposed allocations',
        sites: { ids: [...siteIds] },
        siteDetailsDropdown: true,
        siteInfo: [
          { type: 'field', title: 'Site name', columnName: 'site_name' },
          { type: 'field', title: 'HELAA reference', columnName: 'helaa_reference' },
          {
            type: 'table',
            title: 'Capacity',
            columns: [
              { title: 'Size (ha)', columnName: 'size_ha' },
              { title: 'Homes', columnName: 'optimised_unit_capacity' },
            ],
          },
        ],
      },
      'sites-question': {
        id: 'sites-question',
        type: 'question',
        question: {
          id: 'q-site-support',
          title: 'Do you support allocating this site?',
          type: 'radioQuestion',
          options: [{ title: 'Support' }, { title: 'Neutral' }, { title: 'Oppose' }],
          orientation: 'horizontal',
          mapFeatureSelect: { type: 'site', commentsBox: true, showAssociatedLayers: true },
        },
      },
      'have-your-say': {
        id: 'have-your-say',
        type: 'section',
        title: 'Have your say',
        childSectionIds: ['q-vision-block', 'q-priorities-block', 'q-comments-block', 'q-area-block'],
      },
      'q-vision-block': {
        id: 'q-vision-block',
        type: 'question',
        question: {
          id: 'q-vision',
          title: 'Do you agree with the vision for the plan?',
          question: '<p>The vision is for <strong>well-designed, connected places</strong>.</p>',
          type: 'radioQuestion',
          options: [{ title: 'Yes' }, { title: 'No' }, { title: 'Not sure' }],
          conditional: { if: 'No', show: 'textarea', title: 'Please tell us why' },
        },
      },
      'q-priorities-block': {
        id: 'q-priorities-block',
        type: 'question',
        question: {
          id: 'q-priorities',
          title: 'Which should the plan prioritise?',
          type: 'checkboxQuestion',
          options: [
            { title: 'Affordable homes' },
            { title: 'Green spaces', description: 'Parks, woodland and play areas' },
            { title: 'Transport' },
            { title: 'Jobs' },
          ],
          minSelected: 1,
          maxSelected: 2,
        },
      },
      'q-comments-block': {
        id: 'q-comments-block',
        type: 'question',
        question: {
          id: 'q-comments',
          title: 'Any other comments on the plan?',
          type: 'textQuestion',
          note: 'Please do not include personal details of others.',
        },
      },
      'q-area-block': {
        id: 'q-area-block',
        type: 'question',
        question: {
          id: 'q-area',
          title: 'Where do you live?',
          type: 'dropdownQuestion',
          options: [{ title: 'In the district' }, { title: 'Near the district' }, { title: 'Elsewhere' }],
        },
      },
    },
  });
}

/** The demo council's published consultation document; a second run changes nothing. */
export async function seedDemoDocument(
  db: Kysely<Database>,
  tenant: { id: string; name: string; shortName: string },
): Promise<void> {
  await withTenant(db, tenant.id, async (trx) => {
    const existing = await trx
      .selectFrom('documents')
      .select('id')
      .where('title', '=', DEMO_DOCUMENT_TITLE)
      .executeTakeFirst();
    if (existing) return;
    const sites = await trx
      .selectFrom('sites')
      .select('id')
      .where('is_deleted', '=', false)
      .orderBy('id')
      .limit(5)
      .execute();
    await trx
      .insertInto('documents')
      .values({
        tenant_id: tenant.id,
        title: DEMO_DOCUMENT_TITLE,
        config: JSON.stringify(
          demoLocalPlanConfig(
            tenant.shortName,
            sites.map((site) => String(site.id)),
          ),
        ),
        author_id: null,
        author_name: 'Planning Policy Team',
        is_published: true,
        published_at: new Date(),
      })
      .execute();
  });
}
