import { randomBytes, timingSafeEqual } from 'node:crypto';
import type { Transaction } from 'kysely';
import {
  documentMessages,
  type AnswerPolicy,
  type CreateDocumentBody,
  type CreateTemplateBody,
  type DocumentConfig,
  type DocumentEntity,
  type DocumentRecord,
  type DocumentSummary,
  type DocumentTemplate,
  type DocumentTemplateSummary,
  type PublicDocument,
  type Question,
  type RichText,
  type UpdateDocumentBody,
  type UpdateTemplateBody,
} from '@planning/shared';
import type { Database } from '../../db/schema';
import { badRequest, conflict, notFound } from '../../lib/errors';
import { richTextRenderer, sanitiseHtml } from './documents.richtext';

type Trx = Transaction<Database>;

export type Author = { userId: string; tenantId: string };

export type DocumentRow = {
  id: string;
  title: string;
  config: DocumentConfig;
  author_id: string | null;
  author_name: string;
  is_published: boolean;
  published_at: Date | null;
  answers_open_until: Date | null;
  share_token: string | null;
  created_at: Date;
  updated_at: Date;
};

const DOCUMENT_COLUMNS = [
  'id',
  'title',
  'config',
  'author_id',
  'author_name',
  'is_published',
  'published_at',
  'answers_open_until',
  'share_token',
  'created_at',
  'updated_at',
] as const;

const iso = (value: Date | string) => new Date(value).toISOString();
const isoOrNull = (value: Date | string | null) => (value === null ? null : iso(value));

async function userName(trx: Trx, userId: string): Promise<string> {
  const row = await trx.selectFrom('users').select('name').where('id', '=', userId).executeTakeFirst();
  return row?.name || 'Unknown user';
}

/** Every rich text of a config, changed by `change` (entities are copied, never edited in place). */
export function mapRichText(config: DocumentConfig, change: (value: RichText) => RichText): DocumentConfig {
  const question = <Q extends Question>(q: Q): Q => {
    const next = { ...q, ...(q.question === undefined ? {} : { question: change(q.question) }) };
    if (next.type === 'mapLinkedQuestion') next.questions = next.questions.map(question);
    return next;
  };
  const entities: Record<string, DocumentEntity> = {};
  for (const [id, item] of Object.entries(config.entities)) {
    if (item.type === 'textBlock') entities[id] = { ...item, content: change(item.content) };
    else if (item.type === 'question') entities[id] = { ...item, question: question(item.question) };
    else if (item.type === 'poll') entities[id] = { ...item, question: question(item.question) };
    else entities[id] = item;
  }
  return { ...config, entities };
}

/** As saved: HTML typed in as text is cleaned on the way in too (JSON is cleaned as it is read). */
const cleanForStorage = (config: DocumentConfig) =>
  mapRichText(config, (value) => (typeof value === 'string' ? sanitiseHtml(value) : value));

/** As the public reads it: every rich text as sanitised HTML. */
export async function renderForPublic(config: DocumentConfig): Promise<DocumentConfig> {
  return mapRichText(config, await richTextRenderer());
}

export function blankConfig(title: string): DocumentConfig {
  return {
    root: 'root',
    heroSection: null,
    initialSection: 'root',
    documentSettings: { hideSectionNumberings: false },
    entities: { root: { id: 'root', type: 'section', title, childSectionIds: [] } },
  };
}

export function presentSummary(row: DocumentRow): DocumentSummary {
  return {
    id: row.id,
    title: row.title,
    author: { id: row.author_id, name: row.author_name },
    meta: {
      updatedAt: iso(row.updated_at),
      isPublished: row.is_published,
      publishedAt: isoOrNull(row.published_at),
    },
    answersOpenUntil: isoOrNull(row.answers_open_until),
    createdAt: iso(row.created_at),
  };
}

export function presentDocument(
  row: DocumentRow,
  policy: { canWrite: boolean; canDelete: boolean },
): DocumentRecord {
  return { ...presentSummary(row), config: row.config, shareToken: row.share_token, policy };
}

export async function presentPublic(row: DocumentRow, viewer: AnswerPolicy): Promise<PublicDocument> {
  const summary = presentSummary(row);
  return {
    id: row.id,
    title: row.title,
    meta: summary.meta,
    answersOpenUntil: summary.answersOpenUntil,
    config: await renderForPublic(row.config),
    viewer,
  };
}

/** A live (not deleted) document of the transaction's council, or 404. */
export async function liveDocument(trx: Trx, id: string, lock = false): Promise<DocumentRow> {
  let query = trx
    .selectFrom('documents')
    .select(DOCUMENT_COLUMNS)
    .where('id', '=', id)
    .where('deleted_at', 'is', null);
  if (lock) query = query.forUpdate();
  const row = await query.executeTakeFirst();
  if (!row) throw notFound(documentMessages.documentNotFound);
  return row as DocumentRow;
}

export async function listDocuments(trx: Trx, search?: string): Promise<DocumentSummary[]> {
  let query = trx.selectFrom('documents').select(DOCUMENT_COLUMNS).where('deleted_at', 'is', null);
  if (search?.trim()) query = query.where('title', 'ilike', `%${escapeLike(search.trim())}%`);
  const rows = await query.orderBy('updated_at', 'desc').orderBy('id').execute();
  return (rows as DocumentRow[]).map(presentSummary);
}

export const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

export async function createDocument(
  trx: Trx,
  author: Author,
  body: CreateDocumentBody,
): Promise<DocumentRow> {
  let config = body.config ?? blankConfig(body.title);
  if (body.templateId) {
    const template = await oneTemplate(trx, body.templateId);
    if (template.kind !== 'document') throw badRequest('Only a document template can start a document');
    config = template.config as DocumentConfig;
  }
  const row = await trx
    .insertInto('documents')
    .values({
      tenant_id: author.tenantId,
      title: body.title,
      config: JSON.stringify(cleanForStorage(config)),
      author_id: author.userId,
      author_name: await userName(trx, author.userId),
    })
    .returning(DOCUMENT_COLUMNS)
    .executeTakeFirstOrThrow();
  return row as DocumentRow;
}

export async function updateDocument(trx: Trx, id: string, body: UpdateDocumentBody): Promise<DocumentRow> {
  const current = await liveDocument(trx, id, true);
  if (body.ifUpdatedAt !== undefined && body.ifUpdatedAt !== iso(current.updated_at))
    throw conflict(documentMessages.changedMeanwhile);
  const changes: { title?: string; config?: string; answers_open_until?: Date | null } = {};
  if (body.title !== undefined) changes.title = body.title;
  if (body.config !== undefined) changes.config = JSON.stringify(cleanForStorage(body.config));
  if (body.answersOpenUntil !== undefined)
    changes.answers_open_until = body.answersOpenUntil === null ? null : new Date(body.answersOpenUntil);
  if (Object.keys(changes).length === 0) return current;
  const row = await trx
    .updateTable('documents')
    .set(changes)
    .where('id', '=', id)
    .returning(DOCUMENT_COLUMNS)
    .executeTakeFirstOrThrow();
  return row as DocumentRow;
}

/** Spec 02 §3 meta.isPublished; publishing again moves published_at to now. */
export async function setPublished(trx: Trx, id: string, published: boolean): Promise<DocumentRow> {
  await liveDocument(trx, id, true);
  const row = await trx
    .updateTable('documents')
    .set(published ? { is_published: true, published_at: new Date() } : { is_published: false })
    .where('id', '=', id)
    .returning(DOCUMENT_COLUMNS)
    .executeTakeFirstOrThrow();
  return row as DocumentRow;
}

/** Deleted documents leave every list and every public page; their answers are kept. */
export async function deleteDocument(trx: Trx, id: string): Promise<void> {
  await liveDocument(trx, id, true);
  await trx
    .updateTable('documents')
    .set({ deleted_at: new Date(), share_token: null, is_published: false })
    .where('id', '=', id)
    .execute();
}

/** The document's share token, made on first asking. */
export async function shareDocument(trx: Trx, id: string): Promise<string> {
  const row = await liveDocument(trx, id, true);
  if (row.share_token) return row.share_token;
  const token = randomBytes(24).toString('base64url');
  await trx.updateTable('documents').set({ share_token: token }).where('id', '=', id).execute();
  return token;
}

export async function unshareDocument(trx: Trx, id: string): Promise<void> {
  await liveDocument(trx, id, true);
  await trx.updateTable('documents').set({ share_token: null }).where('id', '=', id).execute();
}

export const sharePath = (id: string, token: string) =>
  `/p/document/${id}?share=${encodeURIComponent(token)}`;

function sameToken(given: string, stored: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(stored);
  return a.length === b.length && timingSafeEqual(a, b);
}

/**
 * A document the public may read: published, or unpublished with its share link's token.
 * Anything else is 404, the same answer as for an id that does not exist.
 */
export async function readableDocument(trx: Trx, id: string, share?: string): Promise<DocumentRow> {
  const row = await liveDocument(trx, id).catch(() => null);
  const shared = share !== undefined && row?.share_token != null && sameToken(share, row.share_token);
  if (!row || (!row.is_published && !shared)) throw notFound(documentMessages.documentNotFound);
  return row;
}

export async function publishedDocuments(trx: Trx) {
  const rows = await trx
    .selectFrom('documents')
    .select(['id', 'title', 'published_at', 'updated_at'])
    .where('deleted_at', 'is', null)
    .where('is_published', '=', true)
    .orderBy('published_at', 'desc')
    .orderBy('id')
    .execute();
  return rows.map((row) => ({
    id: row.id,
    title: row.title,
    publishedAt: isoOrNull(row.published_at),
    updatedAt: iso(row.updated_at),
  }));
}

/** Whether residents may give, change and delete answers now (see answersOpenUntil). */
export function answersOpen(row: DocumentRow, now = new Date()): boolean {
  return row.is_published && (row.answers_open_until === null || now < new Date(row.answers_open_until));
}

export const statusOf = (row: DocumentRow) => ({
  id: row.id,
  updatedAt: iso(row.updated_at),
  isPublished: row.is_published,
});

// Templates.

type TemplateRow = {
  id: string;
  kind: 'document' | 'block';
  name: string;
  feature: string;
  config: unknown;
  created_by: string | null;
  created_by_name: string;
  created_at: Date;
  updated_at: Date;
};

const TEMPLATE_COLUMNS = [
  'id',
  'kind',
  'name',
  'feature',
  'config',
  'created_by',
  'created_by_name',
  'created_at',
  'updated_at',
] as const;

const presentTemplate = (row: TemplateRow): DocumentTemplate =>
  ({
    id: row.id,
    kind: row.kind,
    name: row.name,
    feature: row.feature,
    config: row.config,
    createdBy: { id: row.created_by, name: row.created_by_name },
    createdAt: iso(row.created_at),
    updatedAt: iso(row.updated_at),
  }) as DocumentTemplate;

export async function listTemplates(
  trx: Trx,
  kind?: 'document' | 'block',
  search?: string,
): Promise<DocumentTemplateSummary[]> {
  // The list leaves the configs out: the builder's list shows names, a click loads one.
  let query = trx
    .selectFrom('document_templates')
    .select(TEMPLATE_COLUMNS.filter((column) => column !== 'config'));
  if (kind) query = query.where('kind', '=', kind);
  if (search?.trim()) query = query.where('name', 'ilike', `%${escapeLike(search.trim())}%`);
  const rows = (await query.orderBy('name').orderBy('id').execute()) as Omit<TemplateRow, 'config'>[];
  return rows.map((row) => ({
    id: row.id,
    kind: row.kind,
    name: row.name,
    feature: row.feature,
    createdBy: { id: row.created_by, name: row.created_by_name },
    createdAt: iso(row.created_at),
    updatedAt: iso(row.updated_at),
  }));
}

export async function oneTemplate(trx: Trx, id: string): Promise<DocumentTemplate> {
  const row = await trx
    .selectFrom('document_templates')
    .select(TEMPLATE_COLUMNS)
    .where('id', '=', id)
    .executeTakeFirst();
  if (!row) throw notFound(documentMessages.templateNotFound);
  return presentTemplate(row as TemplateRow);
}

/** A template's config as kept: rich text cleaned, a block's without document-wide settings. */
function templateConfig(
  body:
    | CreateTemplateBody
    | (Required<Pick<UpdateTemplateBody, 'kind'>> & { config: DocumentTemplate['config'] }),
) {
  if (body.kind === 'document') return cleanForStorage(body.config as DocumentConfig);
  const cleaned = cleanForStorage(body.config as DocumentConfig);
  return { root: cleaned.root, entities: cleaned.entities };
}

export async function createTemplate(trx: Trx, author: Author, body: CreateTemplateBody) {
  const row = await trx
    .insertInto('document_templates')
    .values({
      tenant_id: author.tenantId,
      kind: body.kind,
      name: body.name,
      config: JSON.stringify(templateConfig(body)),
      created_by: author.userId,
      created_by_name: await userName(trx, author.userId),
    })
    .returning(TEMPLATE_COLUMNS)
    .executeTakeFirstOrThrow();
  return presentTemplate(row as TemplateRow);
}

export async function updateTemplate(trx: Trx, id: string, body: UpdateTemplateBody) {
  const current = await oneTemplate(trx, id);
  if (body.kind !== current.kind) throw badRequest(`This is a ${current.kind} template`);
  const changes: { name?: string; config?: string } = {};
  if (body.name !== undefined) changes.name = body.name;
  if (body.config !== undefined)
    changes.config = JSON.stringify(templateConfig({ kind: body.kind, config: body.config }));
  if (Object.keys(changes).length === 0) return current;
  const row = await trx
    .updateTable('document_templates')
    .set(changes)
    .where('id', '=', id)
    .returning(TEMPLATE_COLUMNS)
    .executeTakeFirstOrThrow();
  return presentTemplate(row as TemplateRow);
}

export async function deleteTemplate(trx: Trx, id: string): Promise<void> {
  const result = await trx.deleteFrom('document_templates').where('id', '=', id).executeTakeFirst();
  if (Number(result.numDeletedRows) === 0) throw notFound(documentMessages.templateNotFound);
}
