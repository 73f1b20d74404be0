import type { Readable } from 'node:stream';
import escapeHtml from 'escape-html';
import { shownText, type SubjectAccessRequest } from '@planning/shared';
import { csvLine as line } from '../export/export.formats';
import { zipStream, type ZipEntry } from '../export/export.zip';
import type { FoundTable } from './subject-access.search';

/** A stored file the person's records name (an attachment of their representation, say). */
export type AttachedFile = { id: string; name: string; body: Buffer };

const requestLine = (request: SubjectAccessRequest) =>
  [
    request.email && `email address ${request.email}`,
    request.name && `name ${request.name}`,
    request.postcode && `postcode ${request.postcode}`,
  ]
    .filter(Boolean)
    .join(', ');

/** The readable summary: one section a table, each record's fields (long texts cut; the CSV and JSON keep them). */
function summaryHtml(
  council: string,
  request: SubjectAccessRequest,
  searchedAt: string,
  tables: FoundTable[],
  files: AttachedFile[],
): string {
  const sections = tables.map((table) => {
    const columns = Object.keys(table.rows[0]?.fields ?? {});
    const head = ['Record', 'Found by', ...columns].map((name) => `<th scope="col">${escapeHtml(name)}</th>`);
    const rows = table.rows.map(
      (row) =>
        `<tr><td>${escapeHtml(row.id ?? '')}</td><td>${escapeHtml(row.matchedBy.join(', '))}</td>${columns
          .map((column) => `<td>${escapeHtml(shownText(row.fields[column] ?? null) ?? '')}</td>`)
          .join('')}</tr>`,
    );
    return `<section><h2>${escapeHtml(table.record)} (${table.rows.length}${table.truncated ? ' shown, more held' : ''})</h2>
<p>Table <code>${escapeHtml(table.table)}</code>; every field in full in records/${escapeHtml(table.table)}.csv and records.json.</p>
<table><thead><tr>${head.join('')}</tr></thead><tbody>${rows.join('')}</tbody></table></section>`;
  });
  const fileList = files.length
    ? `<section><h2>Files (${files.length})</h2><ul>${files
        .map((file) => `<li>files/${escapeHtml(`${file.id}-${file.name}`)}</li>`)
        .join('')}</ul></section>`
    : '';
  return `<!doctype html>
<html lang="en-GB"><head><meta charset="utf-8"><title>Subject access request: ${escapeHtml(council)}</title>
<style>body{font-family:system-ui,sans-serif;margin:2rem;color:#0b0c0c}table{border-collapse:collapse;margin-bottom:2rem}
th,td{border:1px solid #b1b4b6;padding:4px 8px;text-align:left;vertical-align:top;font-size:14px}</style></head>
<body><h1>Subject access request</h1>
<p>${escapeHtml(council)}: every record found on ${escapeHtml(searchedAt)} for ${escapeHtml(requestLine(request))}.</p>
<p>${tables.length === 0 ? 'No record holds this person’s details.' : `${tables.reduce((n, table) => n + table.rows.length, 0)} records in ${tables.length} tables.`}</p>
${sections.join('\n')}
${fileList}
</body></html>
`;
}

function tableCsv(table: FoundTable): string {
  const columns = Object.keys(table.rows[0]?.fields ?? {});
  return `\uFEFF${line(['record', 'found by', ...columns])}${table.rows
    .map((row) =>
      line([row.id ?? '', row.matchedBy.join('; '), ...columns.map((column) => row.fields[column] ?? '')]),
    )
    .join('')}`;
}

/** The export: summary.html to read, records.json and one CSV a table for machines, and the files. */
export function subjectAccessZip(
  council: string,
  request: SubjectAccessRequest,
  searchedAt: string,
  tables: FoundTable[],
  files: AttachedFile[],
): Readable {
  const entries: ZipEntry[] = [
    { name: 'summary.html', content: Buffer.from(summaryHtml(council, request, searchedAt, tables, files)) },
    {
      name: 'records.json',
      content: Buffer.from(JSON.stringify({ council, request, searchedAt, tables }, null, 2)),
    },
    ...tables.map((table) => ({ name: `records/${table.table}.csv`, content: Buffer.from(tableCsv(table)) })),
    // The stored name is the server's own sanitised one; the id keeps two of the same name apart.
    ...files.map((file) => ({ name: `files/${file.id}-${file.name}`, content: file.body })),
  ];
  return zipStream(entries);
}
