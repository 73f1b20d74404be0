/** Issue 16: events' features, privacy policies, default layouts, redactions (migration 0030). */
export type AdminContentTables = Record<never, never>;
