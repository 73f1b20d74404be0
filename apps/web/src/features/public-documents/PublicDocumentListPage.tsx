import { useEffect } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { NoSiteAssessmentNotice } from '../../platform/access/NoSiteAssessmentNotice';
import { publicDocumentListQuery } from '../../shared/documents/api';

const dateFormat = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'long', year: 'numeric' });

/** Spec 02 §2 /p/document/all: the council's published documents (the landing after sign-in). */
export function PublicDocumentListPage() {
  const list = useQuery(publicDocumentListQuery);
  useEffect(() => {
    window.document.title = 'All documents';
  }, []);
  return (
    <div className="public-page public-page--narrow">
      <NoSiteAssessmentNotice />
      <h1>All documents</h1>
      {list.isPending ? (
        <p role="status">Loading the documents…</p>
      ) : list.isError ? (
        <div role="alert">
          <p>Failed to load the documents: {list.error.message}</p>
          <button type="button" className="public-button" onClick={() => void list.refetch()}>
            Try again
          </button>
        </div>
      ) : list.data.documents.length === 0 ? (
        <p>No documents have been published yet.</p>
      ) : (
        <ul className="public-list">
          {list.data.documents.map((document) => (
            <li key={document.id} className="public-list__item">
              <Link to={`/p/document/${document.id}`} className="public-list__title">
                {document.title}
              </Link>
              {document.publishedAt && (
                <span className="public-list__meta">
                  Published {dateFormat.format(new Date(document.publishedAt))}
                </span>
              )}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
