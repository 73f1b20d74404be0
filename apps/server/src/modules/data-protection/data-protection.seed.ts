import type { Kysely } from 'kysely';
import type { AllowListEntry } from '@planning/shared';
import type { Database } from '../../db/schema';
import { withTenant } from '../../db/tenant-transaction';

/**
 * Issue 26 points 2 and 6 for the demo councils: their own switchboard, mailbox and address and a
 * councillor on the allow list, and a first privacy notice. Telephone numbers are Ofcom's drama
 * numbers; nothing here is a real person's.
 */
export const demoAllowLists: Record<string, AllowListEntry[]> = {
  demo: [
    { kind: 'telephone number', value: '01632 960000', note: 'Council switchboard' },
    { kind: 'email address', value: 'planning.policy@demo.gov.uk', note: 'Planning policy mailbox' },
    {
      kind: 'address',
      value: 'Council Offices, Gibson Drive, Kings Hill, ME19 4ZT',
      note: 'Council offices',
    },
    { kind: 'name', value: 'Ann Lee', note: 'Councillor, Kings Hill ward' },
  ],
  northfield: [
    { kind: 'telephone number', value: '01632 961000', note: 'Council switchboard' },
    { kind: 'email address', value: 'local.plan@northfield.gov.uk', note: 'Local plan mailbox' },
    { kind: 'address', value: 'Civic Centre, St Luke’s Avenue, Harrogate, HG1 2AE', note: 'Civic Centre' },
    { kind: 'name', value: 'Tom Reid', note: 'Councillor, Harrogate Central ward' },
  ],
};

export const demoPrivacyNotice = (council: string) =>
  [
    `${council} is the data controller for what you send us in this consultation. We use it to prepare the local plan, a task in the public interest under the Planning and Compulsory Purchase Act 2004 and the Town and Country Planning (Local Planning) (England) Regulations 2012.`,
    'Your response is published, without your address, email address or telephone number. Your name is published only if you agree to it; otherwise your response is shown as from a private individual.',
    'We keep responses until the plan is adopted and for the period after it that the council sets. You can ask for a copy of what we hold about you, have it corrected, or object, by writing to the data protection officer. You can complain to the Information Commissioner’s Office (ico.org.uk).',
  ].join('\n\n');

export async function seedDemoDataProtection(
  db: Kysely<Database>,
  tenant: { id: string; name: string; rawName: string },
): Promise<void> {
  const entries = demoAllowLists[tenant.name];
  await withTenant(db, tenant.id, async (trx) => {
    if (entries)
      await trx
        .insertInto('council_allow_lists')
        .values({ tenant_id: tenant.id, entries: JSON.stringify(entries), updated_by_name: 'Demo data' })
        .onConflict((oc) => oc.column('tenant_id').doNothing())
        .execute();
    await trx
      .insertInto('privacy_notices')
      .values({
        tenant_id: tenant.id,
        version: 1,
        text: demoPrivacyNotice(tenant.rawName),
        published_by_name: 'Demo data',
      })
      .onConflict((oc) => oc.columns(['tenant_id', 'version']).doNothing())
      .execute();
  });
}
