import { sql, type Transaction } from 'kysely';
import { registerCsvColumns, type PersonalDataRegister, type RegisterEntry } from '@planning/shared';
import type { Database } from '../../db/schema';
import { csvLine as line } from '../export/export.formats';
import { personalDataTables } from './register.annotations';

type Trx = Transaction<Database>;

// Tables every council shares (no tenant_id): listed, not counted, so one council learns nothing
// of another's activity.
const SHARED_TABLES = new Set(['auth_attempts']);

/** Issue 26 point 7: the register for the council of the transaction, with today's counts. */
export async function personalDataRegister(
  trx: Trx,
  tenantId: string,
  council: string,
): Promise<PersonalDataRegister> {
  const entries: RegisterEntry[] = [];
  for (const [table, annotation] of Object.entries(personalDataTables)) {
    // Table names come from the annotations above, never from the request.
    const rows = SHARED_TABLES.has(table)
      ? null
      : Number(
          (
            await sql<{
              n: string;
            }>`select count(*) as n from ${sql.table(table)} where tenant_id = ${tenantId}`.execute(trx)
          ).rows[0]?.n ?? 0,
        );
    entries.push({
      table,
      record: annotation.record,
      subjects: annotation.subjects,
      fields: Object.entries(annotation.fields).map(([column, category]) => ({ column, category })),
      purpose: annotation.purpose,
      lawfulBasis: annotation.lawfulBasis,
      retention: annotation.retention,
      rows,
    });
  }
  return { council, generatedAt: new Date().toISOString(), entries };
}

/** The register as CSV for the council's record of processing activities (one row a table). */
export function registerCsv(register: PersonalDataRegister): string {
  const body = register.entries.map((entry) =>
    line([
      entry.table,
      entry.record,
      entry.subjects.join('; '),
      entry.fields.map((field) => `${field.column} (${field.category})`).join('; '),
      entry.purpose,
      entry.lawfulBasis,
      entry.retention,
      entry.rows ?? 'shared by every council',
    ]),
  );
  return `\uFEFF${line([...registerCsvColumns])}${body.join('')}`;
}
