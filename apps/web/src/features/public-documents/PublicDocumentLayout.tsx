import { useLayoutEffect } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Outlet, useLocation, useOutletContext, useParams, useSearchParams } from 'react-router';
import { MAIN_CONTENT_ID, SkipLink } from '../../components/SkipLink';
import { PageMaintenance } from '../../platform/maintenance/PageMaintenance';
import { pageMaintenanceFor } from '../../platform/maintenance/maintenance';
import { useMaintenanceClock } from '../../platform/maintenance/useMaintenanceClock';
import { useTenant } from '../../platform/tenant/TenantContext';
import { useAccess } from '../../platform/session/hooks';
import { useDocumentExport } from '../../shared/document-export/useDocumentExport';
import { publicDocumentListQuery, publicDocumentQuery } from '../../shared/documents/api';
import { useTimedNotice } from '../../shared/documents/hooks';
import { revealApp } from '../../api/serverPage';
import { PublicDocumentHeader } from './PublicDocumentHeader';
import '../../shared/documents/publicDocuments.css';

const CONSULTATIONS_READ = [{ unit: 'consultations', action: 'read' }] as const;

export type PublicLayoutContext = { onCopied: (text: string) => void };

/** What the pages under the layout share: the short success notice (copied links). */
export const usePublicLayout = () => useOutletContext<PublicLayoutContext>();

/**
 * The frame of the public document pages (spec 02 §2): no side bar, the public-document header,
 * the page, and one polite live region for short notices ('Success: You copied…', for 5 s).
 * Lighter than the staff layout, whose side menu and bell the public never sees.
 */
export function PublicDocumentLayout() {
  const { documentId = null } = useParams();
  const [params] = useSearchParams();
  const share = params.get('share');
  const { pathname } = useLocation();
  const { maintenance } = useTenant();
  const now = useMaintenanceClock();
  const list = useQuery(publicDocumentListQuery);
  const document = useQuery({
    ...publicDocumentQuery(documentId ?? '', share),
    enabled: documentId !== null,
  });
  const { exportAs, progress } = useDocumentExport(documentId, { share });
  const [notice, showNotice] = useTimedNotice();
  const hasSites = Object.values(document.data?.config.entities ?? {}).some((item) => item.type === 'map');
  const underMaintenance = pageMaintenanceFor(maintenance.pages, pathname, now) !== undefined;
  // The header's links depend on who reads and how many documents there are; the page waits for
  // them, so a header that grows (a second row on a phone) never pushes the text down as it is
  // read (Lighthouse's layout shift was 0.26). The answers are small and asked for beside the page's.
  const staffAccess = useAccess(CONSULTATIONS_READ);
  const headerSettled = !list.isPending && !staffAccess.isLoading;
  useLayoutEffect(() => {
    if (underMaintenance) revealApp();
  }, [underMaintenance]);

  return (
    <div className="public-layout">
      <SkipLink />
      <PublicDocumentHeader
        documentId={document.isError ? null : documentId}
        share={share}
        documentCount={list.data?.documents.length ?? 0}
        onExport={(format, includeSiteInfo) => void exportAs(format, includeSiteInfo)}
        exporting={progress}
        hasSites={hasSites}
        onCopied={showNotice}
      />
      <main id={MAIN_CONTENT_ID} tabIndex={-1} className="public-layout__main">
        {underMaintenance ? (
          <PageMaintenance />
        ) : !headerSettled ? (
          <p className="public-page__loading" role="status">
            Loading…
          </p>
        ) : (
          <Outlet context={{ onCopied: showNotice } satisfies PublicLayoutContext} />
        )}
      </main>
      <div
        className={`public-notice${notice ? ' public-notice--shown' : ''}`}
        role="status"
        aria-live="polite"
      >
        {notice}
      </div>
    </div>
  );
}
