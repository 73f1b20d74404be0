import { useCallback, useState } from 'react';

/** Spec 01 §9: the navigation bar's state persists. */
export const NAV_COLLAPSED_STORAGE_KEY = 'navCollapsed';

function readCollapsed(): boolean {
  try {
    return window.localStorage.getItem(NAV_COLLAPSED_STORAGE_KEY) === 'true';
  } catch {
    return false;
  }
}

export function useNavCollapsed(): [boolean, (collapsed: boolean) => void] {
  const [collapsed, setCollapsedState] = useState(readCollapsed);
  const setCollapsed = useCallback((next: boolean) => {
    setCollapsedState(next);
    try {
      window.localStorage.setItem(NAV_COLLAPSED_STORAGE_KEY, String(next));
    } catch {
      // Not persisted, still toggled.
    }
  }, []);
  return [collapsed, setCollapsed];
}
