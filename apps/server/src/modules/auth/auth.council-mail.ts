import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import type { Mailer, OutgoingMail } from '../../lib/mailer';

type CouncilEmails = { noReply?: string; forReply?: string } | null;

/**
 * Who an email sent on a council's behalf comes from. The council's name is always the display
 * name. Its From address is the council's own no-reply address when its settings name one (the
 * setting is "sender of the platform's emails", so a council sets it once its domain lets our mail
 * relay send for it: gov.uk domains publish DMARC p=reject, and mail from an address whose domain
 * does not authorise the relay is dropped). Without it, From keeps the platform's address, which
 * the relay may send for. Replies go to the council's reply-to address when it has one.
 */
function councilSender(council: string, emails: CouncilEmails): Pick<OutgoingMail, 'sender' | 'replyTo'> {
  return {
    sender: { name: council, address: emails?.noReply || undefined },
    replyTo: emails?.forReply || undefined,
  };
}

/**
 * The council's name as its residents and staff know it (its full name, else its short one), and
 * the addresses its settings give for its emails.
 */
async function readCouncil(
  deps: { db: Kysely<Database> },
  tenant: { id: string; name: string },
): Promise<{ council: string; emails: CouncilEmails }> {
  const row = await deps.db
    .selectFrom('tenants')
    .select(['raw_name', 'emails'])
    .where('id', '=', tenant.id)
    .executeTakeFirst();
  return { council: row?.raw_name ?? tenant.name, emails: row?.emails ?? null };
}

/** The council's name as its residents and staff know it. */
export async function councilName(
  deps: { db: Kysely<Database> },
  tenant: { id: string; name: string },
): Promise<string> {
  return (await readCouncil(deps, tenant)).council;
}

/**
 * Sends an email on a council's behalf (invitation, address confirmation, password reset): the
 * one way such mail leaves, so none of it comes from the platform's sender. `build` writes the
 * message with the council's name.
 */
export async function sendAsCouncil(
  deps: { db: Kysely<Database>; mailer: Mailer },
  tenant: { id: string; name: string },
  build: (council: string) => OutgoingMail,
): Promise<void> {
  const { council, emails } = await readCouncil(deps, tenant);
  await deps.mailer.send({ ...build(council), ...councilSender(council, emails) });
}
