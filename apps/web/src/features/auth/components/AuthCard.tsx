import type { ReactNode } from 'react';
import { useTenant } from '../../../platform/tenant/TenantContext';

type AuthCardProps = { title: string; children: ReactNode };

/** The frame of every sign-in page: the council's logo, a heading and one task. */
export function AuthCard({ title, children }: AuthCardProps) {
  const { tenant } = useTenant();
  return (
    <div className="auth-page">
      <div className="auth-card">
        <div className="auth-card__brand">
          {tenant.logo && <img className="auth-card__logo" src={tenant.logo} alt="" />}
          <span>{tenant.rawName}</span>
        </div>
        <h1 className="auth-card__title">{title}</h1>
        {children}
      </div>
    </div>
  );
}

/** A failure the form shows above its fields, announced to screen readers. */
export function FormError({ message }: { message: string | null }) {
  if (!message) return null;
  return (
    <div role="alert" className="auth-card__error">
      {message}
    </div>
  );
}

/** Something the user must do next (not a failure), announced politely to screen readers. */
export function FormNotice({ message }: { message: string | null }) {
  if (!message) return null;
  return (
    <div role="status" className="auth-card__notice">
      {message}
    </div>
  );
}
