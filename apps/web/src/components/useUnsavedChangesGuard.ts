import { useCallback, useEffect, useRef } from 'react';
import { useBlocker } from 'react-router';
import { App } from 'antd';

/** The question asked before changes are lost, in the screen's words. */
export type LeaveQuestion = { title: string; content: string; leave: string; stay: string };

/** The confirm dialog's words: leaving is the dangerous button. */
const confirmOf = ({ title, content, leave, stay }: LeaveQuestion) => ({
  title,
  content,
  okText: leave,
  okButtonProps: { danger: true },
  cancelText: stay,
});

/**
 * Asks before leaving a screen (another address, or other search parameters) with changes not
 * saved, and has the browser ask before the tab closes or reloads.
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
      ...confirmOf({ title, content, leave, stay }),
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

/**
 * The same question for leaving within a screen (closing a drawer, choosing another record): the
 * function it gives resolves true to leave, at once when nothing is unsaved. A second ask while
 * the question is open (Escape pressed twice) resolves false and asks nothing more.
 */
export function useLeaveQuestion({ title, content, leave, stay }: LeaveQuestion) {
  const { modal } = App.useApp();
  const asking = useRef(false);
  return useCallback(
    (dirty: boolean): Promise<boolean> => {
      if (!dirty) return Promise.resolve(true);
      if (asking.current) return Promise.resolve(false);
      asking.current = true;
      return new Promise((resolve) => {
        modal.confirm({
          ...confirmOf({ title, content, leave, stay }),
          onOk: () => resolve(true),
          onCancel: () => resolve(false),
          afterClose: () => {
            asking.current = false;
          },
        });
      });
    },
    [modal, title, content, leave, stay],
  );
}
