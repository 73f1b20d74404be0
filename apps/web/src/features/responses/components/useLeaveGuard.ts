import { useCallback, useRef } from 'react';
import { App } from 'antd';
import { representationMessages as m } from '@planning/shared';

/**
 * Spec 02 §2 multi-step drawers: leaving a form with unsaved input asks 'Progress will be lost /
 * Are you sure you want to leave this form?' with 'Continue with form' and 'Leave form'. Resolves
 * true to leave (at once when nothing is unsaved).
 */
export function useLeaveGuard() {
  const { modal } = App.useApp();
  // A second close (Escape pressed twice) while the question is open asks nothing more.
  const asking = useRef(false);
  return useCallback(
    (dirty: boolean): Promise<boolean> => {
      if (!dirty) return Promise.resolve(true);
      if (asking.current) return Promise.resolve(false);
      asking.current = true;
      return new Promise((resolve) => {
        modal.confirm({
          title: m.progressLostTitle,
          content: m.progressLostText,
          okText: m.leaveForm,
          okButtonProps: { danger: true },
          cancelText: m.continueWithForm,
          onOk: () => resolve(true),
          onCancel: () => resolve(false),
          afterClose: () => {
            asking.current = false;
          },
        });
      });
    },
    [modal],
  );
}
