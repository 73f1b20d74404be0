import type { ReactNode } from 'react';
import { Tooltip } from 'antd';
import type { Grant } from '@planning/shared';
import { useAccess } from '../session/hooks';

export const NO_PERMISSION_TEXT = 'You do not have permission to do this. Please contact your administrator.';

type PermittedProps = { needs: readonly Grant[]; children: ReactNode };

/**
 * Spec 01 §6: without permission a control is shown dimmed and inert, with a tooltip saying
 * why. The server refuses the action anyway; this only tells people before they try.
 */
export function Permitted({ needs, children }: PermittedProps) {
  const { permitted, isLoading } = useAccess(needs);
  if (permitted) return <>{children}</>;
  return (
    <Tooltip title={isLoading ? undefined : NO_PERMISSION_TEXT}>
      {/* Focusable so keyboard users reach the explanation; the control itself is inert. */}
      <span className="not-permitted" tabIndex={0} aria-label={isLoading ? undefined : NO_PERMISSION_TEXT}>
        <span className="not-permitted__control" inert aria-disabled="true">
          {children}
        </span>
        {!isLoading && <span className="visually-hidden">{NO_PERMISSION_TEXT}</span>}
      </span>
    </Tooltip>
  );
}
