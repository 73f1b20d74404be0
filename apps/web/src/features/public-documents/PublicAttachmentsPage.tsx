import { useEffect } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Link, useParams, useSearchParams } from 'react-router';
import { DownloadOutlined } from '@ant-design/icons';
import { ApiError, downloadFile } from '../../api/client';
import { documentAttachmentsQuery, publicDocumentQuery } from '../../shared/documents/api';
import { fileSize } from '../../shared/files/fileSize';

/** Spec 02 §2 /p/document/{documentId}/attachments: the files that passed the virus scan. */
export function PublicAttachmentsPage() {
  const { documentId = '' } = useParams();
  const [params] = useSearchParams();
  const share = params.get('share');
  const document = useQuery(publicDocumentQuery(documentId, share));
  const attachments = useQuery(documentAttachmentsQuery(documentId, share));
  const back = `/p/document/${documentId}${share ? `?share=${encodeURIComponent(share)}` : ''}`;
  useEffect(() => {
    if (document.data) window.document.title = `Attachments: ${document.data.title}`;
  }, [document.data]);

  const missing =
    (document.error instanceof ApiError && document.error.status === 404) ||
    (attachments.error instanceof ApiError && attachments.error.status === 404);
  if (missing)
    return (
      <div className="public-page public-page--narrow">
        <h1>Document not found</h1>
        <p>This document does not exist, or it is not published.</p>
        <Link to="/p/document/all">See all documents</Link>
      </div>
    );

  const download = async (path: string, name: string) => {
    try {
      await downloadFile(path, name);
    } catch (error) {
      // The notice's code (antd notification) is fetched only when there is something to say.
      const { notifyError } = await import('../../platform/notices/notifyError');
      notifyError(error);
    }
  };

  return (
    <div className="public-page public-page--narrow">
      <p>
        <Link to={back}>Back to the document</Link>
      </p>
      <h1>Attachments{document.data ? `: ${document.data.title}` : ''}</h1>
      {attachments.isPending ? (
        <p role="status">Loading the attachments…</p>
      ) : attachments.isError ? (
        <div role="alert">
          <p>Failed to load the attachments: {attachments.error.message}</p>
          <button type="button" className="public-button" onClick={() => void attachments.refetch()}>
            Try again
          </button>
        </div>
      ) : attachments.data.attachments.filter((file) => file.downloadPath).length === 0 ? (
        <p>This document has no attachments.</p>
      ) : (
        <ul className="public-list">
          {attachments.data.attachments
            .filter((file) => file.downloadPath)
            .map((file) => (
              <li key={file.id} className="public-list__item public-list__item--file">
                <span className="public-list__title">{file.name}</span>
                <span className="public-list__meta">{fileSize(file.size)}</span>
                <button
                  type="button"
                  className="public-button"
                  onClick={() => void download(file.downloadPath!, file.name)}
                  aria-label={`Download ${file.name}`}
                >
                  <DownloadOutlined aria-hidden /> Download
                </button>
              </li>
            ))}
        </ul>
      )}
    </div>
  );
}
