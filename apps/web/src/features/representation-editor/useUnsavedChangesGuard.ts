import { useEffect } from 'react';
import { useBlocker } from 'react-router';
import { App } from 'antd';
import { representationMessages as m } from '@planning/shared';

/**
 * Asks before leaving the editor, or closing the tab, with changes not saved (spec 02 §2 drawers'
 * words: 'Progress will be lost').
 */
export function useUnsavedChangesGuard(dirty: boolean) {
  const { modal } = App.useApp();
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      dirty &&
      (currentLocation.pathname !== nextLocation.pathname || currentLocation.search !== nextLocation.search),
  );
  useEffect(() => {
    if (blocker.state !== 'blocked') return;
    modal.confirm({
      title: m.progressLostTitle,
      content: m.progressLostText,
      okText: m.leaveForm,
      okButtonProps: { danger: true },
      cancelText: m.continueWithForm,
      onOk: () => blocker.proceed(),
      onCancel: () => blocker.reset(),
    });
  }, [blocker, modal]);
  useEffect(() => {
    if (!dirty) return;
    const handleBeforeUnload = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', handleBeforeUnload);
    return () => window.removeEventListener('beforeunload', handleBeforeUnload);
  }, [dirty]);
}
