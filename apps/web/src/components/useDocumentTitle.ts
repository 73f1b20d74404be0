import { useEffect } from 'react';

/** The tab's title while the page is open. */
export function useDocumentTitle(title: string | undefined) {
  useEffect(() => {
    if (!title) return;
    const before = window.document.title;
    window.document.title = title;
    return () => {
      window.document.title = before;
    };
  }, [title]);
}
