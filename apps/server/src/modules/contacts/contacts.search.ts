import { sql, type RawBuilder, type SqlBool } from 'kysely';
import { escapeLike } from '../../lib/table-query';

/**
 * The contacts' and organisations' search box (spec 02 §7 "search (including address)"): every
 * word is looked for in the name, email, phone, address lines, town and postcode. A postcode
 * matches with or without its space, a phone number by its digits (+44 or 0 alike).
 */
export function addressSearch(
  search: string | null | undefined,
  fields: { text: RawBuilder<unknown>[]; postcode: RawBuilder<unknown>; phone: RawBuilder<unknown> },
): RawBuilder<SqlBool> {
  const words = (search ?? '').split(/\s+/).filter(Boolean);
  if (words.length === 0) return sql<SqlBool>`true`;
  const haystack = sql`concat_ws(' ', ${sql.join(fields.text)})`;
  const phoneDigits = sql`regexp_replace(regexp_replace(coalesce(${fields.phone}, ''), '\\D', '', 'g'), '^44', '0')`;
  const wholeDigits = normalisedDigits(search ?? '');
  const compact = (search ?? '').replace(/\s+/g, '');
  const alternatives: RawBuilder<SqlBool>[] = [
    sql<SqlBool>`(${sql.join(
      words.map((word) => sql`${haystack} ilike ${`%${escapeLike(word)}%`}`),
      sql` and `,
    )})`,
    sql<SqlBool>`replace(coalesce(${fields.postcode}, ''), ' ', '') ilike ${`%${escapeLike(compact)}%`}`,
  ];
  if (wholeDigits.length >= 4) alternatives.push(sql<SqlBool>`${phoneDigits} like ${`%${wholeDigits}%`}`);
  return sql<SqlBool>`(${sql.join(alternatives, sql` or `)})`;
}

/** '+44 (0)7700 900123' → '07700900123': a phone number as its national digits. */
function normalisedDigits(text: string): string {
  if (/[^\d\s()+-]/.test(text)) return '';
  return text.replace(/\(0\)/g, '').replace(/\D/g, '').replace(/^44/, '0');
}
