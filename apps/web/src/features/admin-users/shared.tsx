import type { ReactNode } from 'react';
import { Alert } from 'antd';
import { ApiError } from '../../api/client';
import { AdminFrame } from '../../shared/admin-frame/AdminFrame';

/** The server's words for a refusal (last administrator, a grant not held, a name taken…). */
export function errorText(error: unknown): string {
  if (error instanceof ApiError) return error.issues[0]?.message ?? error.message;
  return error instanceof Error ? error.message : String(error);
}

export function ErrorAlert({ error, onClose }: { error: unknown; onClose?: () => void }) {
  if (!error) return null;
  return (
    <Alert
      type="error"
      role="alert"
      showIcon
      message={errorText(error)}
      closable={Boolean(onClose)}
      onClose={onClose}
      style={{ marginBottom: 16 }}
    />
  );
}

export const when = (iso: string | null) =>
  iso ? new Date(iso).toLocaleString('en-GB', { dateStyle: 'medium', timeStyle: 'short' }) : '—';

/** The admin area's frame (side navigation, breadcrumb, heading). */
export function Frame({ title, extra, children }: { title: string; extra?: ReactNode; children: ReactNode }) {
  return (
    <AdminFrame title={title} extra={extra}>
      {children}
    </AdminFrame>
  );
}
