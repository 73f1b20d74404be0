/** Issue 16: config documents, versions, templates (migration 0027). */
export type ConfigDocumentTables = Record<never, never>;
