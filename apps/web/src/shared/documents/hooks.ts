import { useCallback, useEffect, useRef, useState } from 'react';
import { DOCUMENT_LIMITS } from '@planning/shared';
import { track, type TrackingEvent } from './api';
import { randomUuid } from '../../platform/randomUuid';

/**
 * Spec 02 §4 interaction tracking: 'open' when the page opens, a heartbeat every 30 s while the
 * page is visible, 'close' when it is hidden for good (pagehide) or left within the app. One view
 * id per page view. Tracking never disturbs reading: a failed call is dropped.
 */
export function useDocumentTracking(documentId: string | null) {
  useEffect(() => {
    if (!documentId) return;
    const viewId = randomUuid();
    let closed = false;
    const send = (event: TrackingEvent) => {
      track(documentId, viewId, event).catch(() => undefined);
    };
    send('open');
    const timer = window.setInterval(() => {
      if (document.visibilityState === 'visible') send('heartbeat');
    }, DOCUMENT_LIMITS.trackingHeartbeatMs);
    const close = () => {
      if (closed) return;
      closed = true;
      send('close');
    };
    window.addEventListener('pagehide', close);
    return () => {
      window.clearInterval(timer);
      window.removeEventListener('pagehide', close);
      close();
    };
  }, [documentId]);
}

/** Spec 02 §2: a copied heading link says so for 5 seconds. */
export const COPIED_NOTICE_MS = 5_000;

/** A short notice that clears itself (the copied-link success text). */
export function useTimedNotice(ms = COPIED_NOTICE_MS) {
  const [notice, setNotice] = useState<string | null>(null);
  const timer = useRef<number | undefined>(undefined);
  useEffect(() => () => window.clearTimeout(timer.current), []);
  // One function for the page's life: the document's blocks get it and render again only on change.
  const show = useCallback(
    (text: string) => {
      window.clearTimeout(timer.current);
      setNotice(text);
      timer.current = window.setTimeout(() => setNotice(null), ms);
    },
    [ms],
  );
  return [notice, show] as const;
}

/** Whether the element has come near the viewport (once true, stays true). */
export function useNearViewport<T extends Element>(margin = '200px') {
  const ref = useRef<T>(null);
  const [near, setNear] = useState(() => typeof IntersectionObserver === 'undefined');
  useEffect(() => {
    const element = ref.current;
    if (!element || near) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) {
          setNear(true);
          observer.disconnect();
        }
      },
      { rootMargin: `${margin} 0px` },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [near, margin]);
  return [ref, near] as const;
}
