import { useMemo } from 'react';
import { Link, useParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { App, Alert, Result, Spin, Tag } from 'antd';
import { documentMessages, documentOutline, type PublicDocument } from '@planning/shared';
import { ApiError } from '../../../api/client';
import { useTenant } from '../../../platform/tenant/TenantContext';
import { DocumentBody } from '../../../shared/documents/blocks/DocumentBody';
import { pageHeroId } from '../../../shared/documents/sections';
import { builderQueryKeys, fetchPreview } from '../api';
import '../../../shared/documents/publicDocuments.css';
import '../documentBuilder.css';

/**
 * /documents/preview/{documentId}: the document as the public will read it (GET
 * /documents/{id}/preview, published or not), drawn by the public page's own renderer.
 */
export function DocumentPreviewPage() {
  const { documentId = '' } = useParams();
  const { flags } = useTenant();
  const preview = useQuery({
    queryKey: builderQueryKeys.preview(documentId),
    queryFn: ({ signal }) => fetchPreview(documentId, signal),
    enabled: flags.documentBuilder,
  });
  if (!flags.documentBuilder) return <Result status="info" title={documentMessages.builderOff} />;
  if (preview.isPending)
    return (
      <div className="page page--centred" role="status" aria-label="Loading the preview">
        <Spin />
      </div>
    );
  if (preview.isError)
    return (
      <Result
        status="error"
        title={preview.error instanceof ApiError ? preview.error.message : 'Failed to load the preview'}
        extra={<Link to="/documents">Back to the documents</Link>}
      />
    );
  return <Preview document={preview.data} />;
}

function Preview({ document }: { document: PublicDocument }) {
  const { message } = App.useApp();
  const outline = useMemo(
    () => new Map(documentOutline(document.config).map((entry) => [entry.id, entry])),
    [document],
  );
  const hasHero = pageHeroId(document.config) !== null;
  return (
    <div className="page builder-preview">
      <div className="builder-preview__bar">
        <Link to={`/documents/${document.id}`}>← Back to the editor</Link>
        <Tag className={`builder-status${document.meta.isPublished ? ' is-published' : ''}`}>
          {document.meta.isPublished ? 'Published' : 'Draft'}
        </Tag>
      </div>
      <Alert
        type="info"
        showIcon
        title="Preview"
        description="The document as the public will read it. Answers cannot be given here."
      />
      <article className="builder-preview__article public-document__body" aria-label={document.title}>
        {!hasHero && <h1 className="public-document__title">{document.title}</h1>}
        <DocumentBody
          document={document}
          outline={outline}
          share={null}
          answers={[]}
          onCopied={(text) => void message.success(text)}
        />
      </article>
    </div>
  );
}
