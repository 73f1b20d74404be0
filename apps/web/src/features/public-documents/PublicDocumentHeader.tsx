import { DownloadOutlined, DownOutlined, LoadingOutlined, ShareAltOutlined } from '@ant-design/icons';
import { Link, useLocation } from 'react-router';
import type { DocumentExportFormat } from '@planning/shared';
import { useTenant } from '../../platform/tenant/TenantContext';
import { headerColors } from '../../platform/tenant/tenantTheme';
import { useAccess, useCurrentUser } from '../../platform/session/hooks';
import type { ExportProgress } from '../../shared/document-export/useDocumentExport';
import { MenuButton, type MenuItem } from '../../shared/public-frame/MenuButton';
import { AccountMenu } from '../../shared/public-frame/AccountMenu';

const CONSULTATIONS_READ = [{ unit: 'consultations', action: 'read' }] as const;

export type PublicDocumentHeaderProps = {
  /** The open document, if any (Download, Share and the document entries of the user menu). */
  documentId: string | null;
  share: string | null;
  /** How many documents the council has published: 'All Documents' only when more than one. */
  documentCount: number;
  /** Spec 02 §2 Download: PDF or Word, optionally with the site info spreadsheet. */
  onExport: (format: DocumentExportFormat, includeSiteInfo: boolean) => void;
  exporting: ExportProgress | null;
  /** The document has map blocks, so a site info spreadsheet can come with it. */
  hasSites: boolean;
  onCopied: (text: string) => void;
};

/**
 * Spec 02 §2 the public-document header: the council's logo and name, All Documents (when more
 * than one), Download, Share, Documents (staff who read consultations) or Log in, and the user menu.
 */
export function PublicDocumentHeader({
  documentId,
  share,
  documentCount,
  onExport,
  exporting,
  hasSites,
  onCopied,
}: PublicDocumentHeaderProps) {
  const { tenant } = useTenant();
  const { background, color } = headerColors(tenant);
  const { user } = useCurrentUser();
  const staffDocuments = useAccess(CONSULTATIONS_READ);
  const { pathname, search } = useLocation();

  const downloadItems: MenuItem[] = [
    { key: 'pdf', label: 'PDF' },
    { key: 'docx', label: 'Word' },
    ...(hasSites
      ? [
          { key: 'divider', divider: true as const },
          { key: 'pdf+sites', label: 'PDF with site information spreadsheet' },
          { key: 'docx+sites', label: 'Word with site information spreadsheet' },
        ]
      : []),
  ];
  const handleDownload = (key: string) => {
    const [format, sites] = key.split('+') as [DocumentExportFormat, string | undefined];
    onExport(format, sites === 'sites');
  };

  const handleShare = async () => {
    const url = new URL(window.location.href);
    url.hash = '';
    try {
      await navigator.clipboard.writeText(url.toString());
      onCopied('Success: You copied the link to this document to your clipboard');
    } catch {
      onCopied('The link could not be copied: your browser did not allow it');
    }
  };

  return (
    <header className="public-header" style={{ background, color }}>
      <Link to="/p/document/all" className="public-header__brand" style={{ color }}>
        {tenant.logo && <img className="public-header__logo" src={tenant.logo} alt="" />}
        <span className="public-header__name">{tenant.rawName}</span>
      </Link>
      <nav className="public-header__end" aria-label="Document">
        {documentCount > 1 && (
          <Link className="public-header__link" to="/p/document/all" style={{ color }}>
            All Documents
          </Link>
        )}
        {documentId && (
          <>
            <MenuButton
              className="public-header__button"
              style={{ color }}
              items={downloadItems}
              onSelect={handleDownload}
              disabled={exporting !== null}
              menuLabel="Download as"
            >
              {exporting ? <LoadingOutlined aria-hidden /> : <DownloadOutlined aria-hidden />}
              {exporting
                ? `Preparing ${exporting.format === 'pdf' ? 'PDF' : 'Word'}${exporting.total ? ` (step ${Math.min(exporting.done + 1, exporting.total)} of ${exporting.total})` : ''}…`
                : 'Download'}
              {!exporting && <DownOutlined aria-hidden />}
            </MenuButton>
            <button
              type="button"
              className="public-header__button"
              onClick={() => void handleShare()}
              style={{ color }}
            >
              <ShareAltOutlined aria-hidden />
              Share
            </button>
          </>
        )}
        {user === null && (
          <Link
            className="public-header__link"
            to={`/consultations/login?returnUrl=${encodeURIComponent(pathname + search)}`}
            style={{ color }}
          >
            Log in
          </Link>
        )}
        {user?.kind === 'staff' && staffDocuments.permitted && (
          <Link className="public-header__link" to="/documents" style={{ color }}>
            Documents
          </Link>
        )}
        {user && <PublicUserMenu documentId={documentId} share={share} color={color} />}
      </nav>
    </header>
  );
}

/**
 * Spec 02 §2: the user menu shows Document, Attachments, My responses and Communications
 * preferences only for a consultation account and only with a document open; Log out always.
 */
function PublicUserMenu({
  documentId,
  share,
  color,
}: {
  documentId: string | null;
  share: string | null;
  color: string;
}) {
  const { user } = useCurrentUser();
  if (!user) return null;
  const resident = user.kind === 'public';
  const query = share ? `?share=${encodeURIComponent(share)}` : '';
  const items: MenuItem[] = [
    ...(resident && documentId
      ? [
          { key: `/p/document/${documentId}${query}`, label: 'Document' },
          { key: `/p/document/${documentId}/attachments${query}`, label: 'Attachments' },
        ]
      : []),
    ...(resident
      ? [
          { key: '/p/document/my-responses', label: 'My responses' },
          { key: '/p/document/preferences', label: 'Communications preferences' },
        ]
      : []),
  ];
  return <AccountMenu items={items} home="/p/document/all" color={color} />;
}
