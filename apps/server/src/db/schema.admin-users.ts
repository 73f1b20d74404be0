/** Issue 16: invitations and admin user changes (migration 0028). */
export type AdminUserTables = Record<never, never>;
