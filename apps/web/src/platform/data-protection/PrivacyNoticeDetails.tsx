import { queryOptions, useQuery } from '@tanstack/react-query';
import { consentMessages, currentPrivacyNoticeSchema } from '@planning/shared';
import { api } from '../../api/client';
import './privacyNotice.css';

/** The council's current privacy notice, shown with every public form (issue 26 point 6). */
export const privacyNoticeQuery = queryOptions({
  queryKey: ['privacy-notice', 'current'] as const,
  queryFn: ({ signal }) => api.get('/public/privacy-notice', currentPrivacyNoticeSchema, { signal }),
  staleTime: 5 * 60_000,
});

/** 'Read the privacy notice (version N)', opening to its text; nothing while the council has none. */
export function PrivacyNoticeDetails({ className }: { className?: string }) {
  const query = useQuery(privacyNoticeQuery);
  const notice = query.data?.notice;
  // Its line is kept while the notice loads: the text below it must not move when it arrives.
  if (query.isPending)
    return (
      <details className={className ?? 'privacy-notice'} aria-hidden="true">
        <summary>&nbsp;</summary>
      </details>
    );
  if (!notice) return null;
  return (
    <details className={className ?? 'privacy-notice'}>
      <summary>{consentMessages.noticeLink(notice.version)}</summary>
      <div className="privacy-notice__text">{notice.text}</div>
    </details>
  );
}
