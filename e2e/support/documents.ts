import { withTenant } from '../../apps/server/src/db/tenant-transaction';
import { DEMO_DOCUMENT_TITLE } from '../../apps/server/src/modules/documents/documents.seed';
import type { RunningApp } from './running-app';

/** The id of the demo Local Plan the seed gives a council (published, with every question kind). */
export async function demoDocumentId(running: RunningApp, tenantId: string): Promise<string> {
  const row = await withTenant(running.database.db, tenantId, (trx) =>
    trx
      .selectFrom('documents')
      .select('id')
      .where('title', '=', DEMO_DOCUMENT_TITLE)
      .executeTakeFirstOrThrow(),
  );
  return row.id;
}
