import { useSyncExternalStore } from 'react';

/** Spec 01 §9, 03 §9: below this width the layout is the tablet one. */
export const NARROW_LAYOUT = '(max-width: 1079.98px)';

/** Whether the media query matches now, re-rendering when that changes (a window resized). */
export function useMediaQuery(query: string): boolean {
  return useSyncExternalStore(
    (onChange) => {
      const list = window.matchMedia(query);
      list.addEventListener('change', onChange);
      return () => list.removeEventListener('change', onChange);
    },
    () => window.matchMedia(query).matches,
    () => false,
  );
}
