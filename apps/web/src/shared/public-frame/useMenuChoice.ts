import { useNavigate } from 'react-router';
import { logout } from '../../platform/session/api';
import { useResetAuth } from '../../platform/session/hooks';

/** The key of the public headers' account menu item that signs out; the others are addresses. */
export const LOG_OUT = 'logout';

/**
 * What choosing an item of a public header's account menu does: go to its address, or for Log out
 * sign out (a failure said, the session kept) and land on `home`.
 */
export function useMenuChoice(home: string): (key: string) => Promise<void> {
  const navigate = useNavigate();
  const resetAuth = useResetAuth();
  return async (key) => {
    if (key !== LOG_OUT) {
      await navigate(key);
      return;
    }
    try {
      await logout();
    } catch (error) {
      // Loaded when needed: the public pages' first load leaves antd's notices out.
      const { notifyError } = await import('../../platform/notices/notifyError');
      notifyError(error);
      return;
    }
    resetAuth();
    await navigate(home, { replace: true });
  };
}
