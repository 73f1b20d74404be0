import type { ReactNode } from 'react';
import { AdminFrame } from '../../../shared/admin-frame/AdminFrame';

/** The config screens' frame: the admin frame (which stacks on a phone, spec 03 §2). */
export function ConfigFrame({
  title,
  extra,
  children,
}: {
  title: string;
  extra?: ReactNode;
  children: ReactNode;
}) {
  return (
    <AdminFrame title={title} {...(extra ? { extra } : {})}>
      {children}
    </AdminFrame>
  );
}
