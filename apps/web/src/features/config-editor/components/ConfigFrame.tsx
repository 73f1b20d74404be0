import type { ReactNode } from 'react';
import { useMediaQuery } from '../../../components/useMediaQuery';
import { AdminFrame } from '../../admin-content/AdminFrame';

/**
 * The admin frame (the admin tabs beside the page) from tablet width up; on a phone (below 750px,
 * spec 03 §2) the page alone, its heading and buttons above it: the frame's side navigation would
 * leave the page a sliver.
 */
export function ConfigFrame({
  title,
  extra,
  children,
}: {
  title: string;
  extra?: ReactNode;
  children: ReactNode;
}) {
  const phone = useMediaQuery('(max-width: 749px)');
  if (!phone)
    return (
      <AdminFrame title={title} {...(extra ? { extra } : {})}>
        {children}
      </AdminFrame>
    );
  return (
    <div className="page config-frame">
      <div className="config-frame__head">
        <h1 className="page__title">{title}</h1>
        {extra}
      </div>
      {children}
    </div>
  );
}
