import type { ColumnType } from 'kysely';

/**
 * Issue 16: invitations and admin user changes (migration 0028). The columns 0028 adds to `users`
 * (the table itself is typed in schema.ts): merged into it by `Database`.
 */
export type AdminUserColumns = {
  invited_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
  last_sign_in_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
  deleted_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
};

export type AdminUserTables = { users: AdminUserColumns };
