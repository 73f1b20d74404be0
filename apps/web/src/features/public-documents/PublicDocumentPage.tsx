import { useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Link, useLocation, useParams, useSearchParams } from 'react-router';
import { answerableQuestions, documentMessages, documentOutline, type Answer } from '@planning/shared';
import { ApiError } from '../../api/client';
import { NARROW_LAYOUT, useMediaQuery } from '../../components/useMediaQuery';
// The query only: the question blocks themselves arrive lazily (blocks/DocumentBody.tsx).
import { documentAnswersQuery } from '../../shared/documents/questions/api';
import { ConsentPanel } from '../../shared/documents/questions/ConsentPanel';
import { documentStatusQuery, publicDocumentQuery } from '../../shared/documents/api';
import { ContentsList, DocumentBody } from '../../shared/documents/blocks/DocumentBody';
import { useDocumentTracking } from '../../shared/documents/hooks';
import { revealApp } from '../../api/serverPage';
import { usePublicLayout } from './PublicDocumentLayout';
import { documentLayoutClass, pageHeroId } from '../../shared/documents/sections';

const NO_ANSWERS: readonly Answer[] = [];

/** Spec 02 §2 /p/document/{documentId} (?share=token for one shared before it is published). */
export function PublicDocumentPage() {
  const { documentId = '' } = useParams();
  const [params] = useSearchParams();
  const share = params.get('share');
  const { hash } = useLocation();
  const { onCopied } = usePublicLayout();
  const document = useQuery(publicDocumentQuery(documentId, share));
  const data = document.data;
  const status = useQuery({ ...documentStatusQuery(documentId, share), enabled: Boolean(data) });
  const answers = useQuery({ ...documentAnswersQuery(documentId), enabled: Boolean(data?.viewer.signedIn) });
  const outline = useMemo(() => (data ? documentOutline(data.config) : []), [data]);
  const outlineById = useMemo(() => new Map(outline.map((entry) => [entry.id, entry])), [outline]);
  const [updated, setUpdated] = useState(false);
  // Beside the text on wide screens; folded above it on narrow ones (a contents block may follow).
  const narrow = useMediaQuery(NARROW_LAYOUT);
  useDocumentTracking(data ? documentId : null);

  // Spec 02 §4: the minute's poll found a newer version (or the document gone): read it again.
  const loadedAt = data?.meta.updatedAt;
  const polledAt = status.data?.updatedAt;
  const { refetch } = document;
  useEffect(() => {
    if (!loadedAt || !polledAt || polledAt === loadedAt) return;
    void refetch().then((result) => {
      if (result.data) setUpdated(true);
    });
  }, [loadedAt, polledAt, refetch]);
  useEffect(() => {
    if (status.error instanceof ApiError && status.error.status === 404) void refetch();
  }, [status.error, refetch]);

  // The page, or why there is none, takes the place of the server's first screen (if any) as it
  // is put on screen, before the browser paints: the same screen, so nothing moves.
  const settled = !document.isPending;
  useLayoutEffect(() => {
    if (settled) revealApp();
  }, [settled]);

  // An address with a heading's anchor: the page arrives after the browser looked for it.
  const scrolled = useRef<string | null>(null);
  useEffect(() => {
    if (!data || !hash || scrolled.current === hash) return;
    scrolled.current = hash;
    window.document.getElementById(decodeURIComponent(hash.slice(1)))?.scrollIntoView();
  }, [data, hash]);

  useEffect(() => {
    if (data) window.document.title = data.title;
  }, [data]);

  if (document.isPending)
    return (
      <p className="public-page__loading" role="status">
        Loading the document…
      </p>
    );
  if (document.isError) {
    const missing = document.error instanceof ApiError && document.error.status === 404;
    return (
      <div className="public-page public-page--narrow">
        <h1>{missing ? 'Document not found' : 'Error occurred'}</h1>
        <p>
          {missing
            ? share
              ? documentMessages.shareLinkInvalid
              : 'This document does not exist, or it is not published.'
            : document.error.message}
        </p>
        {missing ? (
          <Link to="/p/document/all">See all documents</Link>
        ) : (
          <button type="button" className="public-button" onClick={() => void document.refetch()}>
            Try again
          </button>
        )}
      </div>
    );
  }
  const doc = document.data;
  const hasHero = pageHeroId(doc.config) !== null;
  return (
    <div className={documentLayoutClass(outline.length > 0)}>
      {outline.length > 0 && (
        <aside className="public-document__side">
          <nav className="document-contents document-contents--side" aria-label="Document contents">
            {narrow ? (
              <details>
                <summary className="document-contents__title">Contents</summary>
                <ContentsList entries={outline} label="Sections" />
              </details>
            ) : (
              <>
                <p className="document-contents__title">Contents</p>
                <ContentsList entries={outline} label="Sections" />
              </>
            )}
          </nav>
        </aside>
      )}
      <article className="public-document__body" aria-label={doc.title}>
        {updated && (
          <div className="public-document__updated" role="status">
            This document has been updated since you opened it: you are now reading the latest version.
            <button
              type="button"
              className="public-button public-button--link"
              onClick={() => setUpdated(false)}
            >
              Dismiss
            </button>
          </div>
        )}
        {!doc.meta.isPublished && (
          <p className="public-document__draft">
            This document is not published: it is shown through a share link.
          </p>
        )}
        {!hasHero && <h1 className="public-document__title">{doc.title}</h1>}
        <DocumentBody
          document={doc}
          outline={outlineById}
          share={share}
          answers={answers.data?.answers ?? NO_ANSWERS}
          onCopied={onCopied}
        />
        {/* After the document, not above it: the first screen is the one the server drew (issue 25
            point 7), and a panel above it would push the text down as the app takes over. Choices
            start unticked (nothing published), and a change after answering is saved at once. */}
        {answerableQuestions(doc.config.entities).size > 0 && (
          <ConsentPanel
            documentId={doc.id}
            viewer={doc.viewer}
            recorded={answers.data?.consent}
            answered={Boolean(answers.data?.responseId)}
          />
        )}
        <p className="public-document__attachments">
          <Link to={`/p/document/${doc.id}/attachments${share ? `?share=${encodeURIComponent(share)}` : ''}`}>
            Attachments
          </Link>
        </p>
      </article>
    </div>
  );
}
