import { useEffect } from 'react';
import { useBlocker } from 'react-router';
import { App } from 'antd';

/** The question asked before changes are lost, in the screen's words. */
export type LeaveQuestion = { title: string; content: string; leave: string; stay: string };

/**
 * Asks before leaving a screen (another address, or other search parameters) with changes not
 * saved, and has the browser ask before the tab closes or reloads. Leaving is the dangerous button.
 */
export function useUnsavedChangesGuard(dirty: boolean, { title, content, leave, stay }: LeaveQuestion) {
  const { modal } = App.useApp();
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      dirty &&
      (currentLocation.pathname !== nextLocation.pathname || currentLocation.search !== nextLocation.search),
  );
  useEffect(() => {
    if (blocker.state !== 'blocked') return;
    modal.confirm({
      title,
      content,
      okText: leave,
      okButtonProps: { danger: true },
      cancelText: stay,
      onOk: () => blocker.proceed(),
      onCancel: () => blocker.reset(),
    });
  }, [blocker, modal, title, content, leave, stay]);
  useEffect(() => {
    if (!dirty) return;
    const handleBeforeUnload = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', handleBeforeUnload);
    return () => window.removeEventListener('beforeunload', handleBeforeUnload);
  }, [dirty]);
}
